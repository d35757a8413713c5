/** Newest request wins: the evaluator's requests (src/sandbox/newestWins.ts), and the live evaluation, which lands only its newest run. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { newestWins } from '../src/sandbox/newestWins.ts';
import type { EvaluateOptions, Evaluator, Outcome } from '../src/sandbox/protocol.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { createPlaygroundStore } from '../src/state/store.ts';

const STALE = { kind: 'stale' } as const;

describe('newestWins', () => {
  it('settles the superseded request as stale and ignores a late answer for it', async () => {
    const requests = newestWins<Outcome>(STALE);
    const first = requests.open();
    const second = requests.open();
    expect(await first.outcome).toEqual(STALE);
    expect(requests.settle(first.id, { kind: 'crash', message: 'late' })).toBe(false);
    expect(requests.isPending(second.id)).toBe(true);
    expect(requests.settle(second.id, { kind: 'timeout', budgetMs: 5 })).toBe(true);
    expect(await second.outcome).toEqual({ kind: 'timeout', budgetMs: 5 });
    expect(requests.settle(second.id, { kind: 'crash', message: 'twice' })).toBe(false);
  });

  it('settles whatever is pending at once (dispose, a worker script that cannot load), and nothing after', async () => {
    const requests = newestWins<Outcome>(STALE);
    const only = requests.open();
    requests.settleAny({ kind: 'crash', message: 'no worker' });
    expect(await only.outcome).toEqual({ kind: 'crash', message: 'no worker' });
    expect(requests.isPending(only.id)).toBe(false);
    expect(() => requests.settleAny(STALE)).not.toThrow();
  });
});

/** An evaluator that answers whenever the test says, in any order, and never marks a run stale itself. */
function outOfOrderEvaluator() {
  const runs: Array<{ tool: string | undefined; answer: (o: Outcome) => void; partial: EvaluateOptions['onPartial'] }> = [];
  const evaluator: Evaluator = {
    evaluate: (c, opts) => new Promise<Outcome>((resolve) => void runs.push({ tool: c.tool, answer: resolve, partial: opts?.onPartial })),
    dispose: () => {},
  };
  return { evaluator, runs };
}

/** A live evaluation over that evaluator, and its two runs: the case as it opened, and after one edit. */
function twoRuns() {
  const { evaluator, runs } = outOfOrderEvaluator();
  const store = createPlaygroundStore({ ...DEFAULT_CASE });
  startLiveEvaluation(store, evaluator);
  store.getState().setField('tool', 'newer_tool');
  const [older, newer] = runs;
  if (!older || !newer) throw new Error('two runs were expected');
  return { store, runs, older, newer };
}

const reportOf = (tool: string) => evaluate({ v: 1, tool, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer });
const settled = () => new Promise((r) => setTimeout(r, 0));

describe('live evaluation over an evaluator that answers out of order', () => {
  it('shows the newest edit’s verdict, never the older run that finished last', async () => {
    const { store, runs, older, newer } = twoRuns();
    expect(runs.map((r) => r.tool)).toEqual([DEFAULT_CASE.tool, 'newer_tool']);
    newer.answer({ kind: 'report', report: await reportOf('newer_tool'), ms: 1 });
    await expect.poll(() => store.getState().run.kind).toBe('done');
    expect(store.getState().report?.tool).toBe('newer_tool');
    // The older run answers last, first its first report and then its full one: neither lands.
    const old = await reportOf(DEFAULT_CASE.tool);
    older.partial?.(old, 1);
    older.answer({ kind: 'report', report: old, ms: 1 });
    await settled();
    expect(store.getState().report?.tool).toBe('newer_tool');
    expect(store.getState().run.kind).toBe('done');
  });

  it('drops an older run’s crash or timeout that comes after the newer run began', async () => {
    const { store, older, newer } = twoRuns();
    older.answer({ kind: 'timeout', budgetMs: 5 });
    older.answer({ kind: 'crash', message: 'late' });
    await settled();
    expect(store.getState().run.kind).toBe('evaluating');
    newer.answer({ kind: 'crash', message: 'the newest run crashed' });
    await expect.poll(() => store.getState().run).toEqual({ kind: 'crash', message: 'the newest run crashed' });
  });
});
