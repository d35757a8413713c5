/**
 * One real client connected to the server under check: SDK 1.32.2's Client with its own transports and Ajv, or SDK
 * 2.4.0's Client with its transports and the Ajv or @cfworker/json-schema provider. Every JSON-RPC message the server
 * sends is read off the transport, so a call's raw answer is known even when the client throws before returning it.
 */
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator as AjvV1 } from '@modelcontextprotocol/sdk/validation/ajv';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { AjvJsonSchemaValidator as AjvV2 } from '@modelcontextprotocol/client/validators/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { Client as ClientBeta5, StreamableHTTPClientTransport as HttpBeta5 } from 'mcp-client-2-beta5';
import { StdioClientTransport as StdioBeta5 } from 'mcp-client-2-beta5/stdio';
import { AjvJsonSchemaValidator as AjvBeta5 } from 'mcp-client-2-beta5/validators/ajv';
import type { Json } from '../engine/report.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { CheckClient } from './findings.ts';
import type { Target } from './args.ts';

/** What a request came to: the client's own outcome (its exact message when it threw) and the server's raw answer. */
export interface Exchange<T> {
  /** What the client returned, or the message of what it threw. */
  outcome: { ok: true; value: T } | { ok: false; message: string };
  /** The JSON-RPC responses the server sent to this request's method (`result` or `error`), in order: one per page of a listing. */
  raw: RawAnswer[];
  /**
   * How many times the client's own output validator ran during the request: the validator functions its
   * jsonSchemaValidator handed out, counted as the client calls them. 0 after a call means it validated nothing.
   */
  validated: number;
  /** How many `notifications/tools/list_changed` the server had sent on this connection when the request ended. */
  listChanged: number;
  /** Set when this client never connected (why): nothing was asked of it. */
  absent?: string;
}

/** One JSON-RPC response as the server sent it. */
export type RawAnswer = { result: Json } | { error: Json };

/** The version of each client's SDK (test/check.test.ts compares these with the installed packages). */
export const SDK_VERSION: { [K in CheckClient]: string } = { 'sdk-v1': '1.32.2', 'sdk-v2-node': '2.4.0', 'sdk-v2-browser': '2.4.0', 'sdk-v2-beta5': '2.0.0-beta.5', 'python-sdk': 'mcp (Python)' };

/** A connected client. */
export interface Connection {
  client: CheckClient;
  /** The server's name and version from the handshake. */
  server: { name: string; version: string } | null;
  /** The packages that ran, where they are known only at run time (the Python client's `mcp` and `jsonschema`). */
  versions?: Record<string, string | null>;
  listTools(): Promise<Exchange<unknown>>;
  callTool(name: string, args: Json): Promise<Exchange<unknown>>;
  close(): Promise<void>;
}

/** The SDK surface both majors share (their generics do not fit schemas known only at run time). */
interface SdkClient {
  connect(transport: unknown, options?: { timeout?: number }): Promise<void>;
  getServerVersion(): { name: string; version: string } | undefined;
  listTools(params?: undefined, options?: { timeout?: number }): Promise<unknown>;
  /** v1: (params, resultSchema?, options?); v2: (params, options?). */
  callTool(params: { name: string; arguments?: unknown }, ...rest: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}
interface SdkTransport {
  send(message: unknown, options?: unknown): Promise<void>;
  onmessage?: (message: unknown, extra?: unknown) => void;
  readonly stderr?: NodeJS.ReadableStream | null;
}

const INFO = { name: 'mcp-schema-playground-check', version: '0.1.0' };

/** A jsonSchemaValidator provider, as both SDKs take one. */
interface Provider {
  getValidator(schema: unknown): (data: unknown) => unknown;
}

/** The provider, with each validator it hands out counting its runs in `tally` (what it returns is the provider's own). */
function counted(provider: Provider, tally: { runs: number }): Provider {
  return {
    getValidator(schema) {
      const validate = provider.getValidator(schema);
      return (data) => {
        tally.runs += 1;
        return validate(data);
      };
    },
  };
}

/** How each client is made (with its provider, counted), with the transports of its SDK. */
const MAKERS: { [K in Exclude<CheckClient, 'python-sdk'>]: { client(tally: { runs: number }): SdkClient; stdio(t: StdioTarget): SdkTransport; http(url: URL): SdkTransport } } = {
  'sdk-v1': {
    client: (tally) => new ClientV1(INFO, { jsonSchemaValidator: counted(new AjvV1() as Provider, tally) as never }) as unknown as SdkClient,
    stdio: (t) => new StdioV1({ command: t.command, args: t.args, env: t.env, stderr: 'pipe' }) as unknown as SdkTransport,
    http: (url) => new HttpV1(url) as unknown as SdkTransport,
  },
  'sdk-v2-node': {
    client: (tally) => new ClientV2(INFO, { jsonSchemaValidator: counted(new AjvV2() as Provider, tally) as never }) as unknown as SdkClient,
    stdio: (t) => new StdioV2({ command: t.command, args: t.args, env: t.env, stderr: 'pipe' }) as unknown as SdkTransport,
    http: (url) => new HttpV2(url) as unknown as SdkTransport,
  },
  'sdk-v2-browser': {
    client: (tally) => new ClientV2(INFO, { jsonSchemaValidator: counted(new CfWorkerJsonSchemaValidator() as Provider, tally) as never }) as unknown as SdkClient,
    stdio: (t) => new StdioV2({ command: t.command, args: t.args, env: t.env, stderr: 'pipe' }) as unknown as SdkTransport,
    http: (url) => new HttpV2(url) as unknown as SdkTransport,
  },
  // The betas' default validator in Node is their Ajv provider (shimsNode), which accepts JSON Schema 2020-12 only.
  'sdk-v2-beta5': {
    client: (tally) => new ClientBeta5(INFO, { jsonSchemaValidator: counted(new AjvBeta5() as Provider, tally) as never }) as unknown as SdkClient,
    stdio: (t) => new StdioBeta5({ command: t.command, args: t.args, env: t.env, stderr: 'pipe' }) as unknown as SdkTransport,
    http: (url) => new HttpBeta5(url) as unknown as SdkTransport,
  },
};

type StdioTarget = Extract<Target, { kind: 'stdio' }>;

/** The most of a server's stderr kept for an error message. */
const STDERR_TAIL = 2000;

/**
 * Connects one client to the target within `timeoutMs` (each request has the same bound). Rejects with why (and, for
 * a stdio server, the end of what it wrote on stderr).
 */
export async function connect(client: Exclude<CheckClient, 'python-sdk'>, target: Target, timeoutMs: number): Promise<Connection> {
  const make = MAKERS[client];
  const tally = { runs: 0 };
  const sdk = make.client(tally);
  const transport = target.kind === 'stdio' ? make.stdio(target) : make.http(new URL(target.url));
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL)));
  const answers = new Map<string | number, RawAnswer>();
  const options = { timeout: timeoutMs };
  try {
    await bounded(sdk.connect(transport, options), timeoutMs);
  } catch (e) {
    await sdk.close().catch(() => undefined);
    const said = stderr.trim() ? `; it wrote on stderr:\n${stderr.trim()}` : '';
    throw new Error(`${reasonOf(e, timeoutMs)}${said}`);
  }
  // After connect: the client has set its own handler, which still receives every message.
  const received = transport.onmessage;
  let listChanged = 0;
  transport.onmessage = (message, extra) => {
    const m = message as { id?: string | number; method?: string; result?: Json; error?: Json };
    if (m.id !== undefined && ('result' in m || 'error' in m)) answers.set(m.id, 'error' in m ? { error: m.error as Json } : { result: m.result as Json });
    if (m.id === undefined && m.method === 'notifications/tools/list_changed') listChanged += 1;
    received?.(message, extra);
  };
  const sent: Array<{ id: string | number; method: string }> = [];
  const send = transport.send.bind(transport);
  transport.send = (message, opts) => {
    const m = message as { id?: string | number; method?: string };
    if (m.id !== undefined && typeof m.method === 'string') sent.push({ id: m.id, method: m.method });
    return send(message, opts);
  };
  const exchange = async (method: string, request: () => Promise<unknown>): Promise<Exchange<unknown>> => {
    const before = sent.length;
    const runs = tally.runs;
    let outcome: Exchange<unknown>['outcome'];
    try {
      outcome = { ok: true, value: await bounded(request(), timeoutMs) };
    } catch (e) {
      outcome = { ok: false, message: messageOf(e) };
    }
    const raw = sent.slice(before).flatMap((r) => (r.method === method && answers.has(r.id) ? [answers.get(r.id) as RawAnswer] : []));
    return { outcome, raw, validated: tally.runs - runs, listChanged };
  };
  const info = sdk.getServerVersion();
  return {
    client,
    // Only the name and version: the handshake's serverInfo may also carry a title, icons, a description.
    server: info ? { name: String(info.name), version: String(info.version ?? '') } : null,
    listTools: () => exchange('tools/list', () => sdk.listTools(undefined, options)),
    callTool: (name, args) => exchange('tools/call', () => sdk.callTool({ name, arguments: args }, ...(client === 'sdk-v1' ? [undefined, options] : [options]))),
    close: () => sdk.close().catch(() => undefined),
  };
}

/** Why a connection failed, in words: a timeout says which bound, a network failure its cause (fetch says only "fetch failed"). */
function reasonOf(e: unknown, timeoutMs: number): string {
  const said = messageOf(e);
  if (/timed out|no answer within/i.test(said)) return `no answer within ${timeoutMs} ms (--timeout) (${said})`;
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : null;
  const code = (cause as { code?: unknown } | null)?.code;
  return cause ? `${said}: ${typeof code === 'string' ? `${code} ` : ''}${cause.message}` : said;
}

/** The target in words. */
export function describe(target: Target): string {
  return target.kind === 'http' ? target.url : `\`${[target.command, ...target.args].join(' ')}\``;
}

/** The promise, or a rejection after `ms` (the SDK's own request timeout covers requests; this covers a stalled start). */
function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms + 1000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
