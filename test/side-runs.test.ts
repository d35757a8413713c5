import { describe, expect, it } from 'vitest';
import { createSideRuns } from '../src/sandbox/sideRuns.ts';
import type { Case } from '../src/engine/case.ts';
import type { Evaluator, Outcome } from '../src/sandbox/protocol.ts';
import { newestWins } from '../src/sandbox/newestWins.ts';

/** An evaluator like host.ts's (newest wins) whose runs finish when the test says so. */
function fakeEvaluator() {
  const requests = newestWins<Outcome>({ kind: 'stale' });
  const started: { id: number; c: Case }[] = [];
  const evaluator: Evaluator & { created: number } = {
    created: 0,
    evaluate(c) {
      const { id, outcome } = requests.open();
      started.push({ id, c });
      return outcome;
    },
    dispose() {},
  };
  const finish = (id: number) => requests.settle(id, { kind: 'timeout', budgetMs: id });
  return { evaluator, started, finish };
}

const c = (schema: string): Case => ({ v: 1, schema, answer: '{}' });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('side runs', () => {
  it('creates no evaluator until asked, then runs one case at a time so none supersedes another', async () => {
    const fake = fakeEvaluator();
    let created = 0;
    const side = createSideRuns(() => (created++, fake.evaluator));
    expect(created).toBe(0);
    const a = side.run(c('a'));
    const b = side.run(c('b'));
    await tick();
    expect(fake.started.map((s) => s.c.schema)).toEqual(['a']);
    fake.finish(1);
    expect(await a).toEqual({ kind: 'timeout', budgetMs: 1 });
    await tick();
    expect(fake.started.map((s) => s.c.schema)).toEqual(['a', 'b']);
    fake.finish(2);
    expect(await b).toEqual({ kind: 'timeout', budgetMs: 2 });
    expect(created).toBe(1);
  });

  it('clear drops the runs not started yet', async () => {
    const fake = fakeEvaluator();
    const side = createSideRuns(() => fake.evaluator);
    const a = side.run(c('a'));
    const b = side.run(c('b'));
    await tick();
    side.clear();
    fake.finish(1);
    expect((await a).kind).toBe('timeout');
    expect(await b).toEqual({ kind: 'stale' });
    expect(fake.started).toHaveLength(1);
  });
});
