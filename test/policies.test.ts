/** The shipping policies (FrontMCP PR #981) and `raw`, what the published SDKs do. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameJsonUnordered, toJson } from '../src/engine/lib/json.ts';
import { hasTransform } from '../src/engine/lib/pipes.ts';
import { findDroppedKeys, MAX_KEY_PATHS, withUndeclaredKeys } from '../src/engine/lib/undeclared.ts';
import { analyse } from '../src/engine/policies/analysis.ts';
import { PUBLIC_INVALID_OUTPUT } from '../src/engine/policies/frontmcp.ts';
import { POLICIES } from '../src/engine/policies/index.ts';
import { parseInput } from '../src/engine/policies/input.ts';
import { sdkResultCopy } from '../src/engine/policies/raw.ts';
import type { Json } from '../src/engine/report.ts';
import type { Shipment } from '../src/engine/types.ts';
import { bigAnswer, postedBytes } from './posted-size.ts';
import type { PolicyId } from '../src/engine/contract/catalog.ts';

const TOOL = 'get_invoice';

function ship(schema: z.ZodType, answer: string): Record<PolicyId, Shipment> {
  const value = JSON.parse(answer) as Json;
  const analysis = analyse(schema, value);
  return Object.fromEntries(POLICIES.map((p) => [p.id, p.ship({ role: 'output', tool: TOOL, schema }, value, analysis)])) as Record<PolicyId, Shipment>;
}

const Invoice = z.object({ id: z.string(), lines: z.array(z.object({ sku: z.string() })) });
const withExtras = '{"id":"1","costCenter":"CC-7","lines":[{"sku":"a","margin":1},{"sku":"b","margin":2}]}';
const WARN = `Tool "${TOOL}" answered with keys its outputSchema does not declare, so they were stripped: costCenter, lines[].margin.`;

describe('POLICIES', () => {
  it('raw, strip, warn, keep, fail in that order; only keep opens the listing', () => {
    expect(POLICIES.map((p) => p.id)).toEqual(['raw', 'strip', 'warn', 'keep', 'fail']);
    expect(POLICIES.filter((p) => p.opensListing).map((p) => p.id)).toEqual(['keep']);
  });
});

describe('undeclared keys, policy by policy', () => {
  const rows = ship(Invoice, withExtras);
  const stripped = { id: '1', lines: [{ sku: 'a' }, { sku: 'b' }] };

  it('raw ships the answer as given and still names what the parse dropped', () => {
    expect(rows.raw).toEqual({ ships: JSON.parse(withExtras), undeclared: ['costCenter', 'lines[].margin'], refused: null, log: null });
  });

  it('strip ships the parse, silently', () => {
    expect(rows.strip).toEqual({ ships: stripped, undeclared: ['costCenter', 'lines[].margin'], refused: null, log: null });
  });

  it('warn ships the parse and logs the seed line', () => {
    expect(rows.warn).toEqual({ ships: stripped, undeclared: ['costCenter', 'lines[].margin'], refused: null, log: WARN });
  });

  it('keep puts the keys back', () => {
    expect(rows.keep.ships).toEqual(JSON.parse(withExtras));
    expect(rows.keep).toMatchObject({ undeclared: ['costCenter', 'lines[].margin'], refused: null, log: null });
  });

  it('fail ships nothing; internal message names the keys, clients get the generic one', () => {
    expect(rows.fail).toEqual({
      ships: null,
      undeclared: ['costCenter', 'lines[].margin'],
      refused: `INVALID_OUTPUT: Tool output validation failed: undeclared keys: costCenter, lines[].margin (clients see: ${PUBLIC_INVALID_OUTPUT})`,
      log: null,
    });
  });

  it('an answer without undeclared keys ships under every policy, and warn says nothing', () => {
    const all = ship(Invoice, '{"id":"1","lines":[]}');
    for (const row of Object.values(all)) expect(row).toEqual({ ships: { id: '1', lines: [] }, undeclared: [], refused: null, log: null });
  });
});

describe('an answer the schema rejects', () => {
  const rows = ship(Invoice, '{"id":1,"lines":[]}');

  it('raw carries the ZodError message (JSON issues) for the converters to word', () => {
    expect(rows.raw.ships).toBeNull();
    expect(JSON.parse(rows.raw.refused ?? '')).toMatchObject([{ code: 'invalid_type', path: ['id'], message: 'Invalid input: expected string, received number' }]);
  });

  it('every FrontMCP policy refuses with INVALID_OUTPUT', () => {
    const refused = `INVALID_OUTPUT: Tool output validation failed: output does not match outputSchema at id: Invalid input: expected string, received number (clients see: ${PUBLIC_INVALID_OUTPUT})`;
    for (const id of ['strip', 'warn', 'keep', 'fail'] as const) expect(rows[id]).toEqual({ ships: null, undeclared: [], refused, log: null });
  });
});

describe("the object's own unknown-key handling wins over the policy", () => {
  it('z.strictObject refuses even under keep', () => {
    const rows = ship(z.strictObject({ id: z.string() }), '{"id":"1","x":2}');
    expect(JSON.parse(rows.raw.refused ?? '')).toMatchObject([{ code: 'unrecognized_keys', keys: ['x'] }]);
    for (const id of ['strip', 'warn', 'keep', 'fail'] as const) {
      expect(rows[id]).toMatchObject({ ships: null, refused: expect.stringContaining('output does not match outputSchema: Unrecognized key: "x"') });
    }
  });

  it('z.looseObject keeps them even under strip and fail, and they are not undeclared', () => {
    const rows = ship(z.looseObject({ id: z.string() }), '{"id":"1","x":2}');
    for (const row of Object.values(rows)) expect(row).toEqual({ ships: { id: '1', x: 2 }, undeclared: [], refused: null, log: null });
  });
});

describe('coercion and catch', () => {
  const Coerced = z.object({ payload: z.coerce.string() });

  it('keys of an object coerced to a primitive count as dropped', () => {
    const rows = ship(Coerced, '{"payload":{"secret":"x"}}');
    expect(rows.warn).toMatchObject({ ships: { payload: '[object Object]' }, undeclared: ['payload.secret'] });
    expect(rows.warn.log).toContain('stripped: payload.secret.');
  });

  it("keep refuses a key it can't put back, naming it", () => {
    expect(ship(Coerced, '{"payload":{"secret":"x"}}').keep).toEqual({
      ships: null,
      undeclared: ['payload.secret'],
      refused: `INVALID_OUTPUT: Tool output validation failed: undeclared keys: payload.secret (clients see: ${PUBLIC_INVALID_OUTPUT})`,
      log: null,
    });
  });

  it('a .catch() value replacing an object drops its keys', () => {
    const rows = ship(z.object({ meta: z.object({ a: z.string() }).catch({ a: 'default' }) }), '{"meta":{"b":1}}');
    expect(rows.strip).toMatchObject({ ships: { meta: { a: 'default' } }, undeclared: ['meta.b'] });
  });
});

describe('transforms: keys below them are always stripped', () => {
  const schemas: Array<[string, z.ZodType]> = [
    ['.transform()', z.object({ id: z.string() }).transform((o) => ({ ...o, seen: true }))],
    ['z.preprocess()', z.preprocess((v) => v, z.object({ id: z.string() }))],
    ['.pipe()', z.object({ id: z.string().pipe(z.string()) })],
    ['codec', z.object({ n: z.codec(z.string(), z.number(), { decode: Number, encode: String }) })],
  ];

  it.each(schemas)('%s is a transform', (_, schema) => expect(hasTransform(schema)).toBe(true));

  it('at the root: warn, keep and fail behave like strip and say so', () => {
    const rows = ship(schemas[0]![1], '{"id":"1","x":2}');
    expect(rows.strip).toEqual({ ships: { id: '1', seen: true }, undeclared: [], refused: null, log: null });
    for (const id of ['warn', 'keep', 'fail'] as const) {
      expect(rows[id]).toEqual({
        ships: { id: '1', seen: true },
        undeclared: [],
        refused: null,
        log: `Tool "${TOOL}": part of its answer passes through a transform in its outputSchema, so undeclared keys there are always stripped and the ${id} policy does not apply to them.`,
      });
    }
  });

  it('on a field: keys beside it are still found and acted on; keys below it are not compared, and keep does not put them back', () => {
    // The transform renames `x` to `y`: comparing keys below it would name `x`, and keep would put it back beside `y`.
    const S = z.object({ a: z.object({ x: z.number() }).transform((o) => ({ y: o.x })), list: z.array(z.object({ n: z.number() })) });
    const rows = ship(S, '{"a":{"x":1},"list":[{"n":1,"m":2}],"extra":true}');
    const note = `Tool "${TOOL}": part of its answer passes through a transform in its outputSchema, so undeclared keys there are always stripped and the warn policy does not apply to them.`;
    expect(rows.strip).toEqual({ ships: { a: { y: 1 }, list: [{ n: 1 }] }, undeclared: ['list[].m', 'extra'], refused: null, log: null });
    expect(rows.warn.log).toBe(`Tool "${TOOL}" answered with keys its outputSchema does not declare, so they were stripped: list[].m, extra. ${note}`);
    expect(rows.keep).toMatchObject({ ships: { a: { y: 1 }, list: [{ n: 1, m: 2 }], extra: true }, undeclared: ['list[].m', 'extra'], refused: null });
    expect(rows.fail).toMatchObject({ ships: null, undeclared: ['list[].m', 'extra'] });
    expect(rows.fail.refused).toContain('undeclared keys: list[].m, extra');
  });

  it('a union is followed into the member zod keeps: a pipe in another member hides nothing', () => {
    const U = z.object({ v: z.union([z.object({ k: z.literal('t') }).transform((o) => o.k), z.object({ k: z.literal('p'), n: z.number() })]) });
    expect(ship(U, '{"v":{"k":"p","n":1,"z":0}}').strip.undeclared).toEqual(['v.z']);
    expect(ship(U, '{"v":{"k":"t","z":0}}').strip.undeclared).toEqual([]);
  });

  it('plain schemas, coercion, defaults, catch and recursion are not transforms', () => {
    type Tree = { kids: Tree[] };
    const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ kids: z.array(Tree) }));
    const Getter = z.object({
      get self() {
        return z.array(Getter);
      },
    });
    for (const s of [Invoice, z.coerce.number(), z.string().default('x').catch('y'), Tree, Getter, z.union([z.string(), z.number()])]) expect(hasTransform(s)).toBe(false);
    expect(hasTransform(z.object({ deep: z.array(z.union([z.string(), z.string().transform(Number)])) }))).toBe(true);
  });
});

describe('z.union keeps the first member that matches', () => {
  const U = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);

  it("a key only a later member declares is stripped and reported; keep puts it back; fail refuses", () => {
    const rows = ship(U, '{"a":"x","b":1}');
    expect(rows.strip).toMatchObject({ ships: { a: 'x' }, undeclared: ['b'] });
    expect(rows.keep).toMatchObject({ ships: { a: 'x', b: 1 }, undeclared: ['b'] });
    expect(rows.fail.refused).toContain('undeclared keys: b');
  });
});

describe('findDroppedKeys', () => {
  it('names paths with array elements collapsed, once each, in answer order', () => {
    expect(findDroppedKeys({ a: 1, b: { c: 1, d: 2 }, l: [{ x: 1, m: 1 }, { x: 2, m: 2, n: 3 }] }, { a: 1, b: { c: 1 }, l: [{ x: 1 }, { x: 2 }] })).toEqual([
      'b.d',
      'l[].m',
      'l[].n',
    ]);
  });

  it('root arrays and nested arrays', () => {
    expect(findDroppedKeys([{ a: 1, z: 1 }], [{ a: 1 }])).toEqual(['[].z']);
    expect(findDroppedKeys({ m: [[{ k: 1 }]] }, { m: [[{}]] })).toEqual(['m[][].k']);
  });

  it('stops at values parsed holds by reference, so cycles cannot overflow', () => {
    const cyclic: Record<string, unknown> = { x: 1 };
    cyclic['self'] = cyclic;
    expect(findDroppedKeys({ data: cyclic, extra: 1 }, { data: cyclic })).toEqual(['extra']);
    expect(findDroppedKeys(cyclic, { x: 1, self: { x: 1 } })).toEqual(['self.self']);
    const other: Record<string, unknown> = {};
    other['self'] = other;
    expect(() => findDroppedKeys(cyclic, other)).not.toThrow();
  });

  it('names at most 100 key paths', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    expect(findDroppedKeys(many, {})).toHaveLength(MAX_KEY_PATHS);
  });

  it('an object replaced by a primitive or an array loses all its keys', () => {
    expect(findDroppedKeys({ p: { s: 1, t: 2 } }, { p: 'str' })).toEqual(['p.s', 'p.t']);
    expect(findDroppedKeys({ p: { s: 1 } }, { p: [] })).toEqual(['p.s']);
  });
});

describe('prototype safety', () => {
  const answer = '{"id":"1","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';

  it('__proto__ and constructor are reported as undeclared and nothing is polluted', () => {
    const rows = ship(z.object({ id: z.string() }), answer);
    expect(rows.warn.undeclared).toEqual(['__proto__', 'constructor']);
    expect(rows.strip.ships).toEqual({ id: '1' });
    const kept = rows.keep.ships as Record<string, unknown>;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.hasOwn(kept, '__proto__')).toBe(true);
    expect(JSON.stringify(kept)).toBe(answer);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('withUndeclaredKeys and toJson define __proto__ as an own key', () => {
    const original = JSON.parse('{"a":{"__proto__":{"x":1}}}') as unknown;
    const merged = withUndeclaredKeys(original, { a: {} }) as { a: object };
    expect(Object.getPrototypeOf(merged.a)).toBe(Object.prototype);
    expect(JSON.stringify(toJson(merged))).toBe('{"a":{"__proto__":{"x":1}}}');
  });
});

describe('deep answers', () => {
  const depth = 10_000;
  const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('10,000 levels under z.any() ship without a RangeError', () => {
    const rows = ship(z.object({ a: z.any() }), deep.replace(/^\{"a":/, '{"extra":1,"a":'));
    expect(rows.warn.undeclared).toEqual(['extra']);
    expect(rows.keep.refused).toBeNull();
    expect(rows.strip.ships).not.toBeNull();
  });

  it('a recursive schema that overflows zod is refused, not thrown', () => {
    const Node: z.ZodType = z.lazy(() => z.union([z.number(), z.object({ a: Node })]));
    const rows = ship(Node, deep);
    expect(rows.raw.refused).toMatch(/call stack/);
    expect(rows.fail.refused).toMatch(/^INVALID_OUTPUT: Tool output validation failed: the schema threw while parsing: .*call stack/);
  });

  it('findDroppedKeys, withUndeclaredKeys and toJson are iterative', () => {
    const value = JSON.parse(deep) as unknown;
    expect(findDroppedKeys(value, JSON.parse(deep))).toEqual([]);
    expect(() => toJson(withUndeclaredKeys(value, JSON.parse(deep)))).not.toThrow();
  });
});

describe('toJson: what the wire carries', () => {
  it('behaves like JSON.stringify', () => {
    const value = { d: new Date(0), u: undefined, f: () => 1, n: NaN, arr: [undefined, Infinity], nested: { ok: true } };
    expect(toJson(value)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('a BigInt has no JSON form: the FrontMCP policies refuse', () => {
    const rows = ship(z.object({ n: z.coerce.bigint() }), '{"n":"12"}');
    expect(rows.raw.ships).toEqual({ n: '12' });
    expect(rows.strip).toMatchObject({ ships: null, refused: 'The parsed answer cannot be sent as JSON: Do not know how to serialize a BigInt' });
  });
});

describe('parseInput', () => {
  const parsed = (schema: z.ZodType, args: Json) => parseInput(args, analyse(schema, args));

  it('parsed arguments (defaults filled in) and the keys the parse dropped', () => {
    expect(parsed(z.object({ q: z.string(), limit: z.number().default(10) }), { q: 'x', debug: true })).toEqual({
      ok: true,
      parsed: { q: 'x', limit: 10 },
      dropped: ['debug'],
      error: null,
    });
  });

  it('an error worded like the v2 server: `path: message`, joined with `, `', () => {
    expect(parsed(z.object({ q: z.string(), n: z.number() }), { q: 1 })).toEqual({
      ok: false,
      parsed: null,
      dropped: [],
      error: 'q: Invalid input: expected string, received number, n: Invalid input: expected number, received undefined',
    });
  });
});

describe('one wire value per answer', () => {
  it('strip, warn and keep ship the same JSON, and a report of all five rows costs about one answer to post', () => {
    const answer = bigAnswer(64);
    const rows = ship(z.object({ items: z.array(z.string()) }), JSON.stringify(answer));
    for (const id of ['strip', 'warn', 'keep', 'raw'] as const) expect(rows[id].ships, id).toEqual(answer);
    // Five rows holding five copies would post five answers' worth.
    expect(postedBytes(rows)).toBeLessThan(1.5 * postedBytes(answer));
  });

  it('a parse equal to the answer, key for key and in order, ships the answer as it is', () => {
    const text = '{"id":"1","lines":[{"sku":"a"}]}';
    const rows = ship(Invoice, text);
    expect(JSON.stringify(rows.strip.ships)).toBe(text);
    // Same keys in another order: a client may tell them apart (the order of its errors), so the parse ships.
    const strip = ship(Invoice, '{"lines":[{"sku":"a"}],"id":"1"}').strip;
    expect(JSON.stringify(strip.ships)).toBe('{"id":"1","lines":[{"sku":"a"}]}');
  });

  it('a parse holding something JSON has no form for still ships its JSON', () => {
    const rows = ship(z.object({ at: z.string().transform((s) => new Date(s)), n: z.number().default(Infinity) }), '{"at":"2020-01-01T00:00:00.000Z"}');
    expect(rows.strip.ships).toEqual({ at: '2020-01-01T00:00:00.000Z', n: null });
  });
});

describe('sdkResultCopy: the SDK servers copy structuredContent key by key', () => {
  it('a top-level __proto__ key does not leave the server; nested ones do; nothing is polluted', () => {
    const value = JSON.parse('{"id":"1","__proto__":{"polluted":true},"inner":{"__proto__":{"x":1}}}') as Json;
    const sent = sdkResultCopy(value) as Record<string, Json>;
    expect(JSON.stringify(sent)).toBe('{"id":"1","inner":{"__proto__":{"x":1}}}');
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('anything else is sent as it is', () => {
    for (const value of [{ id: '1' }, [JSON.parse('{"__proto__":1}') as Json], 'x', null] as Json[]) {
      expect(JSON.stringify(sdkResultCopy(value))).toBe(JSON.stringify(value));
    }
  });
});

describe('sameJsonUnordered', () => {
  it('objects equal with keys in any order, arrays in order', () => {
    expect(sameJsonUnordered({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJsonUnordered({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJsonUnordered({ a: 1 }, { a: 1, b: undefined } as unknown as Json)).toBe(false);
    expect(sameJsonUnordered({ a: null }, { b: null })).toBe(false);
    expect(sameJsonUnordered(JSON.parse('{"__proto__":1}') as Json, {})).toBe(false);
  });
});
