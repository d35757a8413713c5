/**
 * Version worlds: a case's `versions` run the picked packages for real. The oracle is the published
 * package itself, imported here the plain way (mcp-sdk-1.20 with its own nested zod 3, the v2 server with zod 4.6).
 */
import { describe, expect, it } from 'vitest';
import { z as zod3 } from 'zod3';
import { McpServer as McpServer120 } from 'mcp-sdk-1.20/server/mcp.js';
import { Client as Client120 } from 'mcp-sdk-1.20/client/index.js';
import { InMemoryTransport as InMemory120 } from 'mcp-sdk-1.20/inMemory.js';
import { McpServer as McpServerV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { evaluate } from '../src/engine/evaluate.ts';
import { realRunOf } from '../src/engine/values.ts';
import { ZOD_VERSION_IDS } from '../src/engine/contract/versions.ts';
import { chunksFor, sdkV2 } from '../src/engine/chunks.ts';
import { needsFreshRealm, realmKey } from '../src/sandbox/policy.ts';

const SCHEMA = 'import { z } from "zod"\nexport default z.object({ id: z.string(), page: z.number().default(1) })';
const info = { name: 'oracle', version: '1.0.0' };

/** What the real SDK 1.20.2 lists and throws for the same schema written with zod 3.25.76 (a raw shape, as 1.20 takes). */
async function oracle120(answer: Record<string, unknown>): Promise<{ listed: unknown; thrown: string | null }> {
  const server = new McpServer120(info);
  server.registerTool('my_tool', { outputSchema: { id: zod3.string(), page: zod3.number().default(1) } }, () => ({ structuredContent: answer, content: [] }));
  const client = new Client120(info);
  const [c, s] = InMemory120.createLinkedPair();
  await server.connect(s);
  await client.connect(c);
  const listed = (await client.listTools()).tools[0]?.outputSchema;
  let thrown: string | null = null;
  await client.callTool({ name: 'my_tool', arguments: {} }).catch((e: unknown) => (thrown = (e as Error).message));
  return { listed, thrown };
}

describe('version worlds', () => {
  it('an unknown version is a load error that lists the available ones', async () => {
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: '{}', versions: { zod: '3.1.0' } });
    expect(report.load.ok).toBe(false);
    expect(report.load.ok ? '' : report.load.error.message).toContain(`Unknown zod version "3.1.0": available ${ZOD_VERSION_IDS.join(', ')}`);
  });

  it('"zod/v3" in the default world: the zod-4-only converters and policies say so, SDK v1 lists it as the real SDK does, v2 refuses it for real', async () => {
    const report = await evaluate({ v: 1, schema: 'import { z } from "zod/v3";\nexport default z.object({ id: z.string() });', answer: '{"id":"a","extra":1}' });
    expect(report.load).toEqual({ ok: true });
    expect(report.converters.zod?.listError).toContain('zod needs a zod 4 schema: this is a zod 3 schema ("zod/v3" of zod 4.6.7)');
    expect(report.converters['mcp-sdk-v1']?.listed).toMatchObject({ type: 'object', required: ['id'], additionalProperties: false });
    expect(report.converters['mcp-sdk-v2']?.listError).toContain('Schema appears to be from zod 3');
    expect(report.converters['mcp-sdk-v1']?.policies.strip?.refused).toContain('The strip policy needs a zod 4 schema');
    expect(report.realSdk.v1?.callError).toContain('must NOT have additional properties');
  });

  it('zod 3.25.76 + SDK 1.20.2: "zod" is zod 3, the listing, the Ajv 6 wording and the real run are the real 1.20 server and client', async () => {
    const answer = { id: 'a', extra: 1 };
    const real = await oracle120(answer);
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: JSON.stringify(answer), versions: { zod: '3.25.76', sdk: '1.20.2' } });
    expect(report.versions).toMatchObject({ zod: '3.25.76', '@modelcontextprotocol/sdk': '1.20.2' });
    expect(report.converters['mcp-sdk-v1']?.listed).toEqual(real.listed);
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.message).toBe(real.thrown);
    expect(report.realSdk.v1?.callError).toBe(real.thrown);
    expect(real.thrown).toContain('data should NOT have additional properties');
  });

  it('zod 3 + the v2 server: the listing is the real refusal, and the call still runs', async () => {
    const server = new McpServerV2(info);
    server.registerTool('my_tool', { outputSchema: zod3.object({ id: zod3.string() }) as never }, () => ({ structuredContent: { id: 'a' }, content: [] }));
    const client = new ClientV2(info);
    const [c, s] = InMemoryV2.createLinkedPair();
    await server.connect(s);
    await client.connect(c);
    const refusal = await client.listTools().then(() => null, (e: unknown) => (e as Error).message);
    const report = await evaluate({ v: 1, schema: 'import { z } from "zod"\nexport default z.object({ id: z.string() })', answer: '{"id":"a"}', versions: { zod: '3.25.76' } });
    expect(refusal).toContain('Schema appears to be from zod 3');
    expect(report.converters['mcp-sdk-v2']?.listError).toBe(refusal);
    expect(realRunOf(report, 'v2')).toMatchObject({ listError: refusal, structuredContent: { id: 'a' }, callError: null });
  });

  it('zod 3: the converters and policies that read zod 4 internals say so instead of guessing', async () => {
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: '{"id":"a"}', versions: { zod: '3.25.76' } });
    expect(report.converters['wire-truthful']?.listError).toMatch(/needs a zod 4 schema: this is a zod 3 schema \(zod 3\.25\.76\)/);
    expect(report.converters['mcp-sdk-v1']?.policies.strip?.refused).toMatch(/needs a zod 4 schema/);
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.refused).toBeNull();
  });

  it('the default versions, named or not, give the same report as a case without versions', async () => {
    const plain = await evaluate({ v: 1, schema: SCHEMA, answer: '{"id":"a","x":1}' });
    const named = await evaluate({ v: 1, schema: SCHEMA, answer: '{"id":"a","x":1}', versions: { zod: '4.6.7', sdk: '1.32.2', server: '2.4.0' } });
    expect(named).toEqual(plain);
  });

  it('a case loads only its world\'s chunks, before its schema code, in a realm of its own', () => {
    const c = { v: 1, schema: SCHEMA, answer: '{}' };
    const CHUNKS = [sdkV2];
    expect(chunksFor(c)).toEqual(CHUNKS);
    expect(chunksFor({ ...c, versions: { zod: '4.6.7', sdk: '1.32.2' } })).toEqual(CHUNKS);
    // zod 3: its zod entry, SDK 1.32.2 sharing it; the v2 server keeps its own zod 4.6.7 (the default chunk).
    expect(chunksFor({ ...c, versions: { zod: '3.25.76' } })).toHaveLength(CHUNKS.length + 2);
    expect(chunksFor({ ...c, versions: { zod: '3.1.0' } })).toEqual(CHUNKS);
    expect(needsFreshRealm(realmKey(c), { ...c, answer: '{"x":1}' })).toBe(false);
    expect(needsFreshRealm(realmKey(c), { ...c, versions: { zod: '3.25.76' } })).toBe(true);
    // A generation needs fast-check, a chunk a realm that ran the schema without one cannot load any more.
    const generate = { want: 'counterexamples', converter: 'mcp-sdk-v1', client: 'sdk-v1' };
    expect(needsFreshRealm(realmKey(c), { ...c, generate })).toBe(true);
    expect(needsFreshRealm(realmKey({ ...c, generate }), { ...c, answer: '{"y":1}', generate })).toBe(false);
  });
});
