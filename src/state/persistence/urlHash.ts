/** The URL hash as a storage: the one place the fragment is written (through the writer), and where a pasted link is read back. */
import { readLink } from '../permalink.ts';
import { normalizeCase, sameCase } from '../../engine/case.ts';
import { exampleCase, exampleLink, findExample } from '../../examples/links.ts';
import { type PlaygroundState, type PlaygroundStore } from '../store.ts';
import { startWriter } from './writer.ts';
import { createLinkEncoder, type LinkEncoder } from '../linkEncoder.ts';

/** What URL sync needs from the browser (passed in so tests can fake it). */
export interface UrlTarget {
  location: { hash: string; pathname: string; search: string };
  history: { replaceState(data: unknown, unused: string, url: string): void; pushState?(data: unknown, unused: string, url: string): void };
  addEventListener(type: 'hashchange', listener: (e: { newURL: string }) => void): void;
  removeEventListener(type: 'hashchange', listener: (e: { newURL: string }) => void): void;
}

/** A running URL sync. */
export interface UrlSync {
  /** Writes a pending change now (before copying the link). */
  flush(): void;
  stop(): void;
}

/** The `#example/<id>` link while the case on screen is that gallery example, unedited; else null. */
export function openExampleLink(s: PlaygroundState): string | null {
  const example = s.exampleId === null ? undefined : findExample(s.exampleId);
  return example && sameCase(exampleCase(example), s) ? exampleLink(example.id) : null;
}

/**
 * Mirrors the case into `location.hash` via `history.replaceState`, at most once per `throttleMs` (trailing) and only
 * when the link changed, and clears it while the case is too large for a link; an open, unedited example keeps its
 * short `#example/<id>` link. Picking an example in the app pushes a history entry (the case it replaces keeps its own
 * link in the entry before), so Back returns to that case. Opens a link the user pastes into the address bar of the
 * open app, or goes Back or Forward to (`hashchange`).
 */
export function startUrlSync(store: PlaygroundStore, target: UrlTarget, throttleMs = 1000, links: LinkEncoder = createLinkEncoder()): UrlSync {
  // Encoding is done at the write, not per keystroke: deflating a large case costs milliseconds. A case too large for
  // a link gets no fragment rather than an older case's. Safari throttles replaceState (about 50 calls per 30 s).
  const writer = startWriter(store, {
    throttleMs,
    changed: (a, b) => !sameCase(a, b),
    links,
    write: () => {
      const hash = hashOf(store.getState());
      // Compared with the address bar itself, not with the last link written: a navigation may have changed it since.
      if (hash === target.location.hash) return;
      // No fragment: the page's own path and query (an empty URL would leave the address bar as it is).
      target.history.replaceState(null, '', hash || `${target.location.pathname}${target.location.search}`);
    },
  });
  // replaceState never fires hashchange, so this runs only for links the user navigates to. The link is the event's
  // own URL, not location's: a throttled write of the case being edited can run between the navigation and this event
  // and put that case's link back in the address bar, and the navigated-to link would then be lost.
  const onHashChange = (e: { newURL: string }) => {
    const at = e.newURL.indexOf('#');
    const hash = at < 0 ? '' : e.newURL.slice(at);
    // Not compared with the last link written: while an edit waits for its throttled write the address bar still holds
    // that link, and a user going to it again wants its case back.
    if (hash === '' || hash === '#') return;
    const link = readLink(hash);
    const { loadCase, setBanner } = store.getState();
    if (!link.ok) return setBanner({ tone: 'error', text: `${link.error} The case you were editing is unchanged.` });
    // The address bar holds the link again at once if a write raced in: the case the app shows is the link's.
    if (target.location.hash !== hash) target.history.replaceState(null, '', hash);
    loadCase(link.state, link.example, { linked: true });
  };
  const hashOf = (s: PlaygroundState): string => {
    const example = openExampleLink(s);
    if (example) return example;
    const link = links.linkOf(normalizeCase(s));
    return link.ok ? link.link : '';
  };
  // An example picked in the app (not navigated to: the address bar would already hold its link): the entry the user
  // leaves gets the case being replaced, and the example a new entry.
  const unsubscribe = store.subscribe((next, prev) => {
    const example = openExampleLink(next);
    if (!example || next.exampleId === prev.exampleId || target.location.hash === example || !target.history.pushState) return;
    writer.cancel();
    const before = hashOf(prev);
    if (before !== target.location.hash) target.history.replaceState(null, '', before || `${target.location.pathname}${target.location.search}`);
    target.history.pushState(null, '', example);
  });
  target.addEventListener('hashchange', onHashChange);
  return {
    flush: writer.flush,
    stop: () => {
      unsubscribe();
      writer.stop();
      target.removeEventListener('hashchange', onHashChange);
    },
  };
}
