/** The one way the case is written out (URL hash, drafts): a store subscriber with one throttle, kept out of a run's way. */
import type { PlaygroundState, PlaygroundStore } from '../store.ts';
import type { LinkEncoder } from '../linkEncoder.ts';
import { afterRun } from './afterRun.ts';

/** Creates a trailing throttle: `fn` runs at most once per `ms` with the latest arguments; `flush` runs a pending call now. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { flush(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const call = (...args: A) => {
    pending = args;
    timer ??= setTimeout(run, ms);
  };
  return Object.assign(call, {
    flush: run,
    cancel: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  });
}

/** What a storage writes and when. */
export interface WriterSpec {
  /** At most one write per this many ms (trailing). */
  throttleMs: number;
  /** The store change calls for a write. */
  changed(next: PlaygroundState, prev: PlaygroundState): boolean;
  /** Writes the store as it is now. */
  write(): void;
  /** The page's link encoder: a write waits until the link of the case on screen is encoded. */
  links: Pick<LinkEncoder, 'whenLinkEncoded'>;
}

/** A running writer. */
export interface Writer {
  /** Writes now, dropping the pending write. */
  flush(): void;
  /** Drops the pending write. */
  cancel(): void;
  stop(): void;
}

/**
 * Calls `write` once per `throttleMs` after the store `changed`; at the throttle's end the write waits for a run in flight
 * to land and paint: encoding a large case for a link or a draft must not delay its verdict.
 */
export function startWriter(store: PlaygroundStore, spec: WriterSpec): Writer {
  let cancelWait: (() => void) | null = null;
  const cancel = () => {
    tick.cancel();
    cancelWait?.();
    cancelWait = null;
  };
  const flush = () => {
    cancel();
    spec.write();
  };
  const tick = throttle(() => {
    if (cancelWait) return;
    let wrote = false;
    const cancelRun = afterRun(store, spec.links, () => {
      wrote = true;
      flush();
    });
    if (!wrote) cancelWait = cancelRun;
  }, spec.throttleMs);
  const unsubscribe = store.subscribe((next, prev) => {
    if (spec.changed(next, prev)) tick();
  });
  return {
    flush,
    cancel,
    stop: () => {
      cancel();
      unsubscribe();
    },
  };
}
