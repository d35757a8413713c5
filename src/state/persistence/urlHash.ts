/** The URL and the store: the one place the fragment is written (throttled), and where a pasted link is read back. */
import { encodePermalink, readLink, tooLargeForLink } from '../permalink.ts';
import { afterRun } from './afterRun.ts';
import { caseChanged, selectCase, type PlaygroundStore } from '../store.ts';

/** What URL sync needs from the browser (passed in so tests can fake it). */
export interface UrlTarget {
  location: { hash: string; pathname: string; search: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/** A running URL sync. */
export interface UrlSync {
  /** Writes a pending change now (before copying the link). */
  flush(): void;
  stop(): void;
}

/**
 * Mirrors the case into `location.hash` via `history.replaceState`, at most once per `throttleMs` (trailing) and only
 * when the link changed, and clears it while the case is too large for a link; opens a link the user pastes into the
 * address bar of the open app (`hashchange`).
 */
export function startUrlSync(store: PlaygroundStore, target: UrlTarget, throttleMs = 1000): UrlSync {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelWait: (() => void) | null = null;
  let lastWritten = target.location.hash;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    cancelWait?.();
    cancelWait = null;
    // Encoding is done here, not per keystroke: deflating a large case costs milliseconds. A case too large for a
    // link gets none (its deflate would block the page for seconds, and the link would not open): the address bar
    // then holds no fragment rather than an older case's.
    const state = selectCase(store.getState());
    const hash = tooLargeForLink(state) ? '' : encodePermalink(state);
    if (hash === lastWritten) return;
    lastWritten = hash;
    // No fragment: the page's own path and query (an empty URL would leave the address bar as it is).
    target.history.replaceState(null, '', hash || `${target.location.pathname}${target.location.search}`);
  };
  /** The throttle's end: writes now, or once the run in flight has landed. */
  const waitForRun = () => {
    timer = null;
    let wrote = false;
    const cancel = afterRun(store, () => {
      wrote = true;
      flush();
    });
    if (!wrote) cancelWait = cancel;
  };
  // Safari throttles replaceState (about 50 calls per 30 s), so changes are coalesced.
  const unsubscribe = store.subscribe((next, prev) => {
    // The write waits for a run in flight to land: a large case's deflate must not delay its verdict.
    if (caseChanged(next, prev) && timer === null && cancelWait === null) timer = setTimeout(waitForRun, throttleMs);
  });
  // replaceState never fires hashchange, so this runs only for links the user navigates to.
  const onHashChange = () => {
    const hash = target.location.hash;
    if (hash === lastWritten || hash === '' || hash === '#') return;
    const link = readLink(hash);
    const { loadCase, setBanner } = store.getState();
    if (!link.ok) return setBanner({ tone: 'error', text: `${link.error} The case you were editing is unchanged.` });
    lastWritten = hash;
    loadCase(link.state, link.example, { linked: true });
  };
  target.addEventListener('hashchange', onHashChange);
  return {
    flush,
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      cancelWait?.();
      unsubscribe();
      target.removeEventListener('hashchange', onHashChange);
    },
  };
}
