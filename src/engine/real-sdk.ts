/**
 * Runs the published MCP SDKs for real: one tool on a real McpServer, a real Client, linked by the SDK's own
 * InMemoryTransport. Browser-safe: only entry points without `node:` imports (v2 resolves its `_shims` per
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

interface Session {
  client: SdkClient;
  registered: { outputSchemaJson?: unknown };
  close(): Promise<void>;
}

/** Runs the case through the real server and client of one SDK major. Never hangs: a timeout becomes `callError`. */
export async function runRealSdk(version: SdkVersion, loaded: LoadedCase, answer: Json): Promise<RealSdkRow> {
  const row: RealSdkRow = { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: null };
  const done = await withSession(version, loaded, handlerFor(loaded.role, answer), async ({ client }) => {
    try {
      row.listed = listedOf(await client.listTools(), loaded);
    } catch (e) {
      row.listError = errorText(e);
    }
    try {
      const result = await client.callTool({ name: loaded.tool, arguments: loaded.role === 'input' ? answer : {} });
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
  const done = await withSession(version, loaded, () => ({ content: [] }), async ({ client, registered }) => {
    try {
      out.listed = listedOf(await client.listTools(), loaded);
    } catch (e) {
      out.listError = errorText(e);
    }
    // v2 keeps the schema it converted (before the 2025 wire codec wraps non-object roots); v1 has no such field.
    if (loaded.role === 'output' && isJsonSchema(registered.outputSchemaJson)) out.served = registered.outputSchemaJson;
  });
  return done ? out : { ...out, listError: `The SDK did not answer tools/list within ${RUN_TIMEOUT_MS} ms` };
}

function handlerFor(role: LoadedCase['role'], answer: Json): Handler {
  if (role === 'output') return () => ({ structuredContent: answer, content: textOf(answer) });
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

/** Opens a session, runs `use`, closes it. Resolves false when the whole run did not finish in time. */
async function withSession(version: SdkVersion, loaded: LoadedCase, handler: Handler, use: (s: Session) => Promise<void>): Promise<boolean> {
  return quietly(async () => {
    let session: Session | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const run = (async () => {
      session = await open(version, loaded, handler);
      if (over) await session.close();
      else await use(session);
      return true;
    })();
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), RUN_TIMEOUT_MS);
    });
    try {
      return await Promise.race([run, timeout]);
    } finally {
      over = true;
      clearTimeout(timer);
      // Closing also rejects whatever is still pending, so a timed-out run settles instead of lingering.
      await session?.close();
    }
  });
}

async function open(version: SdkVersion, loaded: LoadedCase, handler: Handler): Promise<Session> {
  const info = { name: 'mcp-schema-playground', version: '1.0.0' };
  // SDK boundary: the classes are generic over schema types we only know at runtime.
  const server = (version === 'v1' ? new McpServerV1(info) : new McpServerV2(info)) as unknown as SdkServer;
  const client = (
    version === 'v1' ? new ClientV1(info) : new ClientV2(info, { jsonSchemaValidator: new AjvJsonSchemaValidator() })
  ) as unknown as SdkClient;
  const [clientSide, serverSide] = version === 'v1' ? InMemoryTransportV1.createLinkedPair() : InMemoryTransportV2.createLinkedPair();
  const config = loaded.role === 'output' ? { outputSchema: loaded.schema } : { inputSchema: loaded.schema };
  const registered = server.registerTool(loaded.tool, config, handler);
  const session: Session = {
    client,
    registered,
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
