/**
 * When the app loads Monaco (about 1 MB gzip): not before the first verdict is on screen, so it does not compete with
 * the first evaluation for the network and a small machine's cores. The editors show their text read-only until then.
 * The gate itself is the UI store's `monacoOpen` (uiStore.ts).
 */
import type { PlaygroundStore } from '../../state/store.ts';
import { afterPaint } from '../afterPaint.ts';
import type { UiStore } from '../uiStore.ts';

/** Run states after which the first evaluation is over (or will not start by itself). */
const SETTLED = new Set(['done', 'timeout', 'crash', 'held']);

/**
 * Opens the gate once the first run has settled and its result is painted, or after `fallbackMs`, whichever is first.
 * The fallback is generous: on a loaded 2-core machine the first verdict can take seconds, and Monaco loading beside
 * it makes it later still; a user who clicks or tabs into an editor gets Monaco at once anyway.
 */
export function openMonacoAfterFirstVerdict(store: PlaygroundStore, ui: UiStore, fallbackMs = 5000): void {
  const openMonaco = () => ui.getState().openMonaco();
  let timer = setTimeout(() => openMonaco(), fallbackMs);
  let firstSeen = false;
  const settled = () => {
    unsubscribe();
    clearTimeout(timer);
    afterPaint(() => openMonaco(), 200);
  };
  const unsubscribe = store.subscribe((s) => {
    if (SETTLED.has(s.run.kind)) settled();
    else if (s.run.kind === 'evaluating' && s.run.first && !firstSeen) {
      // The first report is on screen and the full one is coming from a second worker: Monaco's compile would compete
      // with that worker for the CPU, so the fallback starts over (once).
      firstSeen = true;
      clearTimeout(timer);
      timer = setTimeout(() => openMonaco(), fallbackMs);
    }
  });
  if (SETTLED.has(store.getState().run.kind)) settled();
}
