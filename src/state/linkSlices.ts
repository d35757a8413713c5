/** A giant case's link deflated one slice per task, so the page stays responsive; state/linkEncoder.ts owns the jobs. */
import { Deflate } from 'fflate';
import type { Case } from '../engine/case.ts';

/** Payloads up to this many bytes are deflated at once; a larger one, one slice of this size per task (about 100 ms at level 9 on the busy 2-core runner). */
export const LINK_SLICE_BYTES = 16 * 1024;

/** The deflate level of every link. */
export const LEVEL = { level: 9 } as const;

/** A link being deflated in slices, and who waits for it. */
export interface SliceJob {
  state: Case;
  waiters: Set<{ fn: () => void }>;
  stop(): void;
}

/** Starts deflating `bytes` one slice per task into `jobs`; when done, `done` gets the deflated bytes, then the waiters run. */
export function sliceDeflate(state: Case, bytes: Uint8Array, jobs: SliceJob[], done: (deflated: Uint8Array) => void): SliceJob {
  const out: Uint8Array[] = [];
  const stream = new Deflate(LEVEL, (chunk) => out.push(chunk));
  let at = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const job: SliceJob = {
    state,
    waiters: new Set(),
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const i = jobs.indexOf(job);
      if (i !== -1) jobs.splice(i, 1);
    },
  };
  const step = () => {
    const end = Math.min(at + LINK_SLICE_BYTES, bytes.length);
    stream.push(bytes.subarray(at, end), end === bytes.length);
    at = end;
    if (at < bytes.length) {
      timer = setTimeout(step, 0);
      return;
    }
    job.stop();
    done(concat(out));
    for (const w of job.waiters) w.fn();
  };
  timer = setTimeout(step, 0);
  jobs.push(job);
  return job;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}
