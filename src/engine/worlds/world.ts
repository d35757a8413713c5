/**
 * A version world: the zod, @modelcontextprotocol/sdk and @modelcontextprotocol/server/client a case runs,
 * as the module objects of the real packages. The default world is the statically imported packages (no slower
 * path); any other is imported on first use from the world entries, tagged so every package in it shares the zod a
 * clean install gives it (worlds/table.ts).
 */
import * as zodRoot from 'zod';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { getParseErrorMessage } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { DEFAULT_V1_CLIENT } from './v1-client.ts';
import { sdkV2 } from '../real-sdk/v2-chunk.ts';
import { DEFAULT_IMPORTABLE } from '../load/modules.ts';
import type { ZodModules, ZodV4 } from './zod-modules.ts';
import { DEFAULT_VERSIONS, type SdkVersion, type Versions, type ZodVersion } from '../contract/versions.ts';

// Their own module (load/ reads them, and world.ts imports load/modules.ts): named here too.

type Ctor = new (...args: never[]) => unknown;
/** A zod schema parse result, the part the SDK surfaces use. */
type SafeParse = { safeParse(value: unknown): { success: boolean; data?: unknown; error?: { message: string } } };

/** One v1 SDK's surface (1.32.2 and 1.20.2 share it; 1.20 has no validator provider and takes only a raw shape). */
export interface V1Api {
  version: SdkVersion;
  McpServer: Ctor;
  Client: Ctor;
  InMemoryTransport: { createLinkedPair(): [unknown, unknown] };
  CallToolResultSchema: SafeParse;
  ListToolsResultSchema: SafeParse;
  ErrorCode: { InvalidParams: number; InvalidRequest: number };
  McpError: new (code: number, message: string) => Error;
  /** 1.32's zod-compat wording of a parse error; absent in 1.20 (it prints the ZodError's message). */
  getParseErrorMessage?: (error: unknown) => string;
  /** 1.32's Ajv provider; absent in 1.20, whose Client compiles with its own Ajv 6 (`client._ajv`). */
  AjvJsonSchemaValidator?: Ctor;
  /** The version of the Ajv its Client compiles with when it is not the engine's own (1.20: its nested Ajv 6). */
  ajvVersion?: string;
}

/** The v2 server and client's surface. */
export interface V2Api {
  McpServer: Ctor;
  Client: Ctor;
  InMemoryTransport: { createLinkedPair(): [unknown, unknown] };
  AjvJsonSchemaValidator: Ctor;
  /** `@modelcontextprotocol/server/stdio`'s era-deciding entry: the only route to the 2026-07-28 era (era.ts). */
  serveStdio: (factory: () => unknown, options: { transport: unknown }) => { close(): Promise<void> };
}

/** The packages one case runs. */
export interface World {
  versions: Versions;
  /** The default versions: every module is the statically imported one, exactly as before versions existed. */
  isDefault: boolean;
  zod: ZodModules;
  v1: V1Api;
  v2: V2Api;
}

const DEFAULT_ZOD: ZodModules = {
  version: DEFAULT_VERSIONS.zod,
  root: zodRoot,
  v4: zodRoot.z,
  importable: DEFAULT_IMPORTABLE,
};

/** The default v1 SDK (1.32.2). */
export const DEFAULT_V1: V1Api = {
  ...DEFAULT_V1_CLIENT,
  version: DEFAULT_VERSIONS.sdk,
  McpServer: McpServerV1,
  InMemoryTransport: InMemoryTransportV1,
  getParseErrorMessage: getParseErrorMessage as (error: unknown) => string,
};

/** The default v2 server and client (2.4.0), from their lazily loaded chunk (chunks.ts; evaluate() preloads it). */
export const DEFAULT_V2: V2Api = {
  get McpServer() {
    return sdkV2.get().McpServer as unknown as Ctor;
  },
  get Client() {
    return sdkV2.get().Client as unknown as Ctor;
  },
  get InMemoryTransport() {
    return sdkV2.get().InMemoryTransport;
  },
  get AjvJsonSchemaValidator() {
    return sdkV2.get().AjvJsonSchemaValidator as unknown as Ctor;
  },
  get serveStdio() {
    return sdkV2.get().serveStdio as unknown as V2Api['serveStdio'];
  },
};

/** The world every case ran before versions could be picked. */
export const DEFAULT_WORLD: World = { versions: DEFAULT_VERSIONS, isDefault: true, zod: DEFAULT_ZOD, v1: DEFAULT_V1, v2: DEFAULT_V2 };

/** The zod modules of a non-default zod package, from its tagged entry. */
export function zodModulesOf(version: ZodVersion, m: { root: Record<string, unknown>; v3: unknown; v4: ZodV4; v4mini: unknown }): ZodModules {
  const importable: Record<string, unknown> = { zod: m.root, 'zod/v3': m.v3, 'zod/v4': m.v4, 'zod/v4/mini': m.v4mini };
  if (!version.startsWith('3.')) importable['zod/mini'] = m.v4mini;
  return { version, root: m.root, v4: m.v4, importable };
}

