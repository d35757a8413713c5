/**
 * Records what the real packages do with each case of test/worlds.cases.ts, per zod version: run by hand
 * (`npx tsx test/record-worlds.ts`), not in CI. Each zod version gets a clean npm install under /tmp holding that zod
 * with @modelcontextprotocol/sdk 1.32.2 and 1.20.2 (as npm aliases) and @modelcontextprotocol/server + client 2.4.0,
 * so npm nests a zod for a package whose range the picked one misses, exactly as in a project's clean install. Each case
 * runs on a real McpServer and Client over InMemoryTransport, the schema written with the install's own zod. Writes
 * test/fixtures/worlds/zod-<version>.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ZOD_VERSION_IDS } from '../src/engine/contract/versions.ts';
import { IMPORT_ZOD, WORLD_CASES, type WorldCase } from './worlds.cases.ts';

const PACKAGES = ['sdk132@npm:@modelcontextprotocol/sdk@1.32.2', 'sdk120@npm:@modelcontextprotocol/sdk@1.20.2', '@modelcontextprotocol/server@2.4.0', '@modelcontextprotocol/client@2.4.0'];
const OUT = join(import.meta.dirname, 'fixtures', 'worlds');

/** What one SDK did with one case: its tools/list, and its tools/call result or the error the client threw. */
export interface RecordedRun {
  listed: unknown;
  listError: string | null;
  structuredContent: unknown;
  isError: boolean;
  text: string | null;
  callError: string | null;
}

type Ctor = new (...args: unknown[]) => Record<string, (...args: unknown[]) => Promise<unknown>>;
interface Sdk {
  McpServer: Ctor;
  Client: Ctor;
  InMemoryTransport: { createLinkedPair(): [unknown, unknown] };
  rawShape: boolean;
}

function install(zod: string): string {
  const dir = `/tmp/world-zod-${zod}`;
  if (!existsSync(join(dir, 'node_modules', 'zod'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"w","version":"1.0.0","private":true}');
    execFileSync('npm', ['i', '--no-audit', '--no-fund', `zod@${zod}`, ...PACKAGES], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

const load = (dir: string, path: string) => import(pathToFileURL(join(dir, 'node_modules', path)).href) as Promise<Record<string, unknown>>;

async function sdks(dir: string): Promise<Record<'v1_132' | 'v1_120' | 'v2', Sdk>> {
  const v1 = async (pkg: string, rawShape: boolean): Promise<Sdk> => ({
    McpServer: (await load(dir, `${pkg}/dist/esm/server/mcp.js`))['McpServer'] as Ctor,
    Client: (await load(dir, `${pkg}/dist/esm/client/index.js`))['Client'] as Ctor,
    InMemoryTransport: (await load(dir, `${pkg}/dist/esm/inMemory.js`))['InMemoryTransport'] as Sdk['InMemoryTransport'],
    rawShape,
  });
  const server = await import(pathToFileURL(resolveMain(dir, '@modelcontextprotocol/server')).href);
  const client = await import(pathToFileURL(resolveMain(dir, '@modelcontextprotocol/client')).href);
  const ajv = await import(pathToFileURL(resolveMain(dir, '@modelcontextprotocol/client', './validators/ajv')).href);
  const AjvValidator = ajv.AjvJsonSchemaValidator as new () => unknown;
  // The v2 client pinned to its Ajv provider, as the engine's real run (src/engine/real-sdk/session.ts).
  class ClientV2 extends (client.Client as Ctor) {
    constructor(...args: unknown[]) {
      super(args[0], { jsonSchemaValidator: new AjvValidator() });
    }
  }
  return { v1_132: await v1('sdk132', false), v1_120: await v1('sdk120', true), v2: { McpServer: server.McpServer, Client: ClientV2 as Ctor, InMemoryTransport: server.InMemoryTransport, rawShape: false } };
}

/** A package's ESM entry (or export subpath) in the install, from its package.json `exports`. */
function resolveMain(dir: string, pkg: string, sub = '.'): string {
  const root = join(dir, 'node_modules', pkg);
  const exp = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { import?: string | { default?: string } }> }).exports[sub];
  const target = typeof exp?.import === 'string' ? exp.import : exp?.import?.default;
  if (!target) throw new Error(`no import entry for ${pkg} ${sub}`);
  return join(root, target);
}

/** The case's schema, built with the install's zod (`z` in scope, `export default` returned). */
function schemaOf(c: WorldCase, z: unknown): { shape?: unknown } {
  return new Function('z', c.schema.replace(/^export default /, 'return '))(z) as { shape?: unknown };
}

async function run(sdk: Sdk, c: WorldCase, z: unknown): Promise<RecordedRun> {
  const info = { name: 'mcp-schema-playground', version: '1.0.0' };
  const schema = schemaOf(c, z);
  const answer = JSON.parse(c.answer) as Record<string, unknown>;
  for (const key of c.dates ?? []) answer[key] = new Date(answer[key] as string);
  const result = c.answerForm === 'result' ? answer : { structuredContent: answer, content: [{ type: 'text', text: JSON.stringify(answer) }] };
  const server = new sdk.McpServer(info);
  const client = new sdk.Client(info);
  const out: RecordedRun = { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: null };
  try {
    (server['registerTool'] as unknown as (...a: unknown[]) => unknown)('my_tool', { outputSchema: sdk.rawShape ? schema.shape : schema }, () => result);
    const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair() as [unknown, { send: (m: unknown, o?: unknown) => Promise<void> }];
    if (c.dates) {
      // A Date crosses a real transport as its JSON: the in-memory pair would hand the client the Date object itself.
      const send = serverSide.send.bind(serverSide);
      serverSide.send = (m, o) => send(JSON.parse(JSON.stringify(m)) as unknown, o);
    }
    await server['connect']?.(serverSide);
    await client['connect']?.(clientSide);
    try {
      const tools = (await client['listTools']?.()) as { tools: Array<{ outputSchema?: unknown }> };
      out.listed = tools.tools[0]?.outputSchema ?? null;
    } catch (e) {
      out.listError = (e as Error).message;
    }
    try {
      const r = (await client['callTool']?.({ name: 'my_tool', arguments: {} })) as { structuredContent?: unknown; isError?: boolean; content?: Array<{ type: string; text?: string }> };
      out.structuredContent = r.structuredContent ?? null;
      out.isError = r.isError === true;
      out.text = r.content?.find((b) => b.type === 'text')?.text ?? null;
    } catch (e) {
      out.callError = (e as Error).message;
    }
  } catch (e) {
    out.listError = `registerTool threw: ${(e as Error).message}`;
  } finally {
    await client['close']?.().catch(() => undefined);
    await server['close']?.().catch(() => undefined);
  }
  return out;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const zod of ZOD_VERSION_IDS) {
    const dir = install(zod);
    const z = (await import(pathToFileURL(resolveMain(dir, 'zod')).href)).z;
    const runs = await sdks(dir);
    const installed = (pkg: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
    const cases = [];
    for (const c of WORLD_CASES) {
      // The engine reads a z.date()'s ISO string as the handler's Date for zod 4 schemas only (engine/lib/dates.ts): under
      // zod 3 the recorded handler returns the string, as the engine's does.
      const { dates, ...plain } = c;
      const as = zod.startsWith('3.') || !dates ? plain : { ...plain, dates };
      cases.push({ case: { ...as, schema: IMPORT_ZOD + c.schema }, v1_132: await run(runs.v1_132, as, z), v1_120: await run(runs.v1_120, as, z), v2: await run(runs.v2, as, z) });
    }
    const nested = { sdk120Zod: nestedZod(dir, 'sdk120'), serverZod: nestedZod(dir, '@modelcontextprotocol/server') };
    writeFileSync(join(OUT, `zod-${zod}.json`), `${JSON.stringify({ zod: installed('zod'), nested, cases }, null, 2)}\n`);
    process.stdout.write(`zod ${zod}: ${cases.length} cases\n`);
  }
}

/** The zod a package resolves in the install: its own nested one, else the top-level one. */
function nestedZod(dir: string, pkg: string): string {
  const own = join(dir, 'node_modules', pkg, 'node_modules', 'zod', 'package.json');
  const file = existsSync(own) ? own : join(dir, 'node_modules', 'zod', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

await main();
process.exit(0);
