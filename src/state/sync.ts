/** The one place the URL is written: a store subscription that mirrors the case into the fragment, throttled. */
import { encodePermalink } from './permalink.ts';
import { caseChanged, selectCase, type PlaygroundStore } from './store.ts';

/** What URL sync needs from the browser (passed in so tests can fake it). */
export interface UrlTarget {
  location: { hash: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
}

/** A running URL sync. */
export interface UrlSync {
  /** Writes a pending change now (before copying the link). */
  flush(): void;
  stop(): void;
}

/** Mirrors the case into `location.hash` via `history.replaceState`, at most once per `throttleMs` (trailing), only on change. */
export function startUrlSync(store: PlaygroundStore, target: UrlTarget, throttleMs = 1000): UrlSync {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastWritten = target.location.hash;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    // Encoding is done here, not per keystroke: deflating a large case costs milliseconds.
    const hash = encodePermalink(selectCase(store.getState()));
    if (hash === lastWritten) return;
    lastWritten = hash;
    target.history.replaceState(null, '', hash);
  };
  // Safari throttles replaceState (about 50 calls per 30 s), so changes are coalesced.
  const unsubscribe = store.subscribe((next, prev) => {
    if (caseChanged(next, prev) && timer === null) timer = setTimeout(flush, throttleMs);
  });
  return {
    flush,
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    },
  };
}
