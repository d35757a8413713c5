/**
 * Side runs: evaluations the app makes beside the live one (the compare view's version cells, the checks behind a
 * proposed fix). They go to a second sandbox frame of their own, created on first use, one at a time in the order
 * asked, so they never supersede the live verdict (the live evaluator's newest request wins) nor each other.
 * Each schema text still runs in its own realm there (the frame's rule), and each report is checked by the caller
 * like any other (state/reportCheck.ts).
 */
import type { Case } from '../engine/case.ts';
import type { Evaluator, Outcome } from './protocol.ts';

/** The queue of side runs over one lazily created evaluator. */
export interface SideRuns {
  /** Runs `c` after the side runs asked for before it; resolves `stale` once the queue was cleared or disposed. */
  run(c: Case): Promise<Outcome>;
  /** Drops the runs not started yet (they resolve `stale`); the one running finishes. */
  clear(): void;
  dispose(): void;
}

/** A side-run queue; `create` makes its evaluator (host.ts createEvaluator) on the first run. */
export function createSideRuns(create: () => Evaluator): SideRuns {
  let evaluator: Evaluator | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  let generation = 0;
  let disposed = false;
  return {
    run(c) {
      const asked = generation;
      const outcome = tail.then((): Promise<Outcome> | Outcome => {
        if (disposed || asked !== generation) return { kind: 'stale' };
        evaluator ??= create();
        return evaluator.evaluate(c);
      });
      tail = outcome;
      return outcome;
    },
    clear() {
      generation++;
    },
    dispose() {
      disposed = true;
      generation++;
      evaluator?.dispose();
    },
  };
}
