/**
 * One real run's server and client of a published SDK major, our one tool registered (SDK boundary). The server runs
 * here, in the schema's realm; the client on the other end of a MessagePort transport (port-transport.ts), in a
 * client realm when the engine session has one (the browser sandbox: EngineSession.sdkClients; a version world's own
 * client in the worlds' client realm), else in this realm over the same transport.
 */
import { DEFAULT_V1, DEFAULT_V2, DEFAULT_WORLD, type World } from '../worlds/world.ts';
import { sdkV2 } from '../chunks.ts';
import type { Json, JsonSchema } from '../report.ts';
import type { LoadedCase } from '../types.ts';
import type { RealSdkId } from '../contract/catalog.ts';
import { isModern } from '../era.ts';
import { portPair } from './port-transport.ts';
import { inProcessClients, type ClientHost, type ClientSpec, type Content, type RealClient, type ToolResult } from './client-side.ts';

type Handler = (...args: unknown[]) => ToolResult;

interface SdkServer {
  registerTool(name: string, config: object, handler: Handler): { outputSchemaJson?: unknown };
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

/** A connected server and client with our one tool registered, kept for the next run on the same schema. */
export interface Session {
  client: RealClient;
  registered: { outputSchemaJson?: unknown };
  /**
   * What the output tool answers with: set by each run before its call (runs on a session take turns). `serialize`:
   * the answer holds what only a real transport's JSON turns into JSON (a handler's Date), so the server's messages
   * go through JSON on their way to the client, as over stdio or HTTP.
   */
  slot: { answer: Json; serialize: boolean };
  /** This session's tools/list, once asked: the listing of one registered tool never changes, so later runs reuse it. */
  listing?: Promise<{ listed: JsonSchema | null; listError: string | null }>;
  /** False once its client's realm was ended (the pool then opens the session again). */
  alive(): boolean;
  close(): Promise<void>;
}

/**
 * Where this run's client runs: the engine session's client host when it has one (the sandbox's client realms; a
 * world's own client is named by the spec's `world`), else (Node) beside the server, over the same transport.
 */
function clientsFor(world: World, host: ClientHost | undefined): ClientHost {
  return host ?? inProcessClients((v) => (v === 'v1' ? world.v1 : world.v2));
}

/** The versions that pick the world's client of this major, when it is not the default world's. */
export function worldSpecOf(world: World, version: RealSdkId): Pick<ClientSpec, 'world'> {
  const own = version === 'v1' ? world.v1 !== DEFAULT_V1 : world.v2 !== DEFAULT_V2;
  // A client world's v2 client is picked by its version too.
  const server = version === 'v2' && world.v2Client ? { server: world.versions.server } : {};
  return own ? { world: { zod: world.versions.zod, sdk: world.versions.sdk, ...server } } : {};
}

/** Opens a server of this major here and its client where clients run, linked by a MessagePort transport, the case's tool registered. */
export async function open(version: RealSdkId, loaded: LoadedCase): Promise<Session> {
  const info = { name: 'mcp-schema-playground', version: '1.0.0' };
  const world = loaded.world ?? DEFAULT_WORLD;
  // The default v2 packages are a lazily loaded chunk (evaluate() preloads it; a direct caller may not have).
  if (version === 'v2') await sdkV2.load();
  const api = version === 'v1' ? world.v1 : world.v2;
  // SDK boundary: the classes are generic over schema types we only know at runtime.
  const Server = api.McpServer as unknown as new (i: typeof info) => SdkServer;
  const { server: serverSide, clientPort } = portPair();
  const slot: Session['slot'] = { answer: null, serialize: false };
  serializeOutgoing(serverSide, slot);
  // 1.20's registerTool takes only a raw shape and wraps it in its own z.object (a real 1.20 server passes `.shape`).
  const schema = version === 'v1' && world.v1.version === '1.20.2' ? rawShapeOf(loaded.schema) : loaded.schema;
  const config = loaded.role === 'output' ? { outputSchema: schema } : { inputSchema: schema };
  const serve = (): SdkServer => {
    const server = new Server(info);
    session.registered = server.registerTool(loaded.tool, config, handlerFor(loaded, slot));
    return server;
  };
  let closeServer = async () => undefined as unknown;
  let client: RealClient | null = null;
  const session: Session = {
    get client() {
      return client as RealClient;
    },
    registered: {},
    slot,
    alive: () => client?.alive?.() !== false,
    close: async () => {
      await client?.close().catch(() => undefined);
      await closeServer().catch(() => undefined);
    },
  };
  try {
    if (version === 'v2' && isModern(loaded)) {
      // Only the SDK's own serving entry offers the 2026-07-28 era (a hand-connected McpServer answers server/discover with "Method not found").
      const handle = world.v2.serveStdio(serve, { transport: serverSide });
      closeServer = () => handle.close();
    } else {
      const server = serve();
      closeServer = () => server.close();
      await server.connect(serverSide);
    }
    client = await clientsFor(world, loaded.sdkClients).open({ version, modern: isModern(loaded), ...worldSpecOf(world, version) }, clientPort);
  } catch (e) {
    await session.close();
    clientPort.close();
    throw e;
  }
  return session;
}

/** Passes the server's messages through JSON (`JSON.stringify`, then parse) while the slot asks for it. */
function serializeOutgoing(transport: unknown, slot: Session['slot']): void {
  const t = transport as { send(message: unknown, options?: unknown): Promise<void> };
  const send = t.send.bind(t);
  t.send = (message, options) => send(slot.serialize ? (JSON.parse(JSON.stringify(message)) as unknown) : message, options);
}

/** An object schema's shape (zod 3 and 4 both have `.shape`), else the schema as it is. */
function rawShapeOf(schema: LoadedCase['schema']): unknown {
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? shape : schema;
}

function handlerFor({ role, answerForm }: LoadedCase, slot: Session['slot']): Handler {
  // A whole result is returned as the answer gives it, as a real tool handler would.
  if (role === 'output' && answerForm === 'result') return () => slot.answer as ToolResult;
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
