/** The real SDK runs and the two SDK converters built on them; the published packages are the oracle. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import { mcpSdkV1Converter } from '../src/engine/converters/mcp-sdk-v1.ts';
import { mcpSdkV2Converter } from '../src/engine/converters/mcp-sdk-v2.ts';
import type { Json } from '../src/engine/report.ts';
import type { LoadedCase } from '../src/engine/types.ts';
import { bigAnswer, postedBytes } from './posted-size.ts';
import { shipsOf, structuredContentOf } from '../src/engine/values.ts';
import { MAX_SESSIONS, RUN_TIMEOUT_MS, sessionPool } from '../src/engine/real-sdk/pool.ts';
import { engineSession } from '../src/engine/session.ts';

// The SDK sessions an engine session keeps (src/engine/session.ts): runs on one schema reuse its connected pair.
const sdkSessions = sessionPool();
afterAll(() => sdkSessions.close());

const output = (schema: z.ZodType, tool = 'get_invoice'): LoadedCase => ({ role: 'output', tool, schema, sdkSessions });
const input = (schema: z.ZodType, tool = 'get_invoice'): LoadedCase => ({ role: 'input', tool, schema, sdkSessions });
const ab = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]);

describe('runRealSdk', () => {
  it('v1 and v2 clients reject an undeclared key the server let through', async () => {
    const c = output(z.object({ id: z.string() }));
    const v1 = await runRealSdk('v1', c, { id: '1', costCenter: 'CC-7' });
    const v2 = await runRealSdk('v2', c, { id: '1', costCenter: 'CC-7' });
    expect(v1.callError).toBe("MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties");
    expect(v2.callError).toBe("Structured content does not match the tool's output schema: data must NOT have additional properties");
    expect(v1.listed).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', additionalProperties: false });
    expect(v2.listed).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', additionalProperties: false });
  });

  it('z.date() takes tools/list down', async () => {
    const c = output(z.object({ when: z.date() }));
    expect((await runRealSdk('v1', c, { when: 'x' })).listError).toBe('MCP error -32603: Date cannot be represented in JSON Schema');
    expect((await runRealSdk('v2', c, { when: 'x' })).listError).toBe('Date cannot be represented in JSON Schema');
  });

  it('a discriminated union: v1 lists nothing and the call fails on the server, v2 lists oneOf and passes', async () => {
    const v1 = await runRealSdk('v1', output(ab), { kind: 'a', a: 'x' });
    expect(v1).toMatchObject({ listed: null, isError: true, text: "Cannot read properties of undefined (reading '_zod')", callError: null });
    const v2 = await runRealSdk('v2', output(ab), { kind: 'a', a: 'x' });
    expect(v2).toMatchObject({ listed: { type: 'object', oneOf: expect.any(Array) }, structuredContent: { kind: 'a', a: 'x' }, isError: false, callError: null });
  });

  it('v2 ships a non-object answer as { result }', async () => {
    const v2 = await runRealSdk('v2', output(z.array(z.object({ id: z.string() }))), [{ id: '1' }]);
    expect(v2).toMatchObject({ listed: { type: 'object', required: ['result'] }, structuredContent: { result: [{ id: '1' }] }, text: '[{"id":"1"}]' });
  });

  it('input role: the handler echoes what the server parsed (undeclared keys dropped)', async () => {
    for (const v of ['v1', 'v2'] as const) {
      const row = await runRealSdk(v, input(z.object({ id: z.string() })), { id: '1', extra: 2 });
      expect(row).toMatchObject({ text: '{"id":"1"}', structuredContent: null, isError: false, callError: null });
    }
  });

  it('input role: v2 refuses a non-object input root in tools/list', async () => {
    const row = await runRealSdk('v2', input(z.string()), 'hi');
    expect(row.listError).toBe('MCP tool and prompt schemas must describe objects (got type: "string"). Wrap your schema in z.object({...}) or equivalent.');
  });

  it('an answer too deep for JSON.stringify still ships (our stand-in tool just adds no text block)', async () => {
    const deep: Json = JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`) as Json;
    const row = await runRealSdk('v1', output(z.object({ a: z.any() })), deep);
    expect(row).toMatchObject({ isError: false, text: null, callError: null });
  });

  it(
    'never hangs: a schema that never settles becomes a call error, console is restored, and the next run opens a new session',
    async () => {
      const log = console.log;
      const c = output(z.object({ d: z.string().refine((d) => (d === 'hang' ? new Promise<boolean>(() => undefined) : true)) }));
      // The run's clock is faked, so the test does not sit through the five seconds: advancing it fires the run's timer.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let row: Awaited<ReturnType<typeof runRealSdk>>;
      try {
        const hung = runRealSdk('v2', c, { d: 'hang' });
        await vi.advanceTimersByTimeAsync(RUN_TIMEOUT_MS);
        row = await hung;
      } finally {
        vi.useRealTimers();
      }
      expect(row.callError).toBe(`The SDK did not answer within ${RUN_TIMEOUT_MS} ms`);
      expect(console.log).toBe(log);
      expect(await runRealSdk('v2', c, { d: 'ok' })).toMatchObject({ structuredContent: { d: 'ok' }, isError: false, callError: null });
    },
    RUN_TIMEOUT_MS * 3,
  );
});

describe('sessions are kept per schema and reused', () => {
  it('each run gets its own answer, one after another and all at once', async () => {
    const c = output(z.object({ n: z.number() }));
    for (const v of ['v1', 'v2'] as const) {
      expect((await runRealSdk(v, c, { n: 1 })).structuredContent).toEqual({ n: 1 });
      expect((await runRealSdk(v, c, { n: 2 })).structuredContent).toEqual({ n: 2 });
      const rows = await Promise.all([3, 4, 5].map((n) => runRealSdk(v, c, { n })));
      expect(rows.map((r) => r.structuredContent)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
      // A refused answer on a kept session, then an accepted one again.
      expect((await runRealSdk(v, c, { n: 'x' })).isError).toBe(true);
      expect(await runRealSdk(v, c, { n: 6 })).toMatchObject({ structuredContent: { n: 6 }, isError: false, callError: null });
    }
  });

  it('the listing and the call results match a fresh schema object of the same shape', async () => {
    const make = (): LoadedCase => output(z.object({ id: z.string() }));
    const kept = make();
    for (const v of ['v1', 'v2'] as const) {
      await runRealSdk(v, kept, { id: '0' });
      for (const answer of [{ id: '1' }, { id: '1', extra: true }, { id: 2 }] as Json[]) {
        const again = await runRealSdk(v, kept, answer);
        const { sdkSessions: _, ...once } = make();
        const fresh = await runRealSdk(v, once, answer);
        expect(again).toEqual(fresh);
      }
    }
  });

  it(`more than ${MAX_SESSIONS} schemas in turn: evicted sessions close, every run still answers`, async () => {
    const loaded = Array.from({ length: MAX_SESSIONS + 3 }, (_, i) => output(z.object({ [`k${i}`]: z.number() })));
    const rows = await Promise.all(loaded.map((c, i) => runRealSdk('v1', c, { [`k${i}`]: i })));
    expect(rows.map((r) => r.structuredContent)).toEqual(loaded.map((_, i) => ({ [`k${i}`]: i })));
    expect((await runRealSdk('v1', loaded[0] as LoadedCase, { k0: 9 })).structuredContent).toEqual({ k0: 9 });
  });
});

describe('SDK converters list what the real run lists', () => {
  const schemas: Array<[string, LoadedCase]> = [
    ['object', output(z.object({ id: z.string(), count: z.number().default(1) }))],
    ['date', output(z.object({ when: z.date() }))],
    ['discriminated union', output(ab)],
    ['array', output(z.array(z.object({ id: z.string() })))],
    ['input object', input(z.object({ id: z.string(), n: z.number().default(2) }))],
    ['input string', input(z.string())],
  ];
  it.each(schemas)('%s', async (_name, loaded) => {
    for (const [v, conv] of [['v1', mcpSdkV1Converter], ['v2', mcpSdkV2Converter]] as const) {
      const real = await runRealSdk(v, loaded, {});
      const listing = await conv.list(loaded);
      expect(listing.listed).toEqual(real.listed);
      expect(listing.listError).toBe(real.listError);
      expect(listing.warning).toBeNull();
    }
  });

  it('v1 names the error every call of a non-object output root ends in', async () => {
    expect((await mcpSdkV1Converter.list(output(ab))).callError).toBe("Cannot read properties of undefined (reading '_zod')");
    expect((await mcpSdkV1Converter.list(output(z.object({ id: z.string() })))).callError).toBeUndefined();
  });

  it('v2 wraps exactly the non-object output roots', async () => {
    expect((await mcpSdkV2Converter.list(output(z.array(z.string())))).wrapsResult).toBe(true);
    expect((await mcpSdkV2Converter.list(output(z.object({ result: z.array(z.string()) })))).wrapsResult).toBeUndefined();
    expect((await mcpSdkV2Converter.list(output(ab))).wrapsResult).toBeUndefined();
    // The codec rewrites `$ref: '#'` to `#/properties/result` while wrapping a recursive root.
    const self: z.ZodType = z.union([z.object({ a: z.string() }), z.lazy(() => self)]);
    expect((await mcpSdkV2Converter.list(output(self))).wrapsResult).toBe(true);
  });

  it('caches in the session\'s memo by schema identity, role and tool; a session that keeps nothing lists anew', async () => {
    const c = { ...output(z.object({ id: z.string() })), memos: engineSession().memos };
    expect(mcpSdkV1Converter.list(c)).toBe(mcpSdkV1Converter.list({ ...c }));
    expect(mcpSdkV2Converter.list(c)).not.toBe(mcpSdkV2Converter.list({ ...c, tool: 'other' }));
    const uncached = { ...c, memos: engineSession({ cache: false }).memos };
    expect(mcpSdkV1Converter.list(uncached)).not.toBe(mcpSdkV1Converter.list(uncached));
  });
});

describe('refusal() words a zod error as the real server does', () => {
  const refusals: Array<[string, LoadedCase, Json]> = [
    ['strict object, extra key', output(z.strictObject({ id: z.string() })), { id: '1', x: 2 }],
    ['two issues', output(z.object({ id: z.string(), n: z.number() })), { id: 1, n: 'x' }],
    ['nested path', output(z.object({ lines: z.array(z.object({ n: z.number() })) })), { lines: [{ n: 1 }, { n: 'x' }] }],
    ['root issue', output(z.object({ id: z.string() }).refine(() => false, 'nope')), { id: '1' }],
    ['input arguments', input(z.object({ id: z.string(), n: z.number() })), { id: 1 }],
  ];
  it.each(refusals)('%s', async (_name, loaded, answer) => {
    const parsed = loaded.schema.safeParse(answer);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    for (const [v, conv] of [['v1', mcpSdkV1Converter], ['v2', mcpSdkV2Converter]] as const) {
      const real = await runRealSdk(v, loaded, answer);
      expect(real.isError).toBe(true);
      const { refusal } = await conv.list(loaded);
      expect(refusal?.(parsed.error.message)).toBe(real.text);
    }
  });
});

describe('evaluate() carries an equal value once', () => {
  it('30 rows and two real runs that ship the same answer point at one entry of the report\'s values', async () => {
    const { evaluate } = await import('../src/engine/evaluate.ts');
    const schema = "import { z } from 'zod';\nexport default z.looseObject({ items: z.array(z.string()) });";
    const answer = bigAnswer(256);
    // (256 KB: the report's own rows, listings and real runs add tens of KB whatever the answer, which must stay small beside it)
    const r = await evaluate({ v: 1, role: 'output', tool: 't', schema, answer: JSON.stringify(answer) });
    const rows = Object.values(r.converters).flatMap((row) => Object.values(row.policies));
    expect(rows).toHaveLength(30);
    expect(r.values).toEqual([answer]);
    expect(rows.map((p) => p.shipsAt)).toEqual(rows.map(() => 0));
    expect([r.realSdk.v1?.structuredContentAt, r.realSdk.v2?.structuredContentAt]).toEqual([0, 0]);
    expect(structuredContentOf(r, r.realSdk.v2)).toEqual(answer);
    // Written out (the CLI) or posted (the page), the report holds the answer once, not once per row.
    expect(JSON.stringify(r).length).toBeLessThan(1.5 * JSON.stringify(answer).length);
    expect(postedBytes(r)).toBeLessThan(1.5 * postedBytes(answer));
  });

  it('another key order is another value on the wire: the real run reports the order it sent', async () => {
    const { evaluate } = await import('../src/engine/evaluate.ts');
    const schema = "import { z } from 'zod';\nexport default z.object({ id: z.string(), items: z.array(z.number()) });";
    const reordered = await evaluate({ v: 1, role: 'output', tool: 't', schema, answer: '{"items":[1],"id":"1"}' });
    const strip = shipsOf(reordered, reordered.converters['zod']?.policies.strip) as object;
    const real = structuredContentOf(reordered, reordered.realSdk.v1) as object;
    const raw = shipsOf(reordered, reordered.converters['mcp-sdk-v1']?.policies.raw) as object;
    expect([Object.keys(strip), Object.keys(real), Object.keys(raw)]).toEqual([['id', 'items'], ['items', 'id'], ['items', 'id']]);
    expect(reordered.realSdk.v1?.structuredContentAt).toBe(reordered.converters['mcp-sdk-v1']?.policies.raw?.shipsAt);
    expect(reordered.values).toHaveLength(2);
  });
});
