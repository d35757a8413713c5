/** The waterfall's per-thread JavaScript time (bench/waterfall.ts): nested trace events count once, clipped to the window. */
import { describe, expect, it } from 'vitest';
import { threadTimes, type TraceEvent } from '../bench/waterfall.ts';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } });
const x = (name: string, pid: number, tid: number, fromMs: number, toMs: number): TraceEvent => ({ name, ph: 'X', ts: fromMs * 1000, dur: (toMs - fromMs) * 1000, pid, tid });

describe('threadTimes', () => {
  it('counts a compile nested in a script evaluation once, and apart as compile time', () => {
    const events = [meta(1, 1, 'CrRendererMain'), x('EvaluateScript', 1, 1, 10, 50), x('v8.compile', 1, 1, 10, 30), x('V8.CompileCode', 1, 1, 12, 20)];
    expect(threadTimes(events, 0, 100)).toEqual([{ thread: 'CrRendererMain (process 1)', compileMs: 20, jsMs: 40 }]);
  });

  it('clips events to the window and leaves out what is not JavaScript', () => {
    const events = [meta(2, 7, 'DedicatedWorker thread'), x('FunctionCall', 2, 7, 90, 130), x('Layout', 2, 7, 0, 100), x('FunctionCall', 2, 7, 200, 300)];
    expect(threadTimes(events, 0, 100)).toEqual([{ thread: 'DedicatedWorker thread (process 1)', compileMs: 0, jsMs: 10 }]);
  });

  it('keeps threads apart, busiest first, and drops those under a millisecond', () => {
    const events = [meta(1, 1, 'CrRendererMain'), meta(2, 5, 'DedicatedWorker thread'), x('FunctionCall', 1, 1, 0, 5), x('EvaluateScript', 2, 5, 0, 60), x('FunctionCall', 1, 2, 0, 0.5)];
    expect(threadTimes(events, 0, 100).map((t) => [t.thread, t.jsMs])).toEqual([
      ['DedicatedWorker thread (process 2)', 60],
      ['CrRendererMain (process 1)', 5],
    ]);
  });
});
