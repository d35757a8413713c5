/** Tests as data: every fixture's case is evaluated and the Report must show what the fixture expects. */
import { describe, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { checkExpected } from './case-check.ts';
import { loadFixtures } from './fixtures.ts';

describe.each(loadFixtures())('$file', (fx) => {
  it(fx.description, async () => {
    checkExpected(await evaluate(fx.case), fx.expect);
  });
});
