/**
 * The client's side of a real run: the published Client of one SDK major, connected over a port transport to the server
 * in the schema's realm. In the browser this runs in a client realm (src/sandbox/clientRealm.ts, or for a version
 * world's own client src/sandbox/clientRealmWorlds.ts, asked over its port by src/sandbox/realClients.ts); in Node in
 * the caller's realm (`inProcessClients`), over the same transport. Either way what the run reports (what the client
 * received, the message it threw) is what this client said.
 */
import type { RealSdkId } from '../contract/catalog.ts';
import type { SdkVersion, ServerVersion, ZodVersion } from '../contract/versions.ts';
import { messageOf } from '../lib/message.ts';
import { PortTransport, type PortLike } from './port-transport.ts';

type Ctor = new (...args: never[]) => unknown;

/** Which client to open: the SDK major and whether it pins the 2026-07-28 era (engine/era.ts). Data only. */
export interface ClientSpec {
  version: RealSdkId;
  modern: boolean;
  /**
   * A version world whose client of this major is its own (not the default world's): the versions that pick it. The
   * sandbox opens it in the worlds' client realm (src/sandbox/clientRealmWorlds.ts).
   */
  world?: { zod: ZodVersion; sdk: SdkVersion; server?: ServerVersion };
}

/** The classes a client of one major is made of (a world's, or the client realm's default ones). */
export interface ClientClasses {
  Client: Ctor;
  /** v2 only: the validator provider, pinned to Ajv (its Node default), so Node and browser runs agree. */
  AjvJsonSchemaValidator?: Ctor;
}

export type Content = { type: string; text?: unknown };
export type ToolResult = { structuredContent?: unknown; isError?: unknown; content?: Content[] };
export type ToolList = { tools: Array<{ name: string; inputSchema?: unknown; outputSchema?: unknown }> };

/** A connected client, as the schema's side drives it: its answers are data, its errors carry its own message. */
export interface RealClient {
  listTools(): Promise<ToolList>;
  callTool(params: { name: string; arguments: unknown }): Promise<ToolResult>;
  /** v2: the protocol version the connection negotiated; v1: undefined. */
  negotiated: string | undefined;
  /** False once the realm the client ran in was ended (the sandbox restarted it): the session must be opened again. */
  alive?(): boolean;
  close(): Promise<void>;
}

/** Where clients are opened: the client realm (the browser sandbox) or this realm. */
export interface ClientHost {
  open(spec: ClientSpec, port: MessagePort): Promise<RealClient>;
  /**
   * Settles once a spec naming a world can be opened at once (the sandbox: the worlds' client realm started and
   * ready), so a cold realm's start is not counted in a run's timeout. Absent: always at once.
   */
  prepare?(): Promise<void>;
}

/** The SDK surface we drive (its generics do not fit a user schema known only at runtime). */
interface SdkClient {
  listTools(): Promise<ToolList>;
  callTool(params: { name: string; arguments: unknown }): Promise<ToolResult>;
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  getNegotiatedProtocolVersion?(): string | undefined;
}

const INFO = { name: 'mcp-schema-playground', version: '1.0.0' };

/** Opens the published client of `spec` on `port` and connects it (the initialize handshake with the server). */
export async function connectClient(classes: ClientClasses, spec: ClientSpec, port: PortLike): Promise<RealClient> {
  const ClientClass = classes.Client as unknown as new (i: typeof INFO, o?: object) => SdkClient;
  const client =
    spec.version === 'v1'
      ? new ClientClass(INFO)
      : new ClientClass(INFO, {
          jsonSchemaValidator: new (classes.AjvJsonSchemaValidator as new () => object)(),
          // The v2 client pinned to the modern era (the 2025 era is its default negotiation).
          ...(spec.modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
        });
  const transport = new PortTransport(port);
  try {
    await client.connect(transport);
  } catch (e) {
    await client.close().catch(() => undefined);
    await transport.close();
    throw e;
  }
  return {
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    negotiated: client.getNegotiatedProtocolVersion?.(),
    close: async () => {
      await client.close().catch(() => undefined);
      await transport.close();
    },
  };
}

/** Clients opened in this realm from `classes` (Node; a version world's SDK in the browser). */
export function inProcessClients(classes: (version: RealSdkId) => ClientClasses): ClientHost {
  return { open: (spec, port) => connectClient(classes(spec.version), spec, port as unknown as PortLike) };
}

/** A client operation's outcome as data: its value, or the message the client threw. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Runs one client operation and keeps what it said, thrown or returned, as data for the other realm. */
export async function outcomeOf<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    return { ok: false, error: messageOf(e) };
  }
}
