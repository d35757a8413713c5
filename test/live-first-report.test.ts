/**
 * Live evaluation shows the first report while the rest is computed: the case carries the picked
 * converter and client, the first report lands checked and marked pending with the run still evaluating, and the
 * full report replaces it. Behind the evaluator runs the real engine.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import type { EvaluateOptions, Evaluator, Outcome } from '../src/sandbox/protocol.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { createPlaygroundStore, selectIsStale } from '../src/state/store.ts';

/** An evaluator over the engine that holds the full outcome until `release()`. */
function heldEvaluator(forge?: (r: Report) => unknown): { evaluator: Evaluator; sent: unknown[]; release(): void } {
  const sent: unknown[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const evaluator: Evaluator = {
    evaluate: async (c, opts: EvaluateOptions = {}) => {
      sent.push(c);
      const report = await evaluate(c, { first: (r) => opts.onPartial?.((forge ? forge(r) : r) as Report, 1) });
      await gate;
      return { kind: 'report', report, ms: 2 } satisfies Outcome;
    },
    dispose: () => {},
  };
  return { evaluator, sent, release };
}

/** An evaluator over the engine that hands over the first report, then ends the run with `end(full report)`. */
function endingEvaluator(end: (report: Report) => Outcome): Evaluator {
  return {
    evaluate: async (c, opts: EvaluateOptions = {}) => end(await evaluate(c, { first: (r) => opts.onPartial?.(r, 1) })),
    dispose: () => {},
  };
}

describe('live evaluation with a first report', () => {
  it('shows the picked verdict first, marked pending, then the full report', async () => {
    const store = createPlaygroundStore({ ...DEFAULT_CASE, converter: 'zod', client: 'sdk-v2-node' });
    const held = heldEvaluator();
    startLiveEvaluation(store, held.evaluator);
    await expect.poll(() => store.getState().report?.pending, { timeout: 30_000 }).toBeDefined();
    expect(held.sent[0]).toMatchObject({ converter: 'zod', client: 'sdk-v2-node' });
    expect(store.getState().run.kind).toBe('evaluating');
    // This case's own first report: the panes are not dimmed as an older case's.
    expect(selectIsStale(store.getState())).toBe(false);
    expect(Object.keys(store.getState().report?.converters ?? {})).toEqual(['zod']);
    held.release();
    await expect.poll(() => store.getState().run.kind, { timeout: 30_000 }).toBe('done');
    expect(store.getState().report?.pending).toBeUndefined();
    expect(Object.keys(store.getState().report?.converters ?? {}).length).toBeGreaterThan(1);
  });

  it('drops a first report that fails the contract', async () => {
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    const held = heldEvaluator((r) => ({ ...r, pending: ['everything'] }));
    startLiveEvaluation(store, held.evaluator);
    await expect.poll(() => held.sent.length).toBe(1);
    held.release();
    await expect.poll(() => store.getState().run.kind, { timeout: 30_000 }).toBe('done');
    expect(store.getState().report?.pending).toBeUndefined();
  });

  it('takes the first report back when the run ends without its full report', async () => {
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    startLiveEvaluation(store, endingEvaluator(() => ({ kind: 'crash', message: 'the sandbox stopped responding and was restarted' })));
    await expect.poll(() => store.getState().run.kind, { timeout: 30_000 }).toBe('crash');
    expect(store.getState().report).toBeNull();
  });

  it('takes the first report back when the full report fails the contract', async () => {
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    const forged = (report: Report) => ({ ...report, realSdk: { v1: { callError: { forged: true } }, v2: null } }) as unknown as Report;
    startLiveEvaluation(store, endingEvaluator((report) => ({ kind: 'report', report: forged(report), ms: 2 })));
    await expect.poll(() => store.getState().run.kind, { timeout: 30_000 }).toBe('crash');
    expect(store.getState().report).toBeNull();
  });

  it('dims the first report again once a newer edit is being evaluated', async () => {
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    const held = heldEvaluator();
    startLiveEvaluation(store, held.evaluator);
    await expect.poll(() => store.getState().report?.pending, { timeout: 30_000 }).toBeDefined();
    expect(selectIsStale(store.getState())).toBe(false);
    store.getState().setField('answer', '{"id":"edited"}');
    expect(store.getState().run).toEqual({ kind: 'evaluating' });
    expect(selectIsStale(store.getState())).toBe(true);
    held.release();
  });
});
