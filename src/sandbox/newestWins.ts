/** Newest request wins: the app's one authority on evaluation order (the live evaluation and the frame trust it). */

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
  let lastId = 0;
  let pending: { id: number; resolve: (value: T) => void } | null = null;
  const settle = (id: number, value: T): boolean => {
    if (pending?.id !== id) return false;
    const { resolve } = pending;
    pending = null;
    resolve(value);
    return true;
  };
  const settleAny = (value: T) => void (pending && settle(pending.id, value));
  return {
    open() {
      settleAny(stale);
      const id = ++lastId;
      const outcome = new Promise<T>((resolve) => {
        pending = { id, resolve };
      });
      return { id, outcome };
    },
    settle,
    isPending: (id) => pending?.id === id,
    settleAny,
  };
}
