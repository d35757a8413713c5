/**
 * Runs the published MCP SDKs for real: one tool on a real McpServer in the schema's realm, a real Client in the client
 * realm (in Node, beside it), linked by a MessagePort transport (real-sdk/port-transport.ts). A connected pair is kept per (schema object, SDK major, tool, role) for the next run, as the
 * answer editor re-evaluates the same schema on every keystroke; only the tool's answer changes between runs. Browser-safe: only entry points without `node:` imports (v2 resolves its `_shims` per
 * environment). The v2 client's validator is pinned to the Ajv provider, its Node default, so Node and browser runs agree.
 */
import { isPlainJson } from './lib/json.ts';
import { messageOf } from './lib/message.ts';
import { isModern, sdkProtocols } from './era.ts';
import type { JsonSchema, Json } from './report.ts';
import type { ExpandedRealSdkRow as RealSdkRow } from './values.ts';
import type { LoadedCase } from './types.ts';
import { RUN_TIMEOUT_MS, sessionPool } from './real-sdk/pool.ts';
import { open, worldSpecOf, type Session } from './real-sdk/session.ts';
import type { ToolList } from './real-sdk/client-side.ts';
import type { RealSdkId } from './contract/catalog.ts';


/** What a real tools/list showed: the listed schema, the error, and (v2) the schema the server converted before wire encoding. */
export interface SdkListing {
  listed: JsonSchema | null;
  listError: string | null;
  served: JsonSchema | null;
}

/** Runs the case through the real server and client of one SDK major. Never hangs: a timeout becomes `callError`. */
export async function runRealSdk(version: RealSdkId, loaded: LoadedCase, answer: Json): Promise<RealSdkRow> {
  const row: RealSdkRow = { listed: null, listError: null, structuredContent: null, isError: false, text: null, callError: null };
  const done = await withSession(version, loaded, async (session) => {
    ({ listed: row.listed, listError: row.listError } = await listOnce(session, loaded));
    session.slot.answer = answer;
    // A handler's Date (a z.date() answer): only a transport that serializes turns it into the string a client sees.
    session.slot.serialize = !isPlainJson(answer);
    try {
      const result = await session.client.callTool({ name: loaded.tool, arguments: loaded.role === 'input' ? answer : {} });
      row.structuredContent = (result.structuredContent ?? null) as Json | null;
      row.isError = result.isError === true;
      const text = result.content?.find((c) => c.type === 'text')?.text;
      row.text = typeof text === 'string' ? text : null;
    } catch (e) {
      row.callError = messageOf(e);
    }
    // In the modern era the rows name the era each SDK really spoke (v1 knows only 2025-11-25).
    if (isModern(loaded)) row.protocol = version === 'v2' ? (session.client.negotiated ?? 'none') : sdkProtocols(loaded).v1;
  });
  return done ? row : { ...row, callError: `The SDK did not answer within ${RUN_TIMEOUT_MS} ms` };
}

/** Lists the tool on a real server and client (no call). */
export async function listWithSdk(version: RealSdkId, loaded: LoadedCase): Promise<SdkListing> {
  const out: SdkListing = { listed: null, listError: null, served: null };
  const done = await withSession(version, loaded, async (session) => {
    ({ listed: out.listed, listError: out.listError } = await listOnce(session, loaded));
    // v2 keeps the schema it converted (before the 2025 wire codec wraps non-object roots); v1 has no such field.
    if (loaded.role === 'output' && isJsonSchema(session.registered.outputSchemaJson)) out.served = session.registered.outputSchemaJson;
  });
  return done ? out : { ...out, listError: `The SDK did not answer tools/list within ${RUN_TIMEOUT_MS} ms` };
}

/**
 * Runs `use` on the session for this case in the engine session's pool (`loaded.sdkSessions`), kept for the next run;
 * without one, on a session opened for this run and closed after it.
 */
async function withSession(version: RealSdkId, loaded: LoadedCase, use: (s: Session) => Promise<void>): Promise<boolean> {
  const api = version === 'v1' ? loaded.world?.v1 : loaded.world?.v2;
  const key = [loaded.schema, version, api, loaded.tool, loaded.role, loaded.answerForm, loaded.protocol];
  const pool = loaded.sdkSessions ?? sessionPool();
  // A world's own client: its realm is made ready first, outside the run's timeout (a failure shows when it opens).
  if (loaded.world && loaded.sdkClients?.prepare && worldSpecOf(loaded.world, version).world) await loaded.sdkClients.prepare().catch(() => undefined);
  try {
    return await pool.withSession(key, () => open(version, loaded), use);
  } finally {
    if (pool !== loaded.sdkSessions) await pool.close();
  }
}

/** The session's tools/list, asked once (the client keeps the output validators it compiled from it for later calls). */
function listOnce(session: Session, loaded: LoadedCase): NonNullable<Session['listing']> {
  session.listing ??= session.client.listTools().then(
    (result) => ({ listed: listedOf(result, loaded), listError: null }),
    (e: unknown) => ({ listed: null, listError: messageOf(e) }),
  );
  return session.listing;
}

function listedOf(result: ToolList, loaded: LoadedCase): JsonSchema | null {
  const tool = result.tools.find((t) => t.name === loaded.tool);
  const schema = loaded.role === 'output' ? tool?.outputSchema : tool?.inputSchema;
  return isJsonSchema(schema) ? schema : null;
}

function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}
