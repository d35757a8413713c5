/**
 * Newest request wins: the app's one authority on evaluation order (the live evaluation and the frame trust it).
 * Built on the sandbox's correlator (correlator.ts): opening a request first answers every one still waiting with the
 * stale value, so at most one waits, the newest, and a late reply for a superseded id finds nothing to settle.
 */
import { createCorrelator } from './correlator.ts';

/** The requests of one evaluator: at most one is pending, the newest. */
export interface NewestWins<T> {
  /** Opens the next request, settling the one still pending (now superseded) with the stale value. */
  open(): { id: number; outcome: Promise<T> };
  /** Resolves request `id` if it is the one pending; a superseded or settled request is ignored (returns false). */
  settle(id: number, value: T): boolean;
  /** Request `id` is the one pending. */
  isPending(id: number): boolean;
  /** Settles the pending request, whatever its id, with `value` (a frame that cannot start, a disposed evaluator). */
  settleAny(value: T): void;
}

/** The requests of a new evaluator; `stale` is what a superseded request resolves to. */
export function newestWins<T>(stale: T): NewestWins<T> {
  const requests = createCorrelator<T>();
  return {
    open() {
      requests.resolveAll(stale);
      const { id, answer } = requests.open();
      return { id, outcome: answer };
    },
    settle: requests.resolve,
    isPending: requests.waiting,
    settleAny: requests.resolveAll,
  };
}
