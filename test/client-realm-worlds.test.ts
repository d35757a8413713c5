/**
 * The worlds' client realm (src/sandbox/clientRealmWorlds.ts): a version world's own SDK 1.x client, in a realm that
 * never runs schema code. Its bundle cannot evaluate case text; a world case's sdk-v1 verdicts reached through it are
 * the in-process ones; and schema code that patches the world's zod (shared, in the schema's realm, by the schema and
 * that world's SDK) cannot change what it says.
 */
import { resolve } from 'node:path';
import { clientRealmIn, clientRealmThread } from './client-realm-host.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSession } from '../src/engine/session.ts';
import { bundleClientRealm, WORLDS_CLIENT_REALM_ENTRY } from '../vite-plugins/engineBundle.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { inProcessVerifier, routedVerifier, verdictsOf, type Verifier, type VerifyRequest } from '../src/engine/phases/verifier.ts';
import type { Report } from '../src/engine/report.ts';
import { worldFor } from '../src/engine/worlds/load-world.ts';
import { DEFAULT_V1, DEFAULT_V2 } from '../src/engine/worlds/world.ts';
import { inProcessClients } from '../src/engine/real-sdk/client-side.ts';

const ROOT = resolve(import.meta.dirname, '..');
let bundle: { code: string; files: Set<string> };

beforeAll(async () => {
  bundle = await bundleClientRealm({ root: ROOT, mode: 'production', command: 'build' }, WORLDS_CLIENT_REALM_ENTRY);
}, 180_000);

const ours = (file: string) => (file.startsWith(`${ROOT}/src/`) ? file.slice(ROOT.length + 1).replace(/\?.*$/, '') : null);

describe('the worlds’ client realm bundle', () => {
  it('holds every world’s SDK 1.x client and no loader, transpiler, evaluate() or server: it cannot evaluate case text', () => {
    const files = [...bundle.files];
    const src = files.map(ours).filter((f): f is string => f !== null);
    // Not vacuous: SDK 1.20.2's client (its Ajv 6) on zod 3, SDK 1.32.2's on zod 3, 4.0 and 4.3.
    expect(files.filter((f) => f.includes('/mcp-sdk-1.20/dist/esm/client/index.js'))).toHaveLength(1);
    expect(files.some((f) => /node_modules\/(mcp-sdk-1\.20\/node_modules\/)?ajv\/lib\/ajv\.js/.test(f))).toBe(true);
    for (const tag of ['zod3', 'zod40', 'zod43']) expect(files.some((f) => f.endsWith(`/@modelcontextprotocol/sdk/dist/esm/client/index.js?world=${tag}`))).toBe(true);
    expect(src).toEqual(expect.arrayContaining(['src/sandbox/clientRealmWorlds.ts', 'src/engine/clients/sdk-v1-20.ts', 'src/engine/phases/verifier.ts']));
    // No server (the v1 client reads zod through the SDK's server/zod-compat helpers: those small files are no server).
    expect(files.filter((f) => f.includes('node_modules/@modelcontextprotocol/server/') || (/\/dist\/esm\/server\//.test(f) && !f.includes('zod-')))).toEqual([]);
    expect(src.filter((f) => f.startsWith('src/engine/worlds/') && !['v1-client.ts', 'table.ts', 'entry-v1-120-client.ts', 'entry-v1-132-client.ts', 'entry-v2-client.ts', 'entry-v2-beta5-client.ts'].some((k) => f.endsWith(k)))).toEqual([]);
    // The client world 2.0.0-beta.5: its Client and both validator providers.
    expect(files.some((f) => f.includes('node_modules/mcp-client-2-beta5/dist/index.mjs'))).toBe(true);
    expect(files.filter((f) => f.includes('node_modules/sucrase/'))).toEqual([]);
    expect(src.filter((f) => f === 'src/engine/load.ts' || f.startsWith('src/engine/load/'))).toEqual([]);
    expect(src.filter((f) => ['src/engine/evaluate.ts', 'src/engine/chunks.ts', 'src/sandbox/worker.ts'].includes(f))).toEqual([]);
    expect(bundle.code).not.toMatch(/sucrase/i);
  });
});


const OLD_WORLD = { zod: '3.25.76', sdk: '1.20.2' } as const;
const sdkV1 = (r: Report) => r.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1'];

describe('a version world’s SDK 1.x client in the worlds’ client realm', () => {
  it('the default client realm names what it lacks instead of judging a world’s request with the default client', () => {
    const request: VerifyRequest = { client: 'sdk-v1', listed: { type: 'object' }, structuredContent: {}, isError: false, tool: 't', world: OLD_WORLD };
    expect(verdictsOf([request])).toEqual([{ valid: null, message: 'This client realm holds no client of SDK 1.20.2 with zod 3.25.76' }]);
  });

  it('reaches the in-process verdicts of every world whose v1 client is its own, each sdk-v1 check asked of that realm', async () => {
    const worlds = routedVerifier(inProcessVerifier, clientRealmIn(bundle.code));
    const cases = [
      { zod: '3.25.76', sdk: '1.20.2' },
      { zod: '3.25.76', sdk: '1.32.2' },
      { zod: '4.0.17', sdk: '1.32.2' },
      { zod: '4.3.6', sdk: '1.32.2' },
    ];
    for (const versions of cases) {
      const asked: VerifyRequest[] = [];
      const verifier: Verifier = { verify: (requests) => (asked.push(...requests), worlds.verify(requests)) };
      const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1","extra":2}', versions };
      const [local, remote] = [await evaluate(c), await evaluate(c, { verifier })];
      expect(remote.converters, JSON.stringify(versions)).toEqual(local.converters);
      expect(sdkV1(remote)?.valid, JSON.stringify(versions)).toBe(false);
      expect(asked.filter((r) => r.client === 'sdk-v1').every((r) => r.world?.sdk === versions.sdk && r.world.zod === versions.zod)).toBe(true);
      expect(asked.some((r) => r.client === 'sdk-v1')).toBe(true);
    }
  }, 120_000);

  it('the client world 2.0.0-beta.5: its v2 checks asked of that realm, each naming the world, with the in-process verdicts', async () => {
    const worlds = routedVerifier(inProcessVerifier, clientRealmIn(bundle.code));
    const asked: VerifyRequest[] = [];
    const verifier: Verifier = { verify: (requests) => (asked.push(...requests), worlds.verify(requests)) };
    const versions = { zod: '4.6.7', sdk: '1.32.2', server: '2.0.0-beta.5' } as const;
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1","extra":2}', versions };
    const [local, remote] = [await evaluate(c), await evaluate(c, { verifier })];
    expect(remote.converters).toEqual(local.converters);
    expect(remote.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v2-node']?.message).toContain('JSON Schema declares an unsupported dialect');
    const v2 = asked.filter((r) => r.client !== 'sdk-v1');
    expect(v2.length).toBeGreaterThan(0);
    expect(v2.every((r) => r.world?.server === '2.0.0-beta.5')).toBe(true);
    // The default SDK 1.x client is the default realm's: its checks name no world.
    expect(asked.filter((r) => r.client === 'sdk-v1').every((r) => r.world === undefined)).toBe(true);
  }, 120_000);

  it('cannot be forged by schema code that patches the world’s zod (attack row: the SDK 1.20 client’s result parse)', async () => {
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ idw: z.string().optional() });\n", answer: '{"idw":"1","extra":2}', versions: OLD_WORLD };
    const honest = await evaluate(c);
    expect(sdkV1(honest)).toEqual({ valid: false, message: "MCP error -32602: Structured content does not match the tool's output schema: data should NOT have additional properties" });

    // Keys of their own, so no verdict or validator of the honest run is reused.
    const [c1, c2] = ['idx', 'idy'].map((k) => ({ ...c, schema: c.schema.replace('idw', k), answer: c.answer.replace('idw', k) }));
    const [inRealm, viaRealm] = await withForgedResultParse(async () => [await evaluate(c1), await evaluate(c2, { verifier: routedVerifier(inProcessVerifier, clientRealmIn(bundle.code)) })]);
    // The control: the patch forges the verdict of the world's client where it runs beside the schema.
    expect(sdkV1(inRealm)).toEqual({ valid: true, message: null });
    // The worlds' client realm's verdict is the truthful one, in Ajv 6's words.
    expect(sdkV1(viaRealm)).toEqual(sdkV1(honest));
  }, 120_000);
});


describe('a version world’s real runs: the published server here, that world’s published client in the worlds’ client realm', () => {
  let thread: ReturnType<typeof clientRealmThread>;
  beforeAll(() => {
    thread = clientRealmThread(bundle.code);
  });
  afterAll(async () => {
    await thread.worker.terminate();
  });
  // As the schema worker routes them (src/sandbox/workerClients.ts): a spec naming a world to the worlds' realm, the
  // rest to the default world's clients (here beside the server).
  const there = () => engineSession({ sdkClients: { open: (spec, port) => (spec.world ? thread.host.open(spec, port) : inProcessClients((v) => (v === 'v1' ? DEFAULT_V1 : DEFAULT_V2)).open(spec, port)) } });
  const realRuns = (r: Report) => ({ v1: r.realSdk.v1, v2: r.realSdk.v2 });

  it('reports what that world’s client received and said, equal to the client beside the server (SDK 1.20.2, and the v2 client on zod 4.3.6)', async () => {
    for (const versions of [OLD_WORLD, { zod: '4.3.6', sdk: '1.32.2' }] as const) {
      const opened: unknown[] = [];
      const host = thread.host;
      const open = host.open;
      host.open = (spec, port) => (opened.push(spec.world), open(spec, port));
      const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1","extra":2}', versions };
      const [local, remote] = [await evaluate(c), await evaluate(c, { session: there() })];
      expect(realRuns(remote), JSON.stringify(versions)).toEqual(realRuns(local));
      host.open = open;
      expect(remote.realSdk.v1?.callError, JSON.stringify(versions)).toContain('additional properties');
      // Not vacuous: the world's own clients were opened there (SDK 1.20's v1; zod 4.3.6's v1 and v2).
      expect(opened.length, JSON.stringify(versions)).toBe(versions.zod === '4.3.6' ? 2 : 1);
    }
  }, 120_000);

  it('the client world 2.0.0-beta.5: the v2 real run opens the beta client there, with what the client beside the server says', async () => {
    const opened: unknown[] = [];
    const host = thread.host;
    const open = host.open;
    host.open = (spec, port) => (opened.push(spec.world), open(spec, port));
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1","extra":2}', versions: { zod: '4.6.7', sdk: '1.32.2', server: '2.0.0-beta.5' } };
    const [local, remote] = [await evaluate(c), await evaluate(c, { session: there() })];
    host.open = open;
    expect(realRuns(remote)).toEqual(realRuns(local));
    expect(opened).toEqual([{ zod: '4.6.7', sdk: '1.32.2', server: '2.0.0-beta.5' }]);
  }, 120_000);

  it('a spec naming a world is refused by a realm that lacks it, in words (never opened with another client)', async () => {
    const { port1 } = new MessageChannel();
    await expect(thread.host.open({ version: 'v1', modern: false, world: { zod: '4.6.7', sdk: '1.32.2' } }, port1 as never)).rejects.toThrow('This client realm holds no v1 client of SDK 1.32.2 with zod 4.6.7');
  });

  it('cannot be forged by schema code that patches the world’s zod: the SDK 1.20 client’s result parse (attack row)', async () => {
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ idr: z.string().optional() });\n", answer: '{"idr":"1","extra":2}', versions: OLD_WORLD };
    const honest = await evaluate(c);
    expect(honest.realSdk.v1?.callError).toBe("MCP error -32602: Structured content does not match the tool's output schema: data should NOT have additional properties");
    const [c1, c2] = ['ids', 'idt'].map((k) => ({ ...c, schema: c.schema.replace('idr', k), answer: c.answer.replace('idr', k) }));
    const [inRealm, viaRealm] = await withForgedResultParse(async () => [await evaluate(c1), await evaluate(c2, { session: there() })]);
    // The control: beside the server, the world's client parses with the patched zod and its run passes.
    expect(inRealm.realSdk.v1?.callError).toBeNull();
    // In the worlds' client realm, the client says what it says of what it received.
    expect(viaRealm.realSdk.v1?.callError).toBe(honest.realSdk.v1?.callError);
  }, 120_000);
});

/**
 * Runs `run` while zod 3.25.76 (the zod of SDK 1.20.2's world) is patched as schema code in that world can patch it:
 * its `zod` is the zod 3 the world's SDK parses results with, and zod's own objects are not frozen. The parse of a
 * tool result then hands the client a structuredContent that fits the listing. Restored after, whatever happens.
 */
async function withForgedResultParse<T>(run: () => Promise<T>): Promise<T> {
  const world = await worldFor({ ...OLD_WORLD, server: '2.4.0' });
  type Parsed = { status: string; value?: unknown };
  const ZodType = (world.zod.root as { ZodType: { prototype: { _parseSync(input: unknown): Parsed } } }).ZodType;
  const original = ZodType.prototype._parseSync;
  ZodType.prototype._parseSync = function (this: unknown, input: unknown) {
    const r = original.call(this, input);
    const value = r.value as { structuredContent?: unknown } | undefined;
    if (r.status === 'valid' && value && typeof value === 'object' && value.structuredContent) value.structuredContent = {};
    return r;
  };
  try {
    return await run();
  } finally {
    ZodType.prototype._parseSync = original;
  }
}
