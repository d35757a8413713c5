/** Background work (URL sync, autosave) that must not stand between an edit and its verdict on screen. */
import type { PlaygroundStore } from '../store.ts';

/**
 * Runs `fn` now, or, while a run is in flight, once its outcome has landed and been painted: deflating a large case
 * for the link or the autosave then does not delay the verdict. Returns a cancel.
 */
export function afterRun(store: PlaygroundStore, fn: () => void): () => void {
  if (store.getState().run.kind !== 'evaluating') {
    fn();
    return () => {};
  }
  let cancelPaint: (() => void) | null = null;
  const unsubscribe = store.subscribe((s) => {
    if (s.run.kind === 'evaluating') return;
    unsubscribe();
    cancelPaint = afterNextPaint(fn);
  });
  return () => {
    unsubscribe();
    cancelPaint?.();
  };
}

/** `fn` after the browser painted the next frame (a timer queued from an animation frame); a plain timer elsewhere. */
function afterNextPaint(fn: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
  };
}
