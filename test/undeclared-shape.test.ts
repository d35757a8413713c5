/**
 * When zod rejects the answer (a wrong value elsewhere, a failing `.refine`), the keys the schema
 * does not declare are still named, from the schema's shape, in every policy row and for the input role's parse;
 * where they cannot be judged, the row says why.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { evaluate } from '../src/engine/evaluate.ts';
import { undeclaredByShape } from '../src/engine/lib/undeclared-shape.ts';
import { POLICY_IDS } from '../src/engine/contract/catalog.ts';

const ORDER = `import { z } from 'zod';
export default z.object({
  id: z.string(),
  total: z.number(),
  customer: z.object({ name: z.string(), shippingAddress: z.object({ city: z.string() }) }),
});
`;

describe('a rejected answer still names its undeclared keys', () => {
  it('output: a nested undeclared key plus a bad value elsewhere, in every policy row', async () => {
    const answer = JSON.stringify({ id: 'o1', total: 'twelve', customer: { name: 'Ada', shippingAddress: { city: 'Oslo', region: 'Viken' } } });
    const report = await evaluate({ v: 1, schema: ORDER, answer });
    const policies = report.converters['mcp-sdk-v1']!.policies;
    for (const id of POLICY_IDS) {
      expect(policies[id]?.refused, id).not.toBeNull();
      expect(policies[id]?.undeclared, id).toEqual(['customer.shippingAddress.region']);
      expect(policies[id]?.unjudged, id).toBeUndefined();
    }
  });

  it('input: an extra argument plus a failing .refine', async () => {
    const schema = `import { z } from 'zod';
export default z.object({ query: z.string(), limit: z.number() }).refine((a) => a.limit <= 50, { message: 'limit is at most 50' });
`;
    const report = await evaluate({ v: 1, role: 'input', schema, answer: '{ "query": "x", "limit": 99, "includeArchived": true }' });
    expect(report.input).toMatchObject({ ok: false, dropped: ['includeArchived'] });
    expect(report.converters['mcp-sdk-v1']!.policies.raw?.undeclared).toEqual(['includeArchived']);
  });
});

describe('undeclaredByShape', () => {
  it('follows arrays, records, wrappers, lazy schemas and the union member that accepts the value; a loose object declares every key', () => {
    const Tree: z.ZodType = z.lazy(() => z.object({ v: z.number(), kids: z.array(Tree).optional() }));
    const schema = z.object({
      lines: z.array(z.object({ sku: z.string() })),
      tags: z.record(z.string(), z.object({ on: z.boolean() })),
      meta: z.looseObject({ a: z.string() }),
      shape: z.union([z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), r: z.number() })]),
      tree: Tree.nullable(),
      strict: z.strictObject({ s: z.string() }),
    });
    const answer = {
      lines: [{ sku: 'A', margin: 1 }, { sku: 2 }],
      tags: { x: { on: true, why: 'y' } },
      meta: { a: 'a', b: 'b' },
      shape: { kind: 'b', r: 1, extra: 1 },
      tree: { v: 1, kids: [{ v: 'bad', deep: 1 }] },
      strict: { s: 's', t: 't' },
    };
    expect(schema.safeParse(answer).success).toBe(false);
    expect(undeclaredByShape(schema, answer)).toEqual({ paths: ['lines[].margin', 'tags.x.why', 'shape.extra', 'tree.kids[].deep', 'strict.t'], unjudged: null });
  });

  it('says why where it cannot tell: a union no member accepts, an intersection', () => {
    const union = z.object({ u: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) });
    expect(undeclaredByShape(union, { u: { c: 1 } })).toEqual({ paths: [], unjudged: 'No member of the union at `u` accepts it, so which of its keys are declared cannot be told.' });
    const both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }));
    expect(undeclaredByShape(both, { a: 1, c: 1 }).unjudged).toMatch(/intersection/);
  });
});
