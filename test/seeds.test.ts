/** The seed cases the e2e suite opens in the app (test/seed.rows.ts): the engine's Report shows the same verdicts. */
import { describe, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { checkExpected } from './case-check.ts';
import { SEED_ROWS } from './seed.rows.ts';

describe.each(SEED_ROWS)('$name', (row) => {
  it('shows its verdicts', async () => {
    checkExpected(await evaluate(row.case), row.expect);
  });
});
