/**
 * The client realm (src/sandbox/clientRealm.ts): its bundle cannot evaluate case text, the verdicts evaluate() reaches
 * through a Verifier are the ones it reaches in-process, and a realm whose built-ins were patched cannot change what
 * the client realm says.
 */
import { resolve } from 'node:path';
import { clientRealmIn, clientRealmThread } from './client-realm-host.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import type { LoadedCase } from '../src/engine/types.ts';
import { bundleClientRealm, type ClientRealmBundle } from '../vite-plugins/engineBundle.ts';
import { CLIENT_IDS } from '../src/engine/contract/catalog.ts';
import { CLIENT_REGISTRY } from '../src/engine/clients/index.ts';
import { sdkV2 } from '../src/engine/real-sdk/v2-chunk.ts';
import { LATER_PART_CLIENTS, selectsLaterPart } from '../src/sandbox/frameClients.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { inProcessVerifier, type Verifier, type VerifyRequest } from '../src/engine/phases/verifier.ts';
import type { Json, Report, Verdict } from '../src/engine/report.ts';
import { loadFixtures } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..');
let bundle: ClientRealmBundle;

beforeAll(async () => {
  bundle = await bundleClientRealm({ root: ROOT, mode: 'production', command: 'build' });
}, 180_000);

const ours = (file: string) => file.startsWith(`${ROOT}/src/`) ? file.slice(ROOT.length + 1) : null;

describe('the client realm bundle', () => {
  it('holds the clients and no loader, transpiler or evaluate(): it cannot evaluate case text', () => {
    const files = [...bundle.files];
    const src = files.map(ours).filter((f): f is string => f !== null);
    // Not vacuous: the clients and their validators are there.
    expect(src).toEqual(expect.arrayContaining(['src/engine/clients/index.ts', 'src/engine/phases/verifier.ts']));
    expect(files.some((f) => f.includes('node_modules/ajv/'))).toBe(true);
    expect(files.some((f) => f.includes('node_modules/@cfworker/json-schema/'))).toBe(true);
    // The real runs' published clients and their transport are there too...
    expect(src).toEqual(expect.arrayContaining(['src/sandbox/clientRealmSdk.ts', 'src/engine/real-sdk/client-side.ts', 'src/engine/real-sdk/port-transport.ts']));
    expect(files.some((f) => f.endsWith('node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('node_modules/@modelcontextprotocol/client/dist/index.mjs'))).toBe(true);
    // ...and no server, no other world, no schema module map: the servers run in the schema's realm only.
    // (The v1 client reads zod through the SDK's server/zod-compat helpers: those two small files are no server.)
    expect(files.filter((f) => f.includes('node_modules/@modelcontextprotocol/server/') || (f.includes('/sdk/dist/esm/server/') && !f.includes('zod-')))).toEqual([]);
    expect(src.filter((f) => f.startsWith('src/engine/worlds/') && f !== 'src/engine/worlds/v1-client.ts')).toEqual([]);
    expect(src.filter((f) => f.startsWith('src/engine/real-sdk/') && !['client-side.ts', 'port-transport.ts', 'v2-chunk.ts', 'v2-client.ts'].some((k) => f.endsWith(k)))).toEqual([]);
    // What turns case text into code: sucrase, the loader (load.ts, load/*: only the zod module map is data), evaluate().
    expect(files.filter((f) => f.includes('node_modules/sucrase/'))).toEqual([]);
    expect(src.filter((f) => f === 'src/engine/load.ts' || f.startsWith('src/engine/load/'))).toEqual([]);
    expect(src.filter((f) => ['src/engine/evaluate.ts', 'src/engine/chunks.ts', 'src/sandbox/worker.ts'].includes(f))).toEqual([]);
    expect(bundle.code).not.toMatch(/sucrase/i);
  });

  it('loads in two parts: the script has SDK 1.32.2\'s client with Ajv 8 and ajv-formats, the later part the v2 client half', () => {
    const core = Object.keys(bundle.modules);
    const [later, ...more] = [...bundle.chunkModules];
    expect(more).toEqual([]);
    expect(later?.[0]).toMatch(/^client-realm-v2-client-[\w-]+\.js$/);
    const part = Object.keys(later?.[1] ?? {});
    const has = (ids: string[], pkg: string) => ids.some((f) => f.includes(`node_modules/${pkg}/`));
    for (const pkg of ['@modelcontextprotocol/sdk', 'ajv', 'ajv-formats']) expect(has(core, pkg), pkg).toBe(true);
    for (const pkg of ['@modelcontextprotocol/client', '@cfworker/json-schema']) expect([has(core, pkg), has(part, pkg)], pkg).toEqual([false, true]);
    // Nothing twice: what both use (zod, Ajv) is the script's, once.
    expect(part.filter((f) => core.includes(f) || f.includes('node_modules/ajv/'))).toEqual([]);
    expect([...bundle.chunks.keys()]).toEqual([later?.[0]]);
  });

  it('the frame loads the later part first only for the clients in it (held to the registry)', () => {
    expect([...LATER_PART_CLIENTS].sort()).toEqual(CLIENT_IDS.filter((id) => CLIENT_REGISTRY[id].chunks?.includes(sdkV2)).sort());
    expect(selectsLaterPart({ client: 'sdk-v2-browser' })).toBe(true);
    expect(selectsLaterPart({ client: 'sdk-v1' })).toBe(false);
    expect(selectsLaterPart({})).toBe(false);
    expect(selectsLaterPart(null)).toBe(false);
  });

  it('answers the v1 client\'s checks with its script alone; a v2 check waits for the later part', async () => {
    const request: VerifyRequest = { client: 'sdk-v1', listed: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false }, structuredContent: { id: '1', extra: 2 }, isError: false, tool: 't' };
    const alone = clientRealmIn(bundle.code);
    const [v1] = await alone.verify([request]);
    expect(v1).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
    const [v2] = await alone.verify([{ ...request, client: 'sdk-v2-browser' }]);
    expect(v2).toMatchObject({ valid: false, message: expect.stringContaining('The client realm could not load the v2 SDK') });
    const [withPart] = await clientRealmIn(bundle.code, bundle.chunks).verify([{ ...request, client: 'sdk-v2-browser' }]);
    await sdkV2.load();
    expect(withPart).toEqual((await inProcessVerifier.verify([{ ...request, client: 'sdk-v2-browser' }]))[0]);
  });
});

/** What the panes show of the clients: every converter row's verdicts and listing. */
const clientsOf = (r: Report) => ({ load: r.load, answer: r.answer, converters: r.converters });

describe('evaluate() with a verifier', () => {
  const counted = (): Verifier & { asked: VerifyRequest[] } => {
    const asked: VerifyRequest[] = [];
    return { asked, verify: async (requests) => (asked.push(...requests), inProcessVerifier.verify(requests)) };
  };

  it('reaches the same verdicts as in-process, every one of them through the verifier', async () => {
    const cases = loadFixtures().slice(0, 40).map((f) => f.case);
    cases.push({ v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1","extra":2}', protocol: '2026-07-28' } as never);
    for (const c of cases) {
      const verifier = counted();
      const [local, remote] = [await evaluate(c), await evaluate(c, { verifier })];
      expect(clientsOf(remote)).toEqual(clientsOf(local));
      const verdicts = Object.values(remote.converters).flatMap((row) => Object.values(row.policies).flatMap((p) => Object.values(p.verdicts)));
      if (verdicts.some((v) => v.valid !== null)) expect(verifier.asked.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('takes the verdicts from the verifier, not from its own realm (and the first report too)', async () => {
    const said: Verifier = { verify: async (requests) => requests.map((): Verdict => ({ valid: false, message: 'said by the client realm' })) };
    const firsts: Report[] = [];
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1"}', converter: 'zod', client: 'sdk-v1' };
    const report = await evaluate(c, { verifier: said, first: (r) => firsts.push(r) });
    const raw = report.converters['zod']?.policies.raw?.verdicts;
    expect(raw?.['sdk-v1']).toEqual({ valid: false, message: 'said by the client realm' });
    expect(raw?.['sdk-v2-browser']).toEqual({ valid: false, message: 'said by the client realm' });
    expect(firsts[0]?.converters['zod']?.policies.raw?.verdicts['sdk-v1']).toEqual({ valid: false, message: 'said by the client realm' });
  });

  it('gives no verdict, and says why, when the client realm cannot be asked (never one made up in the schema realm)', async () => {
    const unreachable: Verifier = { verify: () => Promise.reject(new Error('DataCloneError')) };
    const c = { v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n", answer: '{"id":"1","extra":2}' };
    const report = await evaluate(c, { verifier: unreachable });
    expect(report.converters.zod?.policies.raw?.verdicts['sdk-v1']).toEqual({ valid: null, message: 'The client realm could not be asked: DataCloneError' });
  });
});

describe('the later part', () => {
  it('is taken only from the frame, on the realm\'s global: a text sent over a schema realm\'s port while the realm waits for it is not evaluated (attack row)', async () => {
    const [name] = [...bundle.chunks.keys()];
    const realm = clientRealmIn(bundle.code, bundle.chunks);
    const request: VerifyRequest = { client: 'sdk-v2-browser', listed: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false }, structuredContent: { id: '1', extra: 2 }, isError: false, tool: 't' };
    // The realm asks for the part at once (the batch needs it) and the frame's answer comes on a later turn: the
    // forged text arrives first, while the realm waits, with the part's own name and the id the realm asked under.
    const asked = realm.verify([request]);
    const forged = 'exports.CfWorkerJsonSchemaValidator = class { getValidator() { return () => ({ valid: true, data: null, errorMessage: undefined }); } };';
    realm.toPort({ type: 'chunks', id: 1, names: [name], texts: [forged] });
    const [verdict] = await asked;
    await sdkV2.load();
    expect(verdict).toEqual((await inProcessVerifier.verify([request]))[0]);
    expect(verdict).toMatchObject({ valid: false });
  });
});

describe('a schema realm whose built-ins were patched', () => {
  it('cannot change the client realm’s verdict (attack row: a forged Function writes always-true validators)', async () => {
    const clientRealm = clientRealmIn(bundle.code, bundle.chunks);
    // A key of its own, so no validator compiled before this test is reused.
    const key = `id${Date.now()}`;
    const c = { v: 1, schema: `import { z } from 'zod';\nexport default z.object({ ${key}: z.string() });\n`, answer: `{"${key}":"1","extra":2}` };
    const honest = await evaluate(c, { verifier: clientRealm });
    const v1 = () => honest.converters.zod?.policies.raw?.verdicts['sdk-v1'];
    expect(v1()).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });

    // What schema code in the schema's realm could do without lockdown: Ajv compiles with this realm's `new Function`.
    const original = globalThis.Function;
    const forged = function (this: unknown, ...args: string[]) {
      if (args[0] === 'self' && args[1] === 'scope') return () => Object.assign(() => true, { errors: null });
      return Reflect.construct(original, args);
    } as unknown as FunctionConstructor;
    const key2 = `${key}b`;
    const c2 = { ...c, schema: c.schema.replace(key, key2), answer: c.answer.replace(key, key2) };
    globalThis.Function = forged;
    let inRealm: Report;
    let viaClientRealm: Report;
    try {
      viaClientRealm = await evaluate(c2, { verifier: clientRealm });
      inRealm = await evaluate(c2);
    } finally {
      globalThis.Function = original;
    }
    // The control: the patch forges this realm's verdict.
    expect(inRealm.converters.zod?.policies.raw?.verdicts['sdk-v1']).toEqual({ valid: true, message: null });
    // The client realm's verdict is the truthful one.
    expect(viaClientRealm.converters.zod?.policies.raw?.verdicts['sdk-v1']).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
    expect(viaClientRealm.converters.zod?.policies.raw?.verdicts['sdk-v2-node']).toMatchObject({ valid: false });
  });
});

describe('the real runs: the published server here, the published client in the client realm', () => {
  let thread: ReturnType<typeof clientRealmThread>;
  beforeAll(() => {
    thread = clientRealmThread(bundle.code, bundle.chunks);
  });
  afterAll(async () => {
    await thread.worker.terminate();
  });
  /** The case with its real runs' clients in the client realm thread. */
  const there = (loaded: LoadedCase): LoadedCase => ({ ...loaded, sdkClients: thread.host });
  const output = (schema: z.ZodType) => ({ role: 'output' as const, tool: 'tool', schema });

  it('reports what the client in the client realm received and said, equal to a client beside the server', async () => {
    const cases = [
      [output(z.strictObject({ id: z.string() })), { id: '1', extra: 2 }],
      [output(z.object({ id: z.string() })), { id: '1', extra: 2 }],
      [output(z.object({ when: z.string(), n: z.number() })), { when: 'now', n: -0 }],
      [{ role: 'input' as const, tool: 'tool', schema: z.object({ q: z.number() }) }, { q: 'x' }],
      [{ ...output(z.string()), protocol: '2026-07-28' as const }, 'plain'],
    ] as const;
    for (const [loaded, answer] of cases) {
      for (const version of ['v1', 'v2'] as const) {
        const beside = await runRealSdk(version, loaded, answer);
        expect(await runRealSdk(version, there(loaded), answer)).toEqual(beside);
      }
    }
    // Not vacuous: the refusal is there, in the words of the v1 client.
    const refused = await runRealSdk('v1', there(output(z.object({ id: z.string() }))), { id: '1', extra: 2 });
    expect(refused.callError).toBe("MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties");
  }, 60_000);

  it('an answer nested deeper than a structured clone goes still crosses the transport', async () => {
    // 3000 levels: the sender's clone may pass and the receiver's fail (a silent `messageerror`); JSON.stringify still copes.
    const deep = JSON.parse(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`) as Json;
    for (const version of ['v1', 'v2'] as const) {
      const row = await runRealSdk(version, there(output(z.object({ a: z.any() }))), deep);
      expect([row.callError, row.isError]).toEqual([null, false]);
      expect(JSON.stringify(row.structuredContent) === JSON.stringify(deep)).toBe(true);
    }
  });

  it('schema code that makes its server send what the listing forbids, or patches this realm’s Function, cannot change what the client says (attack row)', async () => {
    // The schema's own object: its parse lets anything through, so the server sends a key its strict listing forbids.
    const key = `k${Date.now()}`;
    const lax = z.strictObject({ [key]: z.string() });
    (lax as unknown as { _zod: { run(p: unknown): unknown } })._zod.run = (payload) => payload;
    const loaded = output(lax);
    const answer = { [key]: '1', extra: 2 };
    // And what schema code could do without lockdown: this realm's Ajv would compile always-true validators.
    const original = globalThis.Function;
    globalThis.Function = function (this: unknown, ...args: string[]) {
      if (args[0] === 'self' && args[1] === 'scope') return () => Object.assign(() => true, { errors: null });
      return Reflect.construct(original, args);
    } as unknown as FunctionConstructor;
    let viaClientRealm: Awaited<ReturnType<typeof runRealSdk>>;
    let beside: Awaited<ReturnType<typeof runRealSdk>>;
    try {
      viaClientRealm = await runRealSdk('v1', there(loaded), answer);
      beside = await runRealSdk('v1', loaded, answer);
    } finally {
      globalThis.Function = original;
    }
    // The control: a client in the schema's realm is fooled (no error, the forbidden key received).
    expect(beside).toMatchObject({ callError: null, structuredContent: answer });
    // The client in the client realm refuses, in its own words.
    expect(viaClientRealm.callError).toBe("MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties");
  });
});
