/**
 * Runs the published MCP SDKs for real: one tool on a real McpServer, a real Client, linked by the SDK's own
 * InMemoryTransport. A connected pair is kept per (schema object, SDK major, tool, role) for the next run, as the
 * answer editor re-evaluates the same schema on every keystroke; only the tool's answer changes between runs. Browser-safe: only entry points without `node:` imports (v2 resolves its `_shims` per
 * environment). The v2 client's validator is pinned to the Ajv provider, its Node default, so Node and browser runs agree.
 */
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { Json, JsonSchema, RealSdkRow } from './report.ts';
import type { LoadedCase } from './types.ts';

export type SdkVersion = 'v1' | 'v2';

/** How long one real run may take before it is reported as a call error. */
export const RUN_TIMEOUT_MS = 5000;

/** What a real tools/list showed: the listed schema, the error, and (v2) the schema the server converted before wire encoding. */
export interface SdkListing {
  listed: JsonSchema | null;
  listError: string | null;
  served: JsonSchema | null;
}

type Content = { type: string; text?: unknown };
type ToolResult = { structuredContent?: unknown; isError?: unknown; content?: Content[] };
type Handler = (...args: unknown[]) => ToolResult;

/** The SDK surface we drive; both majors share these shapes (their generics do not fit a user schema known only at runtime). */
interface SdkClient {
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema?: unknown; outputSchema?: unknown }> }>;
  callTool(params: { name: string; arguments: unknown }): Promise<ToolResult>;
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}
interface SdkServer {
  registerTool(name: string, config: object, handler: Handler): { outputSchemaJson?: unknown };
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

/** A connected server and client with our one tool registered, kept for the next run on the same schema. */
interface Session {
  client: SdkClient;
  registered: { outputSchemaJson?: unknown };
  /** What the output tool answers with: set by each run before its call (runs on a session take turns). */
  slot: { answer: Json };
  /** This session's tools/list, once asked: the listing of one registered tool never changes, so later runs reuse it. */
  listing?: Promise<{ listed: JsonSchema | null; listError: string | null }>;
  close(): Promise<void>;
}

/** A session under its key (schema object, SDK major, tool, role), with the tail of the runs waiting for it. */
interface Entry {
  schema: LoadedCase['schema'];
  version: SdkVersion;
  tool: string;
  role: LoadedCase['role'];
  session: Promise<Session> | null;
  queue: Promise<unknown>;
  /** Set when a run timed out: the session was closed, runs still queued on it open a new one. */
  broken: boolean;
}

/** Open sessions kept (least recently used first). Each holds a small server and client; the UI needs two per schema. */
export const MAX_SESSIONS = 8;
const entries: Entry[] = [];

/** Runs the case through the real server and client of one SDK major. Never hangs: a timeout becomes `callError`. */
export async function runRealSdk(version: SdkVersion, loaded: LoadedCase, answer: Json): Promise<RealSdkRow> {
  const row: RealSdkRow = { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: null };
  const done = await withSession(version, loaded, async (session) => {
    ({ listed: row.listed, listError: row.listError } = await listOnce(session, loaded));
    session.slot.answer = answer;
    try {
      const result = await session.client.callTool({ name: loaded.tool, arguments: loaded.role === 'input' ? answer : {} });
      row.structuredContent = (result.structuredContent ?? null) as Json | null;
      row.isError = result.isError === true;
      const text = result.content?.find((c) => c.type === 'text')?.text;
      row.text = typeof text === 'string' ? text : null;
    } catch (e) {
      row.callError = errorText(e);
    }
  });
  return done ? row : { ...row, callError: `The SDK did not answer within ${RUN_TIMEOUT_MS} ms` };
}

/** Lists the tool on a real server and client (no call). */
export async function listWithSdk(version: SdkVersion, loaded: LoadedCase): Promise<SdkListing> {
  const out: SdkListing = { listed: null, listError: null, served: null };
  const done = await withSession(version, loaded, async (session) => {
    ({ listed: out.listed, listError: out.listError } = await listOnce(session, loaded));
    // v2 keeps the schema it converted (before the 2025 wire codec wraps non-object roots); v1 has no such field.
    if (loaded.role === 'output' && isJsonSchema(session.registered.outputSchemaJson)) out.served = session.registered.outputSchemaJson;
  });
  return done ? out : { ...out, listError: `The SDK did not answer tools/list within ${RUN_TIMEOUT_MS} ms` };
}

/** The session's tools/list, asked once (the client keeps the output validators it compiled from it for later calls). */
function listOnce(session: Session, loaded: LoadedCase): NonNullable<Session['listing']> {
  session.listing ??= session.client.listTools().then(
    (result) => ({ listed: listedOf(result, loaded), listError: null }),
    (e: unknown) => ({ listed: null, listError: errorText(e) }),
  );
  return session.listing;
}

function handlerFor(role: LoadedCase['role'], slot: Session['slot']): Handler {
  if (role === 'output') return () => ({ structuredContent: slot.answer, content: textOf(slot.answer) });
  // With an inputSchema both SDKs call handler(args, extra): echo what the server's parse made of the arguments.
  return (args) => ({ content: textOf(args) });
}

/** The text block our stand-in tool adds. A value too deep for JSON.stringify gets none: that throw would be our tool's, not the SDK's. */
function textOf(value: unknown): Content[] {
  try {
    return [{ type: 'text', text: JSON.stringify(value) }];
  } catch {
    return [];
  }
}

function listedOf(result: Awaited<ReturnType<SdkClient['listTools']>>, loaded: LoadedCase): JsonSchema | null {
  const tool = result.tools.find((t) => t.name === loaded.tool);
  const schema = loaded.role === 'output' ? tool?.outputSchema : tool?.inputSchema;
  return isJsonSchema(schema) ? schema : null;
}

function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

/**
 * Runs `use` on the session for this schema, opening one if needed; runs on one session take turns. Resolves false
 * when the run (opening included) did not finish in time; the session is then closed and forgotten.
 */
async function withSession(version: SdkVersion, loaded: LoadedCase, use: (s: Session) => Promise<void>): Promise<boolean> {
  const entry = acquire(version, loaded);
  const turn = entry.queue.then(() => (entry.broken ? withSession(version, loaded, use) : quietly(() => runTimed(entry, loaded, use))));
  entry.queue = turn.catch(() => undefined);
  return turn;
}

async function runTimed(entry: Entry, loaded: LoadedCase, use: (s: Session) => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (async () => {
    entry.session ??= open(entry.version, loaded);
    await use(await entry.session);
    return true;
  })();
  run.catch(() => undefined);
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RUN_TIMEOUT_MS);
  });
  try {
    const done = await Promise.race([run, timeout]);
    // Closing also rejects whatever is still pending, so a timed-out run settles instead of lingering.
    if (!done) await discard(entry);
    return done;
  } catch (e) {
    await discard(entry);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** The entry for this key, most recently used; a new one evicts the least recently used beyond MAX_SESSIONS. */
function acquire(version: SdkVersion, loaded: LoadedCase): Entry {
  const at = entries.findIndex((e) => e.schema === loaded.schema && e.version === version && e.tool === loaded.tool && e.role === loaded.role);
  if (at >= 0) {
    const [hit] = entries.splice(at, 1) as [Entry];
    entries.push(hit);
    return hit;
  }
  const entry: Entry = { schema: loaded.schema, version, tool: loaded.tool, role: loaded.role, session: null, queue: Promise.resolve(), broken: false };
  entries.push(entry);
  while (entries.length > MAX_SESSIONS) {
    const old = entries.shift() as Entry;
    // Runs already queued on it finish first; nothing new can join it.
    old.queue = old.queue.then(() => quietly(() => closeEntry(old)));
  }
  return entry;
}

/** Forgets and closes a session after a failed or timed-out run. */
async function discard(entry: Entry): Promise<void> {
  entry.broken = true;
  const at = entries.indexOf(entry);
  if (at >= 0) entries.splice(at, 1);
  await closeEntry(entry);
}

async function closeEntry(entry: Entry): Promise<void> {
  const session = entry.session;
  entry.session = null;
  await session?.then((s) => s.close()).catch(() => undefined);
}

async function open(version: SdkVersion, loaded: LoadedCase): Promise<Session> {
  const info = { name: 'mcp-schema-playground', version: '1.0.0' };
  // SDK boundary: the classes are generic over schema types we only know at runtime.
  const server = (version === 'v1' ? new McpServerV1(info) : new McpServerV2(info)) as unknown as SdkServer;
  const client = (
    version === 'v1' ? new ClientV1(info) : new ClientV2(info, { jsonSchemaValidator: new AjvJsonSchemaValidator() })
  ) as unknown as SdkClient;
  const [clientSide, serverSide] = version === 'v1' ? InMemoryTransportV1.createLinkedPair() : InMemoryTransportV2.createLinkedPair();
  const config = loaded.role === 'output' ? { outputSchema: loaded.schema } : { inputSchema: loaded.schema };
  const slot: Session['slot'] = { answer: null };
  const registered = server.registerTool(loaded.tool, config, handlerFor(loaded.role, slot));
  const session: Session = {
    client,
    registered,
    slot,
    close: async () => {
      await client.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
  } catch (e) {
    await session.close();
    throw e;
  }
  return session;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
let quietDepth = 0;
let saved: Partial<Pick<Console, (typeof CONSOLE_METHODS)[number]>> = {};

/** The SDKs log tool-name warnings and transport chatter; runs overlap, so console is muted until the last one ends. */
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  if (quietDepth++ === 0) {
    saved = {};
    for (const m of CONSOLE_METHODS) {
      saved[m] = console[m];
      console[m] = () => undefined;
    }
  }
  try {
    return await run();
  } finally {
    if (--quietDepth === 0) Object.assign(console, saved);
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
