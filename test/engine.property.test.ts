/**
 * The engine's property test: generated zod schemas (test/arbitraries.ts) and answers derived from them. evaluate() never
 * throws and returns the documented Report; every answer zod accepts passes sdk-v2-node under wire-truthful + raw,
 * apart from the residual gaps named below; under strip, the undeclared paths are exactly the injected ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { fuzzCase } from './arbitraries.ts';
import { checkCase, RESIDUAL_GAPS, type InvariantId } from './fuzz/invariants.ts';

const CHECKED: readonly InvariantId[] = ['report-shape', 'loads', 'generator-agrees-with-zod', 'wire-truthful-raw', 'undeclared-exact'];

describe('evaluate (property)', () => {
  it('never throws, reports every documented key, and keeps seed 001 and findDroppedKeys promises', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (c) => {
        const failures = (await checkCase(c, { only: CHECKED })).filter((f) => !f.known);
        expect(failures).toEqual([]);
      }),
      { seed: 2002, numRuns: 120 },
    );
  }, 300_000);
});

// The exemptions above are only honest while each gap is real: these pin that it still exists and is named.
describe.each(RESIDUAL_GAPS)('residual gap $id (seed 001)', (gap) => {
  it(gap.reason, async () => {
    const report = await evaluate({ v: 1, role: 'output', tool: 'gap', schema: gap.schema, answer: gap.answer });
    const row = report.converters['wire-truthful'];
    expect(row?.warning).toContain(gap.warning);
    expect(row?.policies.raw?.verdicts['sdk-v2-node'].valid).toBe(!gap.rejectsRaw);
  });
});
