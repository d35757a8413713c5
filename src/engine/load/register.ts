/**
 * Tool registrations as a schema source: a paste that calls `<receiver>.registerTool(…)`, `.tool(…)` or
 * FastMCP's `.addTool({ … })` runs against a capturing server. `registerTool` and `tool` are the picked SDK's own
 * McpServer methods (its argument parsing and checks run for real); what each registered is read back from the SDK's
 * registry. A receiver root not declared in the paste (`server`, `mcp`, `this`) is bound to the capturing server, an
 * SDK import (`McpServer`, `FastMCP`) constructs one, and any other import is a stand-in that says what to paste the
 * moment the code uses it.
 */
import { DEFAULT_V1 } from '../worlds/world.ts';
import { librarySchemaOf } from '../libs/index.ts';
import { sdkV2 } from '../real-sdk/v2-chunk.ts';
import { ImportRefused } from './modules.ts';
import type { Token } from './scan.ts';

/** The calls that register a tool. */
const METHODS = ['registerTool', 'tool', 'addTool'] as const;
type Method = (typeof METHODS)[number];

/** One tool the paste registered: the values it passed (a schema or a raw shape) and its handler. */
export interface RegisteredTool {
  name: string;
  description: string | null;
  form: Method;
  input: unknown;
  output: unknown;
  /** Calls the handler as the SDK would (`handler(args, extra)`, or `handler(extra)` for a tool without input). */
  call: ((args: unknown) => unknown) | null;
}

/**
 * What the scan found: the receiver roots to bind (free names), whether `this` is one, and `servers`: other names the
 * paste uses without declaring them that name a server or its class (`new S(server)`, `register(server)`, `new
 * McpServer(…)` without its import), bound to a capturing server too where the code compiles with them.
 */
export interface Registrations {
  free: string[];
  usesThis: boolean;
  servers: string[];
}

/** A name that, used without a declaration in a paste that registers tools, means the server or its class. */
const SERVER_NAME = /server|mcp/i;

const DECLARES = new Set(['const', 'let', 'var', 'function', 'class']);

/** Names the program's function already takes (instrument.ts), never bound to a server. */
const RESERVED = new Set(['require', 'exports', 'module', 'z']);

/** The registration calls in transpiled code, or null when it registers nothing. */
export function registrationsIn(code: string, tokens: Token[], declared: readonly string[]): Registrations | null {
  const roots = new Set<string>();
  for (let k = 0; k + 2 < tokens.length; k++) {
    const method = tokens[k + 1]?.text ?? '';
    if (tokens[k]?.text !== '.' || !(METHODS as readonly string[]).includes(method) || tokens[k + 2]?.text !== '(') continue;
    let j = k - 1;
    while (tokens[j - 1]?.text === '.' && tokens[j - 2]?.kind === 'name') j -= 2;
    const root = tokens[j];
    if (root?.kind === 'name') roots.add(root.text);
  }
  if (roots.size === 0) return null;
  const isDeclared = (n: string) => declared.includes(n) || RESERVED.has(n) || new RegExp(`\\b(?:function|class)\\s+${n.replace(/\$/g, '\\$')}\\b`).test(code);
  const free = [...roots].filter((n) => n !== 'this' && /^[A-Za-z_$][\w$]*$/.test(n) && !isDeclared(n));
  const servers = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const before = tokens[k - 1]?.text;
    // Not a property (`x.server`), a key (`{ server: … }`) or a declaration's name.
    if (t.kind !== 'name' || !SERVER_NAME.test(t.text) || before === '.' || tokens[k + 1]?.text === ':' || DECLARES.has(before ?? '')) continue;
    if (!free.includes(t.text) && !isDeclared(t.text)) servers.add(t.text);
  }
  return { free, usesThis: roots.has('this'), servers: [...servers] };
}

/** Thrown when the code uses a name imported from a module that is not here: names it, its module and what to paste. */
export class MissingImport extends ImportRefused {
  constructor(
    module: string,
    readonly binding: string,
    importable: readonly string[],
  ) {
    super(module, importable);
    const what = binding === 'default' ? 'its default export' : binding;
    this.message = `${this.message} The code uses ${what} from it: paste the definition of ${what} in place of the import.`;
  }
}

/** Where one run's registrations go, and the SDK server class that checks them. */
export class Capture {
  readonly tools: RegisteredTool[] = [];
  constructor(private readonly McpServer: new (info: object) => object = DEFAULT_V1.McpServer as new (info: object) => object) {}

  /** A capturing server: the registration methods, and any other property a chain (`this.server`, `ctx.mcp`) or a call reaches. */
  host(): object {
    const info = { name: 'mcp-schema-playground-capture', version: '1.0.0' };
    const sdk = new this.McpServer(info) as SdkServer;
    let v2: SdkServer | undefined;
    // Another library's schema (engine/libs) is registered as a v2 server registers it: SDK 1.x takes zod only (its
    // registerTool throws), so a paste with one is a v2 server's (its chunk is loaded with the library's: chunks.ts).
    const serverFor = (fields: unknown[]): SdkServer => (fields.some((f) => librarySchemaOf(f) !== null) ? (v2 ??= new (sdkV2.get().McpServer as unknown as new (i: object) => SdkServer)(info)) : sdk);
    const methods: Record<Method, (...args: unknown[]) => unknown> = {
      registerTool: (name, config, handler) => {
        const fields = schemaFields(config);
        const server = serverFor(fields);
        return this.sdkRegistered(server, 'registerTool', name, () => server.registerTool(name, config, handler), fields);
      },
      tool: (name, ...rest) => this.sdkRegistered(sdk, 'tool', name, () => sdk.tool(name, ...rest), rest),
      addTool: (options) => this.fastMcp(options),
    };
    const host: object = new Proxy(function host() {}, {
      get: (_, p) => (p === 'then' ? undefined : (methods as Record<PropertyKey, unknown>)[p] ?? host),
      apply: () => Promise.resolve(undefined),
      construct: () => host,
    });
    return host;
  }

  /** The `require` of a registration paste: zod as before, SDK modules whose server classes capture, stand-ins for the rest. */
  requireWith(base: (name: unknown) => unknown): (name: unknown) => unknown {
    return (name) => {
      try {
        return base(name);
      } catch (e) {
        if (!(e instanceof ImportRefused)) throw e;
        const module = String(name);
        if (/^@modelcontextprotocol\/|^fastmcp$/.test(module)) return this.sdkModule();
        return missingModule((binding) => new MissingImport(module, binding, e.importable), () => this.host());
      }
    };
  }

  private sdkModule(): object {
    const ServerClass = new Proxy(function Server() {}, { construct: () => this.host() });
    const inert: object = new Proxy(function inert() {}, { get: (_, p) => (p === 'then' ? undefined : inert), apply: () => inert, construct: () => inert });
    return new Proxy({}, { get: (_, p) => (p === '__esModule' ? true : p === 'McpServer' || p === 'FastMCP' || p === 'Server' ? ServerClass : inert) });
  }

  private sdkRegistered(sdk: SdkServer, form: 'registerTool' | 'tool', name: unknown, register: () => unknown, passed: unknown[]): unknown {
    const out = muted(register);
    const tools = sdk._registeredTools ?? {};
    const reg = typeof name === 'string' ? tools[name] : undefined;
    if (!reg || typeof name !== 'string') return out;
    const handler = reg.handler ?? reg.callback;
    const hasInput = reg.inputSchema !== undefined;
    this.tools.push({
      name,
      description: typeof reg.description === 'string' ? reg.description : null,
      form,
      input: userValue(reg.inputSchema, passed),
      output: userValue(reg.outputSchema, passed),
      call: typeof handler === 'function' ? (args) => (hasInput ? handler(args, extra()) : handler(extra())) : null,
    });
    return out;
  }

  private fastMcp(options: unknown): void {
    const o = (typeof options === 'object' && options !== null ? options : {}) as Record<string, unknown>;
    if (typeof o['name'] !== 'string') throw new TypeError('addTool takes { name, description?, parameters?, execute }: the name is missing.');
    const execute = o['execute'];
    this.tools.push({
      name: o['name'],
      description: typeof o['description'] === 'string' ? o['description'] : null,
      form: 'addTool',
      input: o['parameters'] ?? {},
      output: undefined,
      call: typeof execute === 'function' ? (args) => execute(args, extra()) : null,
    });
  }
}

type Handler = (...args: unknown[]) => unknown;
interface SdkServer {
  registerTool(...args: unknown[]): unknown;
  tool(...args: unknown[]): unknown;
  _registeredTools?: Record<string, { description?: unknown; inputSchema?: unknown; outputSchema?: unknown; handler?: Handler; callback?: Handler }>;
}

/** The config's schema fields (the values the SDK wraps when they are raw shapes). */
function schemaFields(config: unknown): unknown[] {
  const c = (typeof config === 'object' && config !== null ? config : {}) as { inputSchema?: unknown; outputSchema?: unknown };
  return [c.inputSchema, c.outputSchema];
}

/**
 * The value the user passed for a schema the SDK registered: the schema itself, or (when the SDK wrapped a raw shape
 * in its own `z.object`) that shape, so the loader wraps it with the picked zod exactly as a pasted bare shape.
 */
function userValue(registered: unknown, passed: unknown[]): unknown {
  if (registered === undefined) return undefined;
  if (passed.includes(registered)) return registered;
  const r = registered as { shape?: unknown; _zod?: { def?: { shape?: unknown } } };
  return r._zod?.def?.shape ?? r.shape ?? registered;
}

/** The `extra` a handler receives (RequestHandlerExtra's fields a handler reads). */
function extra(): object {
  return { signal: new AbortController().signal, requestId: 0, sendNotification: async () => undefined, sendRequest: async () => undefined };
}

/** The SDK warns about tool names on the console; the name's warnings are shown by the app (tool-name.ts). */
function muted<T>(run: () => T): T {
  const warn = console.warn;
  // A hardened realm may refuse the assignment: the warning then goes to the console, nothing else changes.
  const set = (w: typeof warn) => {
    try {
      console.warn = w;
    } catch {
      // left as it is
    }
  };
  set(() => undefined);
  try {
    return run();
  } finally {
    set(warn);
  }
}

/** A module not here: each export is a stand-in that throws `missing(name)` when used, or a capturing server when it is one. */
function missingModule(missing: (binding: string) => Error, hostOf: () => object): object {
  let host: object | undefined;
  const standIn = (binding: string): object => {
    const refuse = (): never => {
      throw missing(binding);
    };
    return new Proxy(function standIn() {}, {
      get: (_, p) => ((METHODS as readonly PropertyKey[]).includes(p) ? ((host ??= hostOf()) as Record<PropertyKey, unknown>)[p] : p === 'then' ? undefined : refuse()),
      has: refuse,
      apply: refuse,
      construct: refuse,
      ownKeys: refuse,
      getPrototypeOf: refuse,
    });
  };
  return new Proxy({}, { get: (_, p) => (p === '__esModule' ? true : typeof p === 'string' ? standIn(p) : undefined) });
}
