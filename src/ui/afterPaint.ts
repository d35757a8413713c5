/** Work that must not stand between an edit or a verdict and its paint: run once the frame is painted, or idle. */
import { useEffect, useState } from 'react';

/** Runs `fn` after the next paint and, where the browser offers it, once the page is idle (at most `timeoutMs` later). Returns a cancel. */
export function afterPaint(fn: () => void, timeoutMs = 500): () => void {
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // A timer queued from an animation frame runs after that frame is painted.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      timer = null;
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fn, { timeout: timeoutMs });
      else fn();
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}

/**
 * A value computed after paint from `deps` (e.g. an editor's markers from its text and the report): `initial` until
 * the first computation, then the last one's result; a change of `deps` before it ran cancels it.
 */
export function useAfterPaint<T>(compute: () => T, deps: readonly unknown[], initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(
    () =>
      afterPaint(() => {
        const next = compute();
        setValue(() => next);
      }),
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's dependencies, as for useMemo
    deps,
  );
  return value;
}
