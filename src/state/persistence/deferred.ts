/**
 * When the case storage writes (the address bar, the drafts): at most once per `throttleMs` (trailing), never while a
 * run is in flight (a write due then waits until its outcome has landed and been painted: encoding a large case must
 * not delay the verdict), and only once the link of the case is encoded (in slices, see whenLinkEncoded), so the
 * write's own encoding costs nothing. Persist calls the storage on every store change; this decides which become writes.
 */
import { sameCase, type Case } from '../../engine/case.ts';
import type { LinkEncoder } from '../linkEncoder.ts';

export interface DeferredSpec {
  throttleMs: number;
  links: Pick<LinkEncoder, 'whenLinkEncoded'>;
  /** The case whose link the write will ask for. */
  caseToEncode(): Case;
  /** Writes what is latest now. */
  write(): void;
}

/** A storage's write, deferred. */
export interface Deferred {
  /** What to write changed: write within the throttle's interval. */
  changed(): void;
  /** Write once the link is encoded, without the throttle or a wait for the run (a hold; a link opened over the draft). */
  soon(): void;
  /** Whether a run is in flight now (the store's run, seen on every change). */
  running(inFlight: boolean): void;
  /** Writes now, dropping what was pending (the page goes away; a link is about to be copied). */
  flush(): void;
  /** Drops what was pending. */
  cancel(): void;
}

export function deferredWrite(spec: DeferredSpec): Deferred {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let waitingForRun = false;
  let cancelPaint: (() => void) | null = null;
  let cancelLink: (() => void) | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    waitingForRun = false;
    cancelPaint?.();
    cancelPaint = null;
    cancelLink?.();
    cancelLink = null;
  };
  const flush = () => {
    cancel();
    spec.write();
  };
  const encodeThenWrite = () => {
    const encoding = spec.caseToEncode();
    let called = false;
    const stop = spec.links.whenLinkEncoded(encoding, () => {
      called = true;
      cancelLink = null;
      // The case may change while its link is sliced: the newer case's link is the one the write will ask for.
      if (sameCase(spec.caseToEncode(), encoding)) flush();
      else encodeThenWrite();
    });
    if (!called) cancelLink = stop;
  };
  const due = () => {
    timer = null;
    if (inFlight) waitingForRun = true;
    else encodeThenWrite();
  };
  return {
    changed: () => {
      // A write already waiting (for the run, a paint or the link) writes what is latest then.
      if (timer === null && !waitingForRun && !cancelPaint && !cancelLink) timer = setTimeout(due, spec.throttleMs);
    },
    soon: () => {
      cancel();
      encodeThenWrite();
    },
    running: (now) => {
      inFlight = now;
      if (now || !waitingForRun) return;
      waitingForRun = false;
      cancelPaint = afterNextPaint(() => {
        cancelPaint = null;
        encodeThenWrite();
      });
    },
    flush,
    cancel,
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
