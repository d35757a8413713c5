/**
 * The client realm's caches (src/engine/clients/validator-cache.ts): the client realm serves every case of a page, so
 * its compiled validators are bounded, and a case's verdicts are the ones a fresh client realm gives, whatever the
 * cases before it listed (a planted `$id`, a flood of listings).
 */
import { describe, expect, it, vi } from 'vitest';
import { compileCache, providerPool } from '../src/engine/clients/validator-cache.ts';
import type { VerifyRequest } from '../src/engine/phases/verifier.ts';
import type { Json, JsonSchema, Verdict } from '../src/engine/report.ts';

type Verdicts = (requests: readonly VerifyRequest[]) => Verdict[];

/** verdictsOf (what the client realm runs) from a fresh module graph: a client realm that has verified nothing. */
async function freshClientRealm(): Promise<Verdicts> {
  vi.resetModules();
  const { sdkV2 } = await import('../src/engine/real-sdk/v2-chunk.ts');
  await sdkV2.load();
  return (await import('../src/engine/phases/verifier.ts')).verdictsOf;
}

const CLIENTS = ['sdk-v1', 'sdk-v2-node', 'sdk-v2-browser'] as const;
const asked = (listed: JsonSchema, ships: Json): VerifyRequest[] => CLIENTS.map((client) => ({ client, listed, structuredContent: ships, isError: false, tool: 't' }));

describe('compileCache', () => {
  it('keeps at most `entries` listings, least recently used out first', () => {
    const compile = vi.fn((_: JsonSchema, key: string) => key);
    const cached = compileCache(compile, { entries: 2, chars: 1_000 });
    const [a, b, c] = [{ title: 'a' }, { title: 'b' }, { title: 'c' }];
    cached(a);
    cached(b);
    cached({ title: 'a' });
    cached(c);
    expect(compile).toHaveBeenCalledTimes(3);
    cached({ title: 'a' });
    expect(compile).toHaveBeenCalledTimes(3);
    cached({ title: 'b' });
    expect(compile).toHaveBeenCalledTimes(4);
  });

  it('keeps at most `chars` characters of listings, and never one larger than that', () => {
    const compile = vi.fn((_: JsonSchema, key: string) => key.length);
    const cached = compileCache(compile, { entries: 100, chars: 100 });
    const big = { description: 'x'.repeat(200) };
    cached(big);
    cached({ description: 'x'.repeat(200) });
    expect(compile).toHaveBeenCalledTimes(2);
    const small = (i: number) => ({ description: `${i}`.padStart(30, '0') });
    for (let i = 0; i < 3; i++) cached(small(i));
    expect(compile).toHaveBeenCalledTimes(5);
    // A fourth listing of 50 characters pushes the first out (3 × 50 > 100).
    cached(small(3));
    cached(small(2));
    expect(compile).toHaveBeenCalledTimes(6);
    cached(small(0));
    expect(compile).toHaveBeenCalledTimes(7);
  });
});

describe('providerPool', () => {
  it('gives a listing that names an $id an instance of its own, and rotates the shared one by uses and characters', () => {
    let made = 0;
    const pool = providerPool(() => ++made, { entries: 3, chars: 20 });
    expect(pool('{"type":"object"}')).toBe(1);
    expect(pool('{"$id":"urn:x"}')).toBe(2);
    expect(pool('{"a":{"$id":"urn:x"}}')).toBe(3);
    expect(pool('{}')).toBe(1);
    // 17 + 2 + 4 > 20 characters: a new shared instance.
    expect(pool('{"t":1}')).toBe(4);
  });
});

describe('one client realm across cases', () => {
  const planted: JsonSchema = { $id: 'urn:planted', type: 'object' };
  const strict: JsonSchema = { $id: 'urn:planted', type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
  const referring: JsonSchema = { type: 'object', properties: { p: { $ref: 'urn:planted' } } };

  it('gives each case the verdicts of a fresh client realm, whatever an earlier case planted under an $id', async () => {
    const fresh = async (listed: JsonSchema, ships: Json) => (await freshClientRealm())(asked(listed, ships));
    const expected = { strict: await fresh(strict, { b: 1 }), referring: await fresh(referring, { p: 1 }) };
    // Not vacuous: a fresh realm refuses the strict case.
    expect(expected.strict.map((v) => v.valid)).toEqual([false, false, false]);

    const shared = await freshClientRealm();
    shared(asked(planted, {}));
    expect(shared(asked(strict, { b: 1 }))).toEqual(expected.strict);
    expect(shared(asked(referring, { p: 1 }))).toEqual(expected.referring);
  }, 60_000);

  it('keeps a case’s verdicts after a flood of listings (the cache stays bounded and the answer honest)', async () => {
    const shared = await freshClientRealm();
    const listing = (i: number): JsonSchema => ({ type: 'object', properties: { [`k${i}`]: { type: 'string' } }, required: [`k${i}`], additionalProperties: false });
    const before = shared(asked(listing(0), { k0: 1 }));
    expect(before.map((v) => v.valid)).toEqual([false, false, false]);
    for (let i = 1; i <= 450; i++) shared(asked(listing(i), { [`k${i}`]: 'x' }));
    expect(shared(asked(listing(0), { k0: 1 }))).toEqual(before);
    expect(shared(asked(listing(0), { k0: 'x' })).map((v) => v.valid)).toEqual([true, true, true]);
  }, 60_000);
});

describe('an imported listing', () => {
  it('is judged through the verifier (the client realm), like a loaded schema, with the same verdicts', async () => {
    const { evaluate } = await import('../src/engine/evaluate.ts');
    const { listingSource } = await import('../src/engine/import/listing-source.ts');
    const { inProcessVerifier } = await import('../src/engine/phases/verifier.ts');
    const schema = listingSource({ type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false }, 'get_thing');
    const c = { v: 1, schema, answer: '{"id":"1","extra":2}' };
    const asked: VerifyRequest[] = [];
    const counted = { verify: async (requests: readonly VerifyRequest[]) => (asked.push(...requests), inProcessVerifier.verify(requests)) };
    const [local, remote] = [await evaluate(c), await evaluate(c, { verifier: counted })];
    expect(remote.converters).toEqual(local.converters);
    expect(asked.map((r) => r.client).sort()).toEqual([...CLIENTS].sort());
    expect(remote.converters.zod?.policies.raw?.verdicts['sdk-v1']).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
  }, 60_000);
});

describe('a generation', () => {
  it('asks the verifier (the client realm) for the client’s verdicts on its candidates, in batches', async () => {
    const { evaluate } = await import('../src/engine/evaluate.ts');
    const batches: number[] = [];
    const said = { verify: async (requests: readonly VerifyRequest[]) => (batches.push(requests.length), requests.map((): Verdict => ({ valid: false, message: 'said by the client realm' }))) };
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1"}', generate: { want: 'counterexamples', converter: 'zod', client: 'sdk-v1', budgetMs: 300 } };
    const report = await evaluate(c, { verifier: said });
    const found = report.generated?.found ?? [];
    // zod accepts the answers it generated; only the verifier's word makes the client reject them.
    expect(found.find((f) => f.kind === 'zod-accepts-client-rejects')?.verdict).toEqual({ valid: false, message: 'said by the client realm' });
    expect(Math.max(...batches)).toBeGreaterThan(1);
  }, 60_000);
});
