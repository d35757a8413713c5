/** Tests as data: every fixture's case is evaluated and the Report must match what the fixture pins. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { loadFixtures } from './fixtures.ts';

describe.each(loadFixtures())('$file', (fx) => {
  it(fx.description, async () => {
    const report = await evaluate(fx.case);
    expect(report).toMatchObject(fx.expect);
  });
});
