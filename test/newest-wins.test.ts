/** Newest request wins, decided in one place (src/sandbox/newestWins.ts): the live evaluation lands what it is given. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { newestWins } from '../src/sandbox/newestWins.ts';
import type { Evaluator, Outcome } from '../src/sandbox/protocol.ts';
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

describe('live evaluation over an evaluator that answers out of order', () => {
  it('shows the newest edit’s verdict, never the older run that finished last', async () => {
    const requests = newestWins<Outcome>(STALE);
    const sent: { id: number; tool: string | undefined }[] = [];
    const evaluator: Evaluator = {
      evaluate: (c) => {
        const { id, outcome } = requests.open();
        sent.push({ id, tool: c.tool });
        return outcome;
      },
      dispose: () => {},
    };
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    startLiveEvaluation(store, evaluator);
    store.getState().setField('tool', 'newer_tool');
    const [older, newer] = sent;
    if (!older || !newer) throw new Error('two runs were expected');
    expect(sent.map((s) => s.tool)).toEqual([DEFAULT_CASE.tool, 'newer_tool']);
    const reportOf = (tool: string) => evaluate({ v: 1, tool, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer });
    requests.settle(newer.id, { kind: 'report', report: await reportOf('newer_tool'), ms: 1 });
    requests.settle(older.id, { kind: 'report', report: await reportOf(DEFAULT_CASE.tool), ms: 1 });
    await expect.poll(() => store.getState().run.kind).toBe('done');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().report?.tool).toBe('newer_tool');
  });
});
