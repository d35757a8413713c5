/** The one zod walker (src/engine/lib/zod-walk.ts) and what is built on it, under each of the four zods a case can run. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasTransform } from '../src/engine/lib/pipes.ts';
import { z as z43 } from 'zod43';
import { z as z40 } from 'zod40';
import * as z3v4 from 'zod3/v4';
import { nonObjectVerdict } from '../src/engine/converters/support/non-object-root.ts';
import { reviveDates } from '../src/engine/lib/dates.ts';
import { undeclaredByShape } from '../src/engine/lib/undeclared-shape.ts';
import { dispatch, findZodNode, innerOf, isWrapper, kindOf, MAX_SCHEMA_DEPTH, rootKind, WRAPPER_KINDS } from '../src/engine/lib/zod-walk.ts';

/** A schema whose getter builds a new schema on every read: its tree never ends and never repeats a node. */
const endless = (): z.ZodType => z.object({ get a() { return endless(); } });

describe('findZodNode', () => {
  it('has a depth guard: a tree that never ends is walked MAX_SCHEMA_DEPTH + 1 levels deep and no deeper', () => {
    let deepest = 0;
    const found = findZodNode(endless(), (visit) => ((deepest = Math.max(deepest, visit.depth)), false), 5 * MAX_SCHEMA_DEPTH);
    expect(found).toBeNull();
    expect(deepest).toBe(MAX_SCHEMA_DEPTH + 1);
  });

  it('finds a schema by its key path, each schema tested once (a recursive schema ends)', () => {
    const Node: z.ZodType = z.object({ get next() { return Node.optional(); }, tag: z.string().transform((s) => s.length) });
    const visit = findZodNode(Node, (v) => v.kind === 'pipe');
    expect(visit?.key).toBe('tag');
    expect(hasTransform(Node)).toBe(true);
    expect(hasTransform(z.object({ a: z.array(z.string()) }))).toBe(false);
  });
});

describe('hasTransform', () => {
  it('ends on a schema that builds itself forever (the walker\'s depth guard)', () => {
    expect(hasTransform(endless())).toBe(false);
  });
});

/** The four zods a case can run under: the bundled one and each world's (zod 3.25 has zod 4 inside as `zod/v4`). */
const WORLDS: ReadonlyArray<[string, typeof z]> = [
  ['zod 4.6.7', z],
  ['zod 4.3.6', z43 as unknown as typeof z],
  ['zod 4.0.17', z40 as unknown as typeof z],
  ['zod 3.25.76 (zod/v4)', z3v4 as unknown as typeof z],
];

describe.each(WORLDS)('the walker under %s', (_, zw) => {
  it('reads every wrapper kind as its own, and looks through it to the schema it stands for', () => {
    const inner = zw.object({ a: zw.string() });
    const wrapped: Record<string, z.core.$ZodType> = {
      optional: inner.optional(),
      nullable: inner.nullable(),
      default: inner.default({ a: 'x' }),
      prefault: inner.prefault({ a: 'x' }),
      catch: inner.catch({ a: 'x' }),
      readonly: inner.readonly(),
      nonoptional: inner.optional().nonoptional(),
      lazy: zw.lazy(() => inner),
      promise: zw.promise(inner),
    };
    expect(Object.keys(wrapped).sort()).toEqual(Object.keys(WRAPPER_KINDS).sort());
    for (const [kind, schema] of Object.entries(wrapped)) {
      expect(kindOf(schema)).toBe(kind);
      const through = kind === 'nonoptional' ? innerOf(innerOf(schema) as z.core.$ZodType) : innerOf(schema);
      expect(through).toBe(inner);
      expect(rootKind(schema)).toBe(kind === 'promise' ? 'promise' : 'object');
      expect(isWrapper(kind, 'listing')).toBe(true);
      expect(isWrapper(kind, 'parse')).toBe(kind !== 'promise');
    }
  });

  it('dispatches by kind with zod\'s typed defs, and the walks built on it agree across worlds', () => {
    const Item = zw.object({ at: zw.date(), tags: zw.array(zw.string()).optional() });
    const schema = zw.object({ items: zw.array(Item), pair: zw.tuple([zw.string()], zw.number()), meta: zw.record(zw.string(), zw.number()), n: zw.string().transform((s) => s.length) });
    const shapes = dispatch(schema, { kinds: { object: (def) => Object.keys(def.shape) }, other: () => [] as string[] });
    expect(shapes).toEqual(['items', 'pair', 'meta', 'n']);
    expect(findZodNode(schema, (v) => v.kind === 'pipe')?.key).toBe('n');
    expect(findZodNode(schema, (v) => v.kind === 'date')?.parent?.parent?.key).toBe('items');
    expect(hasTransform(schema as unknown as z.ZodType)).toBe(true);
    const answer = { items: [{ at: '2024-05-01T10:00:00.000Z', extra: 1 }], pair: ['a', 1, 2], meta: { k: 1 }, n: 'abc', stray: true };
    expect(undeclaredByShape(schema, answer)).toEqual({ paths: ['items[].extra', 'stray'], unjudged: null });
    const revived = reviveDates(schema, answer, JSON.stringify(answer));
    expect(revived.ok && revived.paths).toEqual(['items[].at']);
    expect(nonObjectVerdict(zw.promise(zw.bigint()), 'output')).toEqual({ type: 'bigint', loud: true });
    expect(nonObjectVerdict(zw.lazy(() => zw.union([zw.string(), zw.number()])), 'input')).toEqual({ type: 'representable', loud: false });
    expect(nonObjectVerdict(zw.string().transform((s) => s.length).pipe(zw.number()), 'output')).toEqual({ type: 'representable', loud: false });
    expect(nonObjectVerdict(schema, 'output')).toBeUndefined();
  });
});
