/**
 * The waterfall's per-thread JavaScript time (bench/waterfall.ts): nested trace events count once, clipped to the window;
 * and the CPU profile's samples summed per thread, file and function.
 */
import { describe, expect, it } from 'vitest';
import { sampledSelfTimes, threadTimes, type TraceEvent } from '../bench/waterfall.ts';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } });
const x = (name: string, pid: number, tid: number, fromMs: number, toMs: number): TraceEvent => ({ name, ph: 'X', ts: fromMs * 1000, dur: (toMs - fromMs) * 1000, pid, tid });

describe('threadTimes', () => {
  it('counts a compile nested in a script evaluation once, and apart as compile time', () => {
    const events = [meta(1, 1, 'CrRendererMain'), x('EvaluateScript', 1, 1, 10, 50), x('v8.compile', 1, 1, 10, 30), x('V8.CompileCode', 1, 1, 12, 20)];
    expect(threadTimes(events, 0, 100)).toEqual([{ thread: 'CrRendererMain (process 1)', key: '1:1', compileMs: 20, jsMs: 40 }]);
  });

  it('clips events to the window and leaves out what is not JavaScript', () => {
    const events = [meta(2, 7, 'DedicatedWorker thread'), x('FunctionCall', 2, 7, 90, 130), x('Layout', 2, 7, 0, 100), x('FunctionCall', 2, 7, 200, 300)];
    expect(threadTimes(events, 0, 100)).toEqual([{ thread: 'DedicatedWorker thread (process 1)', key: '2:7', compileMs: 0, jsMs: 10 }]);
  });

  it('keeps threads apart, busiest first, and drops those under a millisecond', () => {
    const events = [meta(1, 1, 'CrRendererMain'), meta(2, 5, 'DedicatedWorker thread'), x('FunctionCall', 1, 1, 0, 5), x('EvaluateScript', 2, 5, 0, 60), x('FunctionCall', 1, 2, 0, 0.5)];
    expect(threadTimes(events, 0, 100).map((t) => [t.thread, t.jsMs])).toEqual([
      ['DedicatedWorker thread (process 2)', 60],
      ['CrRendererMain (process 1)', 5],
    ]);
  });
});

describe('sampledSelfTimes', () => {
  it('gives each sample to the function on top and its file, per thread, leaving out idle time', () => {
    const node = (id: number, functionName: string, url: string) => ({ id, callFrame: { functionName, url } });
    const chunk = (tid: number, id: string, nodes: ReturnType<typeof node>[], samples: number[], timeDeltas: number[]) =>
      ({ name: 'ProfileChunk', ph: 'P', ts: 0, pid: 1, tid, id, args: { data: { cpuProfile: { nodes, samples }, timeDeltas } } }) as unknown as TraceEvent;
    const events = [
      { name: 'Profile', ph: 'P', ts: 0, pid: 1, tid: 3, id: '0x1' } as unknown as TraceEvent,
      // A later chunk of the same profile comes from the sampler's thread, and names only the nodes it adds.
      chunk(3, '0x1', [node(1, '(idle)', ''), node(2, 'parse', 'http://x/assets/index-A.js')], [2, 2, 1], [1000, 2000, 5000]),
      chunk(9, '0x1', [node(3, 'tokenize', 'http://x/assets/editor.api-B.js')], [3, 2], [4000, 500]),
    ];
    expect(sampledSelfTimes(events)).toEqual([
      { key: '1:3', byFile: [['editor.api-B.js', 4], ['index-A.js', 3.5]], byFunction: [['tokenize editor.api-B.js', 4], ['parse index-A.js', 3.5]] },
    ]);
  });
});
