/** The short, seed-fixed fuzz run inside `npm test`: the same invariants as `npm run fuzz` (test/fuzz/invariants.ts). */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fuzzCase } from './arbitraries.ts';
import { checkCase } from './fuzz/invariants.ts';

it('fuzz: 150 generated cases keep every invariant', async () => {
  await fc.assert(
    fc.asyncProperty(fuzzCase, async (c) => {
      // Known engine bugs (KNOWN_BUGS) are listed by `npm run fuzz`; here they would only repeat themselves.
      const failures = (await checkCase(c)).filter((f) => !f.known);
      expect(failures).toEqual([]);
    }),
    { seed: 5005, numRuns: 150 },
  );
}, 300_000);
