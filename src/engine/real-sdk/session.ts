/** One connected server and client of a published SDK major, our one tool registered (SDK boundary). */
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { sdkV2 } from '../chunks.ts';
import type { Json, JsonSchema } from '../report.ts';
import type { LoadedCase } from '../types.ts';

/** A published MCP SDK major. */
export type SdkVersion = 'v1' | 'v2';

type Content = { type: string; text?: unknown };
type ToolResult = { structuredContent?: unknown; isError?: unknown; content?: Content[] };
type Handler = (...args: unknown[]) => ToolResult;

/** The SDK surface we drive; both majors share these shapes (their generics do not fit a user schema known only at runtime). */
export interface SdkClient {
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
export interface Session {
  client: SdkClient;
  registered: { outputSchemaJson?: unknown };
  /** What the output tool answers with: set by each run before its call (runs on a session take turns). */
  slot: { answer: Json };
  /** This session's tools/list, once asked: the listing of one registered tool never changes, so later runs reuse it. */
  listing?: Promise<{ listed: JsonSchema | null; listError: string | null }>;
  close(): Promise<void>;
}

/** Opens a server and client of this major, linked by the SDK's own InMemoryTransport, with the case's tool registered. */
export async function open(version: SdkVersion, loaded: LoadedCase): Promise<Session> {
  const info = { name: 'mcp-schema-playground', version: '1.0.0' };
  const v2 = version === 'v2' ? await sdkV2.load() : null;
  // SDK boundary: the classes are generic over schema types we only know at runtime.
  const server = (v2 ? new v2.McpServer(info) : new McpServerV1(info)) as unknown as SdkServer;
  const client = (v2 ? new v2.Client(info, { jsonSchemaValidator: new v2.AjvJsonSchemaValidator() }) : new ClientV1(info)) as unknown as SdkClient;
  const [clientSide, serverSide] = v2 ? v2.InMemoryTransport.createLinkedPair() : InMemoryTransportV1.createLinkedPair();
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
