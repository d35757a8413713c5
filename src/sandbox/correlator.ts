/**
 * The one request/response correlator of the sandbox: a uid counter and a map of the requests waiting for their answer,
 * as the Svelte REPL's client of its bundler worker keeps them. Every request that crosses a thread and waits for a
 * reply goes through one: the schema worker's engine chunks (worker.ts) and the frame's (frameChunks.ts), the client
 * realm's checks (workerClients.ts), and the app's evaluations (newestWins.ts, the newest-wins order on top).
 * A reply names its request by the id it was posted under; a reply for no waiting id (late, repeated, forged) is
 * dropped. It holds no port itself: `ask` hands the id to the caller's post.
 */

/** The requests one side has posted and not yet had answered. */
export interface Correlator<T> {
  /**
   * Opens a request under a new id, runs `post(id)` to send it (a throw from it closes the request and rejects), and
   * returns what the reply settles.
   */
  ask(post: (id: number) => void): Promise<T>;
  /** The same, for a caller that needs the id beside the promise. */
  open(post?: (id: number) => void): { id: number; answer: Promise<T> };
  /** Resolves request `id` with `value`; false when no such request waits (answered already, never asked). */
  resolve(id: number, value: T): boolean;
  /** Rejects request `id` with `error`; false when no such request waits. */
  reject(id: number, error: Error): boolean;
  /** Resolves every waiting request with `value` (a superseded request's stale answer, a lost realm's outcome). */
  resolveAll(value: T): void;
  /** Rejects every waiting request with `error` (the other side was ended). */
  rejectAll(error: Error): void;
  /** Request `id` waits for its reply. */
  waiting(id: number): boolean;
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** A new correlator; its ids start at 1 and rise with every request. */
export function createCorrelator<T>(): Correlator<T> {
  const waiters = new Map<number, Waiter<T>>();
  let uid = 1;
  const take = (id: number): Waiter<T> | undefined => {
    const w = waiters.get(id);
    waiters.delete(id);
    return w;
  };
  const drain = (): Waiter<T>[] => {
    const all = [...waiters.values()];
    waiters.clear();
    return all;
  };
  const open = (post?: (id: number) => void): { id: number; answer: Promise<T> } => {
    const id = uid++;
    const answer = new Promise<T>((resolve, reject) => {
      waiters.set(id, { resolve, reject });
    });
    if (post) {
      try {
        post(id);
      } catch (e) {
        take(id)?.reject(e instanceof Error ? e : new Error(String(e)));
      }
    }
    return { id, answer };
  };
  return {
    ask: (post) => open(post).answer,
    open,
    resolve: (id, value) => {
      const w = take(id);
      w?.resolve(value);
      return w !== undefined;
    },
    reject: (id, error) => {
      const w = take(id);
      w?.reject(error);
      return w !== undefined;
    },
    resolveAll: (value) => {
      for (const w of drain()) w.resolve(value);
    },
    rejectAll: (error) => {
      for (const w of drain()) w.reject(error);
    },
    waiting: (id) => waiters.has(id),
  };
}
