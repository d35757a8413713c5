/**
 * The status line says how long the user waited, from the edit to the full report (a busy sandbox's queue included),
 * and the engine's own time in its detail: "Evaluated in 614 ms" after a 4.9 s wait is what it must not say.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/engine/report.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Evaluator, Outcome } from '../src/sandbox/protocol.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { describeRun } from '../src/ui/StatusLine.tsx';

describe('the status line after a run', () => {
  it('gives the wait from the edit to the full report, then the engine time', async () => {
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    let clock = 1000;
    let release: (() => void) | null = null;
    const evaluator: Evaluator = {
      evaluate: async (c) => {
        const report: Report = await evaluate(c);
        return new Promise<Outcome>((resolve) => (release = () => resolve({ kind: 'report', report, ms: 614 })));
      },
      dispose: () => {},
    };
    startLiveEvaluation(store, evaluator, { now: () => clock });
    await expect.poll(() => release !== null, { timeout: 30_000 }).toBe(true);
    // The sandbox was busy: the report lands 4.9 s after the run was asked for.
    clock = 5900;
    release!();
    await expect.poll(() => store.getState().run.kind, { timeout: 30_000 }).toBe('done');
    const { text, detail } = describeRun(store.getState().run, { answerChars: 0, role: 'output' });
    expect(text).toBe('Evaluated in 4900 ms');
    expect(detail).toBe('From the edit to the full report; the engine itself took 614 ms.');
  });
});
