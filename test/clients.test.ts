/** The three clients against the real SDK clients: for each listing and result, our verdict's message is what the real client throws. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sdkV2 } from '../src/engine/chunks.ts';
import { z } from 'zod';
import { type Json, type JsonSchema } from '../src/engine/report.ts';
import { CLIENT_REGISTRY as CLIENTS } from '../src/engine/clients/index.ts';
import type { Client, LoadedCase } from '../src/engine/types.ts';
import { CONVERTERS } from '../src/engine/converters/index.ts';
import { coreKey, isCoreListing } from '../src/engine/clients/dialect.ts';
import { askRealClient } from './sdk-oracle.ts';
import { CLIENT_IDS } from '../src/engine/contract/catalog.ts';
import { shipAll } from '../src/engine/phases/ship.ts';
import { verifyAll } from '../src/engine/phases/verify.ts';
import { valueAt, valueTable } from '../src/engine/values.ts';

// The v2 clients' providers come with the v2 chunk, which evaluate() loads for a case; these tests call clients directly.
beforeAll(() => sdkV2.load());

const id = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } satisfies JsonSchema;
const tuple = (extra: Record<string, Json> = {}): JsonSchema => ({
  ...extra,
  type: 'object',
  properties: { pt: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
  required: ['pt'],
});

const CASES: Array<{ name: string; listed: JsonSchema | null; sc: Json; isError?: boolean; tool?: string }> = [
  { name: 'extra keys', listed: id, sc: { id: '1', x: 2, y: 3 } },
  { name: 'valid', listed: id, sc: { id: '1' } },
  { name: 'missing required', listed: { ...id, properties: { id: { type: 'string' }, count: { type: 'number', default: 1 } }, required: ['id', 'count'] }, sc: { id: '1' } },
  { name: 'nested', listed: { type: 'object', properties: { lines: { type: 'array', items: id } } }, sc: { lines: [{ id: 1, m: 2 }, { id: '2' }] } },
  { name: 'array root', listed: { type: 'array', items: { type: 'string' } }, sc: { id: 'x' } },
  { name: 'typeless anyOf root', listed: { anyOf: [id] }, sc: { id: 'x' } },
  { name: 'boolean listing', listed: true, sc: { id: 'x' } },
  { name: 'boolean property schema', listed: { type: 'object', properties: { a: true } }, sc: { a: 1 } },
  { name: '2020-12 tuple without $schema', listed: tuple(), sc: { pt: [1, 2] } },
  { name: '2020-12 tuple with $schema', listed: tuple({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), sc: { pt: [1, 2] } },
  { name: '2020-12 tuple stamped draft-07', listed: tuple({ $schema: 'http://json-schema.org/draft-07/schema#' }), sc: { pt: [1, 2] } },
  { name: '2019-09 dialect', listed: { ...id, $schema: 'https://json-schema.org/draft/2019-09/schema' }, sc: { id: '1', z: 0 } },
  { name: 'unsupported dialect', listed: { ...id, $schema: 'http://json-schema.org/draft-04/schema#' }, sc: { id: '1' }, tool: 'get_invoice' },
  { name: 'invalid pattern', listed: { type: 'object', properties: { id: { type: 'string', pattern: '(' } } }, sc: { id: '1' } },
  { name: 'unresolved $ref', listed: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, sc: { a: 1 } },
  { name: 'recursive $ref', listed: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#' } } }, additionalProperties: false }, sc: { kids: [{ kids: [], x: 1 }] } },
  { name: '$id schema', listed: { ...id, $id: 'urn:example:one' }, sc: { id: 2 } },
  { name: 'same $id, other schema', listed: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'], $id: 'urn:example:one' }, sc: { n: 'x' } },
  { name: 'format', listed: { type: 'object', properties: { d: { type: 'string', format: 'date-time' } } }, sc: { d: 'nope' } },
  { name: 'isError with invalid structuredContent', listed: id, sc: { id: '1', x: 2 }, isError: true },
  { name: 'isError with null structuredContent', listed: id, sc: null, isError: true },
  { name: 'null structuredContent', listed: id, sc: null },
  { name: 'array structuredContent', listed: id, sc: [1] },
  { name: 'string structuredContent', listed: id, sc: 'x' },
  { name: 'no schema listed', listed: null, sc: { anything: true } },
  { name: 'own __proto__ key', listed: id, sc: JSON.parse('{"id":"1","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}') as Json },
  { name: 'nested own __proto__ key', listed: { type: 'object', properties: { inner: id } }, sc: JSON.parse('{"inner":{"id":"1","__proto__":{"x":1}}}') as Json },
  { name: 'own __proto__ key, open schema', listed: { type: 'object', properties: { id: { type: 'string' } } }, sc: JSON.parse('{"id":"1","__proto__":{"id":2}}') as Json },
];

describe.each(CASES)('$name', ({ listed, sc, isError, tool }) => {
  it.each(CLIENT_IDS)('%s says what the real client says', async (clientId) => {
    const result = { structuredContent: sc, isError: isError ?? false };
    const real = await askRealClient(clientId, listed, { structuredContent: sc, ...(isError ? { isError } : {}) }, tool);
    const verdict = CLIENTS[clientId].verify(listed, result, tool ?? 'tool');
    const thrown = real.listError ?? real.callError;
    expect(verdict.valid === false ? verdict.message : null).toBe(thrown);
    if (verdict.valid !== false) expect(verdict.message).toBeNull();
  });
});

describe('verdicts that do not validate', () => {
  it('no listing: valid null for every client', () => {
    for (const c of Object.values(CLIENTS)) expect(c.verify(null, { structuredContent: { a: 1 }, isError: false }, 't')).toEqual({ valid: null, message: null });
  });
  it('isError: v1 validates structuredContent, v2 skips', () => {
    const r = { structuredContent: { id: '1' }, isError: true };
    expect(CLIENTS['sdk-v1'].verify(id, r, 't')).toEqual({ valid: true, message: null });
    expect(CLIENTS['sdk-v2-node'].verify(id, r, 't')).toEqual({ valid: null, message: null });
    expect(CLIENTS['sdk-v2-browser'].verify(id, r, 't')).toEqual({ valid: null, message: null });
  });
  it('pins the documented texts', () => {
    const r = { structuredContent: { id: '1', costCenter: 'CC-7' }, isError: false };
    expect(CLIENTS['sdk-v1'].verify(id, r, 't').message).toBe("MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties");
    expect(CLIENTS['sdk-v2-node'].verify(id, r, 't').message).toBe("Structured content does not match the tool's output schema: data must NOT have additional properties");
    expect(CLIENTS['sdk-v2-browser'].verify(id, r, 't').message).toBe(
      'Structured content does not match the tool\'s output schema: #: Property "costCenter" does not match additional properties schema.; #/costCenter: False boolean schema.',
    );
  });
});

describe('verdicts shared within one evaluation', () => {
  const reversedRoot = (listed: JsonSchema): JsonSchema => (typeof listed === 'object' ? Object.fromEntries(Object.entries(listed).reverse()) : listed);

  it.each(CLIENT_IDS)('%s: the real client says the same whatever the order of the root keywords', async (clientId) => {
    for (const { listed, sc, isError, tool } of CASES) {
      if (typeof listed !== 'object' || listed === null || Object.keys(listed).length < 2) continue;
      const result = { structuredContent: sc, ...(isError ? { isError } : {}) };
      expect(await askRealClient(clientId, reversedRoot(listed), result, tool)).toEqual(await askRealClient(clientId, listed, result, tool));
    }
  });

  it('sdk-v1 ignores the root $schema: the real client says the same under every dialect or none', async () => {
    const dialects = [undefined, 'http://json-schema.org/draft-07/schema#', 'https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2019-09/schema', 'http://json-schema.org/draft-04/schema#'];
    for (const { listed, sc, isError, tool } of CASES) {
      if (typeof listed !== 'object' || listed === null) continue;
      expect(CLIENTS['sdk-v1'].dialect).toBe('ignored');
      const result = { structuredContent: sc, ...(isError ? { isError } : {}) };
      const outcomes = await Promise.all(
        dialects.map((d) => {
          const { $schema: _, ...rest } = listed;
          return askRealClient('sdk-v1', d === undefined ? rest : { ...rest, $schema: d }, result, tool);
        }),
      );
      for (const o of outcomes) expect(o).toEqual(outcomes[0]);
    }
  });

  const DIALECTS = [undefined, 'https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#'];
  const withDialect = (listed: JsonSchema, d: string | undefined): JsonSchema => {
    if (typeof listed !== 'object') return listed;
    const { $schema: _, ...rest } = listed;
    return d === undefined ? rest : { $schema: d, ...rest };
  };
  const outcomes = (clientId: (typeof CLIENT_IDS)[number], listed: JsonSchema, sc: Json) =>
    Promise.all(DIALECTS.map((d) => askRealClient(clientId, withDialect(listed, d), { structuredContent: sc })));
  const obj = (properties: Record<string, Json>, extra: Record<string, Json> = {}): JsonSchema => ({ type: 'object', properties, ...extra });
  const CORE: Array<[JsonSchema, Json[]]> = [
    [{ ...id, title: 'T', description: 'd', $comment: 'c', examples: [{ id: '1' }] }, [{ id: '1' }, { id: '1', x: 1 }, {}, { id: 2 }]],
    [obj({ o: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, readOnly: true, writeOnly: false, deprecated: true } }), [{ o: null }, { o: 's' }, { o: 1 }]],
    [
      obj({ e: { oneOf: [obj({ k: { type: 'string', const: 'a' } }, { required: ['k'], additionalProperties: false }), obj({ k: { const: 'b' }, n: { type: 'number' } }, { required: ['k', 'n'] })] } }),
      [{ e: { k: 'a' } }, { e: { k: 'b', n: 1 } }, { e: { k: 'b', n: 1, x: 1 } }, { e: { k: 'b' } }, { e: { k: 'a', x: 1 } }, { e: 5 }],
    ],
    [obj({ a: { allOf: [{ type: 'number' }, { not: { const: 3 } }] } }), [{ a: 1 }, { a: 3 }, { a: 'x' }, { a: 1, z: 2 }, { a: 'x', z: 2 }]],
    [obj({ n: { type: 'number', multipleOf: 0.5, minimum: 0, maximum: 10, exclusiveMinimum: -1, exclusiveMaximum: 9.5 }, i: { type: 'integer', enum: [1, 2] } }), [{ n: 1.5, i: 1 }, { n: 9.5, i: 3 }, { n: 0.3 }, { n: -2 }, { i: 1.5 }]],
    [obj({ s: { type: 'string', minLength: 2, maxLength: 4, pattern: '^a' }, d: { type: 'string', format: 'date-time' }, m: { type: 'string', format: 'email' } }), [{ s: 'ab', d: '2020-01-01T00:00:00Z', m: 'a@b.c' }, { s: 'b' }, { s: 'abcdef' }, { d: 'x', m: 'y' }]],
    [obj({ l: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2, uniqueItems: true } }), [{ l: ['a'] }, { l: [] }, { l: ['a', 'a'] }, { l: ['a', 'b', 'c'] }, { l: [1] }]],
    [
      obj({}, { minProperties: 1, maxProperties: 2, patternProperties: { '^x': { type: 'number' } }, propertyNames: { pattern: '^[a-z]+$' }, additionalProperties: { type: 'string' } }),
      [{ x: 1 }, { x: 'a' }, {}, { a: 's', b: 's', c: 's' }, { A: 's' }, { y: 1 }],
    ],
  ];

  it.each(['sdk-v2-node', 'sdk-v2-browser'] as const)('%s: a listing of core keywords gets one verdict under 2020-12, draft-07, draft-06 or no $schema', async (clientId) => {
    expect(CLIENTS[clientId].dialect).toBe('core');
    for (const [listed, values] of CORE) {
      expect(isCoreListing(listed)).toBe(true);
      for (const sc of values) {
        const all = await outcomes(clientId, listed, sc);
        for (const o of all) expect(o, `${JSON.stringify(listed)} ${JSON.stringify(sc)}`).toEqual(all[0]);
      }
    }
  });

  /** The listing with `additionalProperties: allow` on every object node that has none (a copy). */
  const allowingAll = (listed: JsonSchema, allow: Json): JsonSchema => {
    const walk = (node: Json): Json => {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(node)) {
        if (['properties', 'patternProperties'].includes(k)) out[k] = Object.fromEntries(Object.entries(v as Record<string, Json>).map(([n, s]) => [n, walk(s)]));
        else if (['anyOf', 'oneOf', 'allOf'].includes(k)) out[k] = (v as Json[]).map(walk);
        else if (['items', 'not', 'propertyNames', 'additionalProperties'].includes(k)) out[k] = walk(v);
        else out[k] = v;
      }
      if (out['type'] === 'object' && !('additionalProperties' in out)) out['additionalProperties'] = allow;
      return out;
    };
    return walk(listed) as JsonSchema;
  };

  it.each(CLIENT_IDS)('%s: in a core listing, additionalProperties true or {} changes no verdict', async (clientId) => {
    for (const [listed, values] of CORE) {
      const variants = [listed, allowingAll(listed, true), allowingAll(listed, {})];
      expect(new Set(variants.map((v) => coreKey(v, false))).size).toBe(1);
      for (const sc of values) {
        const all = await Promise.all(variants.map((v) => askRealClient(clientId, v, { structuredContent: sc })));
        for (const o of all) expect(o, `${JSON.stringify(listed)} ${JSON.stringify(sc)}`).toEqual(all[0]);
      }
    }
  });

  it('outside the core keywords the dialect can change the verdict, and such listings are not core', async () => {
    const refWithSibling: JsonSchema = obj({ a: { $ref: '#/$defs/s', type: 'number' } }, { $defs: { s: { type: 'string' } } });
    const all = await outcomes('sdk-v2-browser', refWithSibling, { a: 'x' });
    expect(new Set(all.map((o) => JSON.stringify(o))).size).toBeGreaterThan(1);
    expect(isCoreListing(refWithSibling)).toBe(false);
    expect(isCoreListing(obj({ t: { type: 'array', items: [{ type: 'number' }] } }))).toBe(false);
    expect(isCoreListing(obj({ t: { type: 'array', prefixItems: [{ type: 'number' }] } }))).toBe(false);
    expect(isCoreListing({ ...id, $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe(false);
    expect(isCoreListing(obj({ n: { type: 'number', exclusiveMinimum: true } }))).toBe(false);
  });

  it('every row carries the verdict its client gives alone, from fewer validations', async () => {
    const schema = z.object({ id: z.string(), n: z.number().default(1) });
    const loaded: LoadedCase = { role: 'output', tool: 'get_invoice', schema };
    // The last answer's keys are out of order: keep ships them in the parse's order, a twin of raw's under open listings.
    for (const answer of [{ id: '1', n: 2 }, { id: '1', extra: true }, { id: '1' }, { extra: true, id: '1', n: 2 }] as Json[]) {
      const listings = await Promise.all(CONVERTERS.map(async (c) => [c.id, await c.list(loaded)] as const));
      let calls = 0;
      const counting = Object.values(CLIENTS).map((c): Client => ({ ...c, verify: (...args) => (calls++, c.verify(...args)) }));
      const table = valueTable();
      const rows = verifyAll(table, loaded, answer, listings, shipAll(loaded, answer), counting);
      let verdicts = 0;
      for (const [id, row] of Object.entries(rows)) {
        for (const p of Object.values(row?.policies ?? {})) {
          if (p.refused !== null) continue;
          const listed = p.listed === undefined ? (row?.listed ?? null) : p.listed;
          for (const c of Object.values(CLIENTS)) {
            verdicts++;
            expect(p.verdicts[c.id], `${id}: ${c.id}`).toEqual(c.verify(listed, { structuredContent: valueAt(table, p.shipsAt), isError: false }, loaded.tool));
          }
        }
      }
      expect(calls).toBeLessThan(verdicts);
    }
  });
});
