/**
 * The zod, wire-truthful, frontmcp and lenient-output converters, called with zod schemas built here.
 * Every expected listing was produced by running zod 4.6.7 and read before it was pinned.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '../src/engine/contract/catalog.ts';
import { frontmcpConverter } from '../src/engine/converters/frontmcp.ts';
import { lenientOutputConverter } from '../src/engine/converters/lenient-output.ts';
import { mcpSdkV2Converter } from '../src/engine/converters/mcp-sdk-v2.ts';
import { wireTruthfulConverter } from '../src/engine/converters/wire-truthful.ts';
import { zodConverter } from '../src/engine/converters/zod.ts';
import type { Converter, Listing } from '../src/engine/types.ts';
import { engineSession } from '../src/engine/session.ts';

const D2020 = 'https://json-schema.org/draft/2020-12/schema';
const D07 = 'http://json-schema.org/draft-07/schema#';
const TOOL = 'get_invoice';

function list(converter: Converter, schema: z.ZodType, role: Role = 'output', tool = TOOL): Listing {
  const listing = converter.list({ role, tool, schema });
  if (listing instanceof Promise) throw new Error('these converters list synchronously');
  return listing;
}
const zodList = (s: z.ZodType, role?: Role) => list(zodConverter, s, role);
const wire = (s: z.ZodType, role?: Role) => list(wireTruthfulConverter, s, role);
const front = (s: z.ZodType, role?: Role, tool?: string) => list(frontmcpConverter, s, role, tool);
const lenient = (s: z.ZodType, role?: Role) => list(lenientOutputConverter, s, role);

const OBJECT_CATCH_NOTE =
  'Known gap of wire-truthful (SDK PR #2556): a .catch() on an object keeps type: "object" in the listing, so a raw value of another type, which the catch accepts, is rejected by a validating client.';

const idObject = () => z.object({ id: z.string() });
const ID_PROPS = { id: { type: 'string' } };

describe('zod', () => {
  it('lists z.toJSONSchema with io = role: plain objects closed for output only', () => {
    expect(zodList(idObject())).toEqual({
      listed: { $schema: D2020, type: 'object', properties: ID_PROPS, required: ['id'], additionalProperties: false },
      listError: null,
      warning: null,
    });
    expect(zodList(idObject(), 'input').listed).toEqual({ $schema: D2020, type: 'object', properties: ID_PROPS, required: ['id'] });
  });

  it("reports zod's throw verbatim as the listError", () => {
    expect(zodList(z.object({ when: z.date() }))).toEqual({ listed: null, listError: 'Date cannot be represented in JSON Schema', warning: null });
    expect(zodList(z.object({ n: z.string().transform(Number) })).listError).toBe('Transforms cannot be represented in JSON Schema');
    expect(zodList(z.object({ n: z.string().transform(Number) }), 'input').listError).toBeNull();
  });

  it('lists plain JSON: no non-enumerable ~standard survives', () => {
    const listed = zodList(idObject()).listed as object;
    expect(Object.getOwnPropertyNames(listed)).not.toContain('~standard');
  });

  it('caches in the session per (schema object, role): the same listing object comes back for the same schema', () => {
    const { memos } = engineSession();
    const listed = (schema: z.ZodType, role: Role = 'output') => zodConverter.list({ role, tool: TOOL, schema, memos });
    const schema = idObject();
    expect(listed(schema)).toBe(listed(schema));
    expect(listed(schema, 'input')).not.toBe(listed(schema));
    expect(listed(idObject())).not.toBe(listed(schema));
    // A session that keeps nothing (and a caller with no session) converts again.
    const none = engineSession({ cache: false }).memos;
    expect(zodConverter.list({ role: 'output', tool: TOOL, schema, memos: none })).not.toBe(zodConverter.list({ role: 'output', tool: TOOL, schema, memos: none }));
    expect(zodList(schema)).not.toBe(zodList(schema));
  });
});

describe('wire-truthful: output objects', () => {
  it('drops additionalProperties: false from plain objects, keeps it for strict objects, stamps type first like the v2 server', () => {
    const schema = z.object({ id: z.string(), nested: z.object({ a: z.number() }), strict: z.strictObject({ b: z.string() }), loose: z.looseObject({}) });
    expect(wire(schema)).toEqual({
      listed: {
        type: 'object',
        $schema: D2020,
        properties: {
          id: { type: 'string' },
          nested: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
          strict: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'], additionalProperties: false },
          loose: { type: 'object', properties: {}, additionalProperties: {} },
        },
        required: ['id', 'nested', 'strict', 'loose'],
      },
      listError: null,
      warning: null,
    });
  });

  it('drops from required every field zod lets an answer leave out', () => {
    const schema = z.object({
      id: z.string(),
      count: z.number().default(1),
      note: z.string().optional(),
      level: z.number().catch(0),
      prefaulted: z.string().prefault('x'),
      refined: z.number().default(1).refine((n) => n > 0),
      asyncAfterDefault: z.number().default(7).transform(async (n) => n),
      badPrefault: z.string().min(5).prefault('x'),
      anything: z.any(),
      unknown: z.unknown(),
      maybe: z.union([z.string(), z.undefined()]),
    });
    expect(wire(schema).listed).toMatchObject({ required: ['id', 'badPrefault', 'anything', 'unknown', 'maybe'] });
    expect(zodList(z.object({ count: z.number().default(1), level: z.number().catch(0) })).listed).toMatchObject({ required: ['count', 'level'] });
  });

  it('keeps z.any(), z.unknown() and undefined-accepting fields required: zod 4.6.7 rejects an answer without the key', () => {
    for (const field of [z.any(), z.unknown(), z.undefined(), z.union([z.string(), z.undefined()])]) {
      expect(z.object({ k: field }).safeParse({}).error?.issues).toEqual([{ code: 'invalid_type', expected: 'nonoptional', path: ['k'], message: 'Invalid input: expected nonoptional, received undefined' }]);
      expect(wire(z.object({ k: field })).listed).toMatchObject({ required: ['k'] });
    }
  });

  it('drops required from an enum-keyed record whose value accepts a missing key, not otherwise', () => {
    expect(wire(z.record(z.enum(['a', 'b']), z.number().default(1))).listed).toEqual({
      type: 'object',
      $schema: D2020,
      propertyNames: { type: 'string', enum: ['a', 'b'] },
      additionalProperties: { default: 1, type: 'number' },
    });
    expect(wire(z.record(z.enum(['a', 'b']), z.any())).listed).not.toHaveProperty('required');
    expect(wire(z.record(z.enum(['a', 'b']), z.number())).listed).toMatchObject({ required: ['a', 'b'] });
  });

  it('strips a .catch() node to type object, annotations and default, and says the kept type is a known gap', () => {
    const schema = z.object({ c: z.object({ x: z.number().min(1) }).describe('cc').catch({ x: 1 }), n: z.number().max(3).catch(0).meta({ title: 'N' }) });
    expect(wire(schema)).toEqual({
      listed: { type: 'object', $schema: D2020, properties: { c: { default: { x: 1 }, type: 'object', description: 'cc' }, n: { default: 0, title: 'N' } } },
      listError: null,
      warning: OBJECT_CATCH_NOTE,
    });
    expect(wire(z.object({ n: z.number().catch(0) })).warning).toBeNull();
  });

  it('reduces a .catch() union to object skeletons, and names the kept object type as the same known gap', () => {
    const schema = z.object({ u: z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]).catch({ k: 'a' }) });
    expect(wire(schema).listed).toMatchObject({ properties: { u: { default: { k: 'a' }, anyOf: [{ type: 'object' }, { type: 'object' }] } } });
    expect((wire(schema).listed as { properties: { u: object } }).properties.u).toEqual({ default: { k: 'a' }, anyOf: [{ type: 'object' }, { type: 'object' }] });
    expect(wire(schema).warning).toBe(OBJECT_CATCH_NOTE);
    expect(wire(z.object({ u: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]).catch({ a: 'x' }) })).warning).toBe(OBJECT_CATCH_NOTE);
  });

  it('says nothing when a member of the caught union is not an object: that skeleton accepts any raw value', () => {
    for (const caught of [z.object({ a: z.string() }).nullable().catch(null), z.union([z.object({ a: z.string() }), z.string()]).catch('x')]) {
      expect(wire(z.object({ u: caught })).warning).toBeNull();
    }
  });

  it('turns every oneOf into anyOf once anything was loosened, and only then', () => {
    const loose = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]);
    expect(wire(loose).listed).toEqual({
      type: 'object',
      $schema: D2020,
      anyOf: [
        { type: 'object', properties: { kind: { type: 'string', const: 'a' } }, required: ['kind'] },
        { type: 'object', properties: { kind: { type: 'string', const: 'b' } }, required: ['kind'] },
      ],
    });
    const strict = z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('a') }), z.strictObject({ kind: z.literal('b') })]);
    expect(wire(strict).listed).toMatchObject({ oneOf: [{ additionalProperties: false }, { additionalProperties: false }] });
    expect(wire(strict).listed).not.toHaveProperty('anyOf');
  });

  it('keeps oneOf semantics beside a user anyOf by moving the renamed list under allOf', () => {
    const schema = z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]).meta({ anyOf: [{ required: ['k'] }] });
    expect(wire(schema).listed).toMatchObject({ anyOf: [{ required: ['k'] }], allOf: [{ anyOf: [{ required: ['k'] }, { required: ['k'] }] }] });
    expect(wire(schema).listed).not.toHaveProperty('oneOf');
  });

  it('leaves input objects as zod lists them for io input (stamped type: object)', () => {
    const schema = z.object({ id: z.string(), count: z.number().default(1) });
    expect(wire(schema, 'input').listed).toEqual({
      type: 'object',
      $schema: D2020,
      properties: { id: { type: 'string' }, count: { default: 1, type: 'number' } },
      required: ['id'],
    });
  });
});

describe('wire-truthful: types zod cannot represent', () => {
  it('lists z.date() as a date-time string for output and input, keeping .describe() and .meta()', () => {
    const schema = z.object({ when: z.date().describe('When it happened'), at: z.date().meta({ title: 'At', examples: ['2024-01-01T00:00:00Z'] }) });
    const properties = {
      when: { description: 'When it happened', type: 'string', format: 'date-time' },
      at: { title: 'At', examples: ['2024-01-01T00:00:00Z'], type: 'string', format: 'date-time' },
    };
    expect(wire(schema).listed).toEqual({ type: 'object', $schema: D2020, properties, required: ['when', 'at'] });
    expect(wire(schema, 'input').listed).toEqual({ type: 'object', $schema: D2020, properties, required: ['when', 'at'] });
  });

  it('lists other unrepresentable fields as {} instead of failing tools/list', () => {
    const schema = z.object({ n: z.bigint(), m: z.map(z.string(), z.number()), s: z.set(z.string()) });
    expect(wire(schema)).toEqual({ listed: { type: 'object', $schema: D2020, properties: { n: {}, m: {}, s: {} }, required: ['n', 'm', 's'] }, listError: null, warning: null });
  });

  const rootMessage = (type: string) => `MCP tool and prompt schemas must describe objects (got a non-object ${type} schema). Wrap your schema in z.object({...}) or equivalent.`;
  it.each([
    ['bigint', z.bigint()],
    ['map', z.map(z.string(), z.string())],
    ['set', z.set(z.string())],
    ['symbol', z.symbol()],
    ['nan', z.nan()],
    ['undefined', z.undefined()],
    ['void', z.void()],
    ['union', z.union([z.bigint(), z.symbol()])],
    ['intersection', z.intersection(z.object({ a: z.string() }), z.bigint())],
    ['bigint', z.bigint().optional()],
    ['bigint', z.lazy(() => z.bigint())],
  ] as const)('fails a root that can never be a JSON object (%s), in both roles', (type, schema) => {
    expect(wire(schema)).toEqual({ listed: null, listError: rootMessage(type), warning: null });
    expect(wire(schema, 'input').listError).toBe(rootMessage(type));
  });

  it('fails an output literal root whose value has no JSON form; input meets the explicit-type check first', () => {
    expect(wire(z.literal(5n)).listError).toBe(rootMessage('literal'));
    expect(wire(z.literal(5n), 'input').listError).toBe('MCP tool and prompt schemas must describe objects (got type: "number"). Wrap your schema in z.object({...}) or equivalent.');
  });

  it('fails a z.date() input root with the v2 type message, and lists a z.date() output root as a wrapped date-time string', () => {
    expect(wire(z.date(), 'input').listError).toBe('MCP tool and prompt schemas must describe objects (got type: "string"). Wrap your schema in z.object({...}) or equivalent.');
    expect(wire(z.date())).toMatchObject({ listed: { properties: { result: { type: 'string', format: 'date-time' } } }, wrapsResult: true });
  });

  it('fails an input root with an explicit non-object type with the v2 server message', () => {
    expect(wire(z.string(), 'input').listError).toBe('MCP tool and prompt schemas must describe objects (got type: "string"). Wrap your schema in z.object({...}) or equivalent.');
    expect(wire(z.union([z.string(), z.number()]), 'input').listError).toBe(
      'MCP tool and prompt schemas must describe objects (got type: ["string","number"]). Wrap your schema in z.object({...}) or equivalent.',
    );
  });

  it('keeps listing a union with one representable member', () => {
    expect(wire(z.union([z.bigint(), z.string()])).listError).toBeNull();
  });
});

describe('wire-truthful: non-object output roots', () => {
  it('wraps them as the 2025-11-25 wire does: { result } required, $schema at both levels, wrapsResult', () => {
    expect(wire(z.array(z.object({ id: z.string() })))).toEqual({
      listed: {
        $schema: D2020,
        type: 'object',
        properties: { result: { $schema: D2020, type: 'array', items: { type: 'object', properties: ID_PROPS, required: ['id'] } } },
        required: ['result'],
      },
      wrapsResult: true,
      listError: null,
      warning: null,
    });
  });

  it('moves same-document $refs under #/properties/result', () => {
    const Node: z.ZodType = z.object({ name: z.string(), get children() { return z.array(Node); } });
    const listed = wire(z.array(Node)).listed as { properties: { result: Record<string, unknown> } };
    expect(listed.properties.result['items']).toEqual({ $ref: '#/properties/result/$defs/__schema0' });
    expect(listed.properties.result['$defs']).toMatchObject({ __schema0: { properties: { children: { items: { $ref: '#/properties/result/$defs/__schema0' } } } } });
  });

  it('stamps type: object on a provably object-shaped union or a $ref to an object, without wrapping', () => {
    const A = z.object({ a: z.string() }).meta({ id: 'A' });
    expect(wire(z.union([A, z.object({ b: z.number() })]))).toMatchObject({ listed: { type: 'object', anyOf: [{ $ref: '#/$defs/A' }, {}] } });
    expect(wire(z.object({ x: z.string() }).meta({ id: 'Root' })).listed).toMatchObject({ type: 'object', $ref: '#/$defs/Root' });
    expect(wire(z.union([A, z.object({ b: z.number() })]).nullable()).wrapsResult).toBe(true);
  });
});

describe('wire-truthful: where nothing is loosened, it lists what the published v2 server lists', () => {
  const Strict: z.ZodType = z.strictObject({ name: z.string(), get children() { return z.array(Strict); } });
  it.each([
    ['a strict object', z.strictObject({ id: z.string() })],
    ['a discriminated union of strict objects', z.discriminatedUnion('k', [z.strictObject({ k: z.literal('a') }), z.strictObject({ k: z.literal('b') })])],
    ['registered strict objects in a union', z.union([z.strictObject({ a: z.string() }).meta({ id: 'A' }), z.strictObject({ b: z.string() }).meta({ id: 'B' })])],
    ['an array of a recursive strict object', z.array(Strict)],
    ['a string', z.string()],
    ['a nullable strict object', z.strictObject({ id: z.string() }).nullable()],
  ])('%s', async (_, schema) => {
    const real = await mcpSdkV2Converter.list({ role: 'output', tool: TOOL, schema });
    expect(wire(schema).listed).toEqual(real.listed);
  });
});

describe('wire-truthful: known gaps stay visible', () => {
  const TRANSFORM_GAP =
    'Known gap of wire-truthful (SDK PR #2556): the schema has a .transform(), .pipe() or z.coerce, so the listing describes the value after it, while the server ships the raw answer.';
  it.each([
    ['z.coerce', z.object({ n: z.coerce.number() })],
    ['.transform()', z.object({ n: z.string().transform(Number) })],
    ['.pipe()', z.object({ n: z.string().pipe(z.string().min(1)) })],
    ['z.preprocess()', z.object({ n: z.preprocess((v) => v, z.number()) })],
  ])('notes the post-transform shape of output %s, not for input', (_, schema) => {
    expect(wire(schema).warning).toBe(TRANSFORM_GAP);
    expect(wire(schema, 'input').warning).toBeNull();
  });

  it('notes a dynamic .catch(fn): zod 4.6.7 lists it without a fallback where the seed expected a throw', () => {
    const schema = z.object({ c: z.number().catch((ctx) => (ctx.error.issues.length > 0 ? 0 : 1)) });
    expect(wire(schema)).toEqual({
      listed: { type: 'object', $schema: D2020, properties: { c: {} } },
      listError: null,
      warning: 'Known gap of wire-truthful (SDK PR #2556): a dynamic .catch(fn) cannot be evaluated when listing, so its fallback is not listed.',
    });
    expect(wire(z.object({ c: z.number().catch(() => 5) })).warning).toBeNull();
  });

  it('notes a BigInt default: zod 4.6.7 leaves the default out where the seed expected a throw', () => {
    expect(wire(z.object({ c: z.bigint().default(0n) }))).toEqual({
      listed: { type: 'object', $schema: D2020, properties: { c: {} } },
      listError: null,
      warning: 'Known gap of wire-truthful (SDK PR #2556): a BigInt default (.default(0n)) has no JSON form, so the listing leaves it out.',
    });
  });

  it('still fails tools/list when zod itself throws (a BigInt in .meta())', () => {
    expect(wire(z.object({ c: z.number().meta({ default: 1n }) })).listError).toBe('Error converting schema to JSON.');
  });
});

describe('wire-truthful: a validating client accepts every answer zod accepts (Ajv 2020)', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const cases: Array<[string, z.ZodType, unknown[]]> = [
    ['defaults, optionals, any, unknown and undeclared keys', z.object({ id: z.string(), count: z.number().default(1), tags: z.array(z.string()).optional(), meta: z.any(), note: z.unknown() }), [{ id: '1', meta: 1, note: null }, { id: '1', meta: null, note: 'x', costCenter: 'CC-7' }, { id: '1', count: 2, meta: [], note: {} }]],
    ['nested objects with .catch() and undeclared keys', z.object({ nested: z.object({ a: z.number().catch(0), o: z.object({ x: z.number() }).catch({ x: 0 }) }) }), [{ nested: { a: 'oops', o: { x: 'not a number', y: 1 }, extra: 1 } }, { nested: {} }]],
    ['a discriminated union with defaults and catches', z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), n: z.number().default(0) }), z.object({ kind: z.literal('b'), s: z.string().catch('') })]), [{ kind: 'a' }, { kind: 'b', s: 5 }, { kind: 'a', extra: true }]],
    ['an enum-keyed record with a default value', z.record(z.enum(['x', 'y']), z.number().default(0)), [{}, { x: 1 }]],
    ['an intersection with a default', z.intersection(z.object({ a: z.string() }), z.object({ b: z.number().default(1) })), [{ a: 'x' }, { a: 'x', c: 3 }]],
    ['an array root (shipped as { result })', z.array(z.object({ id: z.string() })), [[{ id: '1', extra: 2 }], []]],
    ['a recursive schema', z.object({ name: z.string(), get children(): z.ZodOptional<z.ZodArray<z.ZodObject>> { return z.array(z.object({ name: z.string() })).optional(); } }), [{ name: 'a' }, { name: 'a', children: [{ name: 'b', x: 1 }] }]],
  ];
  it.each(cases)('%s', (_, schema, answers) => {
    const listing = wire(schema);
    expect(listing.listError).toBeNull();
    const validate = ajv.compile(listing.listed as object);
    for (const answer of answers) {
      expect(schema.safeParse(answer).success).toBe(true);
      const shipped = listing.wrapsResult ? { result: answer } : answer;
      expect({ answer, valid: validate(shipped), errors: validate.errors ?? null }).toEqual({ answer, valid: true, errors: null });
    }
  });
});

describe('wire-truthful: the known gaps break the promise where they say', () => {
  const ajv = new Ajv2020({ strict: false });
  it('rejects a non-object raw value an object .catch() accepted, and a raw z.coerce input', () => {
    const caught = z.object({ o: z.object({ x: z.number() }).catch({ x: 0 }) });
    expect(caught.safeParse({ o: 'not an object' }).success).toBe(true);
    expect(ajv.validate(wire(caught).listed as object, { o: 'not an object' })).toBe(false);
    const coerced = z.object({ n: z.coerce.number() });
    expect(coerced.safeParse({ n: '5' }).success).toBe(true);
    expect(ajv.validate(wire(coerced).listed as object, { n: '5' })).toBe(false);
  });

  it('a .catch() over a union of objects rejects a raw non-object too; over a union with a non-object member it does not', () => {
    const objects = z.object({ o: z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]).catch({ k: 'a' }) });
    expect(objects.safeParse({ o: 5 }).success).toBe(true);
    expect(ajv.validate(wire(objects).listed as object, { o: 5 })).toBe(false);
    const mixed = z.object({ o: z.union([z.object({ a: z.string() }), z.string()]).catch('x') });
    expect(mixed.safeParse({ o: 5 }).success).toBe(true);
    expect(ajv.validate(wire(mixed).listed as object, { o: 5 })).toBe(true);
  });
});

describe('frontmcp', () => {
  const warning = (reason: string) => `Tool "${TOOL}": tools/list leaves out its outputSchema because ${reason}`;
  const NOT_OBJECT = warning('it is not an object schema or a union of object schemas.');

  it('lists an object schema as zod does for io output', () => {
    expect(front(idObject())).toEqual({ listed: zodList(idObject()).listed, listError: null, warning: null });
  });

  it('lists a union of objects as { type: object, anyOf } and a discriminated union as { type: object, oneOf }, nested unions too', () => {
    const union = z.union([z.object({ a: z.string() }), z.union([z.object({ b: z.string() }), z.object({ c: z.string() })])]);
    expect(front(union)).toEqual({ listed: { type: 'object', ...(zodList(union).listed as object) }, listError: null, warning: null });
    const du = z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]);
    expect(front(du).listed).toMatchObject({ type: 'object', oneOf: [{ type: 'object' }, { type: 'object' }] });
  });

  it('follows $ref members into $defs, which stay at the root; an object registered with an id is listed too', () => {
    const A = z.object({ a: z.string() }).meta({ id: 'A' });
    const B = z.object({ b: z.string() }).meta({ id: 'B' });
    expect(front(z.union([A, B])).listed).toEqual({
      type: 'object',
      $schema: D2020,
      anyOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }],
      $defs: {
        A: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
        B: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'], additionalProperties: false },
      },
    });
    expect(front(z.object({ x: z.string() }).meta({ id: 'Root' })).listed).toMatchObject({ type: 'object', $ref: '#/$defs/Root', $defs: { Root: { type: 'object' } } });
  });

  it('lists a union of objects whose recursion goes through a property', () => {
    const Tree: z.ZodType = z.union([z.object({ leaf: z.string() }), z.object({ get children() { return z.array(Tree); } })]);
    expect(front(Tree)).toMatchObject({ listed: { type: 'object', anyOf: [{}, { properties: { children: { items: { $ref: '#' } } } }] }, warning: null });
  });

  it('leaves out a union that refers back to itself, directly or through $defs', () => {
    const RECURSIVE = warning('it is a union that refers back to itself, which a validator could follow forever.');
    const Self: z.ZodType = z.union([z.object({ a: z.string() }), z.lazy(() => Self)]);
    expect(front(Self)).toEqual({ listed: null, listError: null, warning: RECURSIVE });
    const S: z.ZodType = z.union([z.object({ a: z.string() }).meta({ id: 'SA' }), z.lazy(() => S2)]).meta({ id: 'S' });
    const S2: z.ZodType = z.union([S, z.object({ b: z.number() })]).meta({ id: 'S2' });
    expect(front(S).warning).toBe(RECURSIVE);
  });

  it.each([
    ['an array', z.array(idObject())],
    ['a nullable object', idObject().nullable()],
    ['a union with a non-object member', z.union([idObject(), z.string()])],
    ['a registered union with a non-object member', z.union([idObject().meta({ id: 'X' }), z.string().meta({ id: 'Y' })])],
    ['an optional string', z.string().optional()],
  ])('leaves out %s with the seed warning', (_, schema) => {
    expect(front(schema)).toEqual({ listed: null, listError: null, warning: NOT_OBJECT });
  });

  it('leaves out a schema with a transform anywhere, even one zod could list', () => {
    const TRANSFORM = warning('it has a transform, which zod cannot express in JSON Schema.');
    expect(front(z.object({ n: z.string().transform(Number) })).warning).toBe(TRANSFORM);
    expect(front(z.preprocess((v) => v, idObject())).warning).toBe(TRANSFORM);
  });

  it('leaves out a schema with a field that has no JSON Schema form, quoting zod', () => {
    expect(front(z.object({ when: z.date() }))).toEqual({ listed: null, listError: null, warning: warning('it has no JSON Schema form (Date cannot be represented in JSON Schema).') });
  });

  it('names the tool it is given', () => {
    expect(front(z.array(idObject()), 'output', 'other_tool').warning).toBe('Tool "other_tool": tools/list leaves out its outputSchema because it is not an object schema or a union of object schemas.');
  });

  it.each([['z.string()', z.string()], ['z.number()', z.number()], ['z.boolean()', z.boolean()], ['z.bigint()', z.bigint()], ['z.date()', z.date()]])(
    'never lists a primitive output (%s) and stays quiet',
    (_, schema) => expect(front(schema)).toEqual({ listed: null, listError: null, warning: null }),
  );

  it('lists the input role as zod does with io input', () => {
    const schema = z.object({ id: z.string(), count: z.number().default(1) });
    expect(front(schema, 'input')).toEqual(zodList(schema, 'input'));
    expect(front(z.object({ when: z.date() }), 'input').listError).toBe('Date cannot be represented in JSON Schema');
  });
});

describe('lenient-output', () => {
  it('opens every output object that declares no unknown-key handling, at every level; draft-07', () => {
    const schema = z.object({ a: z.object({ b: z.array(z.object({ c: z.string() })) }), s: z.strictObject({}), l: z.looseObject({}), k: z.object({}).catchall(z.number()) });
    expect(lenient(schema)).toEqual({
      listed: {
        $schema: D07,
        type: 'object',
        properties: {
          a: {
            type: 'object',
            properties: { b: { type: 'array', items: { type: 'object', properties: { c: { type: 'string' } }, required: ['c'], additionalProperties: true } } },
            required: ['b'],
            additionalProperties: true,
          },
          s: { type: 'object', properties: {}, additionalProperties: false },
          l: { type: 'object', properties: {}, additionalProperties: {} },
          k: { type: 'object', properties: {}, additionalProperties: { type: 'number' } },
        },
        required: ['a', 's', 'l', 'k'],
        additionalProperties: true,
      },
      listError: null,
      warning: null,
    });
  });

  it('wraps a non-object output in an open { result } envelope, with definitions where zod puts them', () => {
    expect(lenient(z.array(idObject()))).toEqual({
      listed: {
        $schema: D07,
        type: 'object',
        properties: { result: { type: 'array', items: { type: 'object', properties: ID_PROPS, required: ['id'], additionalProperties: true } } },
        required: ['result'],
        additionalProperties: true,
      },
      listError: null,
      warning: null,
      wrapsResult: true,
    });
    const A = idObject().meta({ id: 'A' });
    expect(lenient(z.union([A, z.string()])).listed).toMatchObject({ properties: { result: { anyOf: [{ $ref: '#/definitions/A' }, { type: 'string' }] } }, definitions: { A: { additionalProperties: true } } });
  });

  it('leaves the input as zod lists it for io input (draft-07)', () => {
    const schema = z.object({ id: z.string(), nested: z.object({}) });
    expect(lenient(schema, 'input').listed).toEqual({ $schema: D07, type: 'object', properties: { id: { type: 'string' }, nested: { type: 'object', properties: {} } }, required: ['id', 'nested'] });
    expect(lenient(z.strictObject({}), 'input').listed).toEqual({ $schema: D07, type: 'object', properties: {}, additionalProperties: false });
  });

  it("fails tools/list with zod's message for an unrepresentable type", () => {
    expect(lenient(z.object({ when: z.date() }))).toEqual({ listed: null, listError: 'Date cannot be represented in JSON Schema', warning: null });
  });
});
