/**
 * Property: for random object schemas and valid answers with injected undeclared keys, findDroppedKeys names exactly
 * those, apart from keys below a transform, which it does not compare.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belowPipes } from '../src/engine/lib/pipes.ts';
import { findDroppedKeys, MAX_KEY_PATHS } from '../src/engine/lib/undeclared.ts';
import { answerFor, generatedSchema, objectNode, oracleSchema } from './arbitraries.ts';

describe('findDroppedKeys (property)', () => {
  it('reports exactly the injected key paths', () => {
    // Schemas from test/arbitraries.ts (unions, records, tuples, catch, coerce, recursion, …); answers are derived from
    // the description, so the injected paths are known without asking the code under test.
    const cases = generatedSchema(objectNode, fc.constant('output')).chain((schema) =>
      answerFor(schema.root, 'injected')
        .filter((answer) => answer.injected.length <= MAX_KEY_PATHS)
        .map((answer) => ({ schema, answer })),
    );
    fc.assert(
      fc.property(cases, ({ schema, answer }) => {
        // Parse the JSON text: answers arrive as text, `__proto__` included as an own key.
        const value = JSON.parse(answer.text) as unknown;
        const zodSchema = oracleSchema(schema);
        const parsed = zodSchema.parse(value);
        expect(new Set(findDroppedKeys(value, parsed, belowPipes(zodSchema, value)))).toEqual(new Set(answer.injected));
      }),
      { seed: 20260101, numRuns: 200 },
    );
  });
});
