/** Every gallery example shows the listing errors and verdicts its explanation promises (the SDK converters are checked against the real run elsewhere). */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { checkExpected } from './case-check.ts';

describe.each(EXAMPLES)('example $id', (ex) => {
  it(`keeps its promise: ${ex.title}`, async () => {
    checkExpected(await evaluate(ex.case), ex.expect);
  });

  it('promises something: a listing error or a verdict under its own converter and client', () => {
    const own = (p: { converter: string; client?: string }) => p.converter === ex.case.converter && (p.client ?? ex.case.client) === ex.case.client;
    expect([...(ex.expect.listErrors ?? []), ...(ex.expect.verdicts ?? [])].filter(own).length, ex.id).toBeGreaterThan(0);
  });

  it('has a one-line explanation and a unique id', () => {
    expect(ex.explanation).not.toContain('\n');
    expect(EXAMPLES.filter((e) => e.id === ex.id)).toHaveLength(1);
  });
});
