/** Background work (URL sync, autosave) that must not stand between an edit and its verdict on screen. */
import type { LinkEncoder } from '../linkEncoder.ts';
import { normalizeCase, sameCase } from '../../engine/case.ts';
import { type PlaygroundStore } from '../store.ts';

/**
 * Runs `fn` now, or, while a run is in flight, once its outcome has landed and been painted: deflating a large case
 * for the link or the autosave then does not delay the verdict. Either way `fn` waits until the link of the case on
 * screen is encoded (in slices, see whenLinkEncoded), so the encoding it does costs nothing. Returns a cancel.
 */
export function afterRun(store: PlaygroundStore, links: Pick<LinkEncoder, 'whenLinkEncoded'>, fn: () => void): () => void {
  let cancelLink: (() => void) | null = null;
  const whenEncoded = () => {
    const state = normalizeCase(store.getState());
    // The case may change while its link is sliced: the newer case's link is the one `fn` will ask for.
    cancelLink = links.whenLinkEncoded(state, () => (!sameCase(normalizeCase(store.getState()), state) ? whenEncoded() : fn()));
  };
  if (store.getState().run.kind !== 'evaluating') {
    whenEncoded();
    return () => cancelLink?.();
  }
  let cancelPaint: (() => void) | null = null;
  const unsubscribe = store.subscribe((s) => {
    if (s.run.kind === 'evaluating') return;
    unsubscribe();
    cancelPaint = afterNextPaint(whenEncoded);
  });
  return () => {
    unsubscribe();
    cancelPaint?.();
    cancelLink?.();
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
