/**
 * The catalog: every converter, policy, client, role and real-SDK run by id, with the title users see and a one-line
 * summary. The only source of these names for the engine, the UI and the README (test/catalog.test.ts checks it).
 * Pure data (its one import, the package versions the summaries name, is pure data too), so the page reads it without
 * pulling in the engine (zod, Ajv, the SDKs), which runs only in the sandbox worker. Adding a converter, policy or client is one line here plus its file and its registry line;
 * the registries are typed against these ids, so a missing or extra entry fails the compiler.
 */

import { PACKAGE_VERSIONS } from './versions.ts';

const V1 = PACKAGE_VERSIONS['@modelcontextprotocol/sdk'];
const V2_SERVER = PACKAGE_VERSIONS['@modelcontextprotocol/server'];
const V2_CLIENT = PACKAGE_VERSIONS['@modelcontextprotocol/client'];

/** A name and a one-line explanation. */
export interface Entry<Id extends string = string> {
  readonly id: Id;
  readonly title: string;
  readonly summary: string;
}

/** A validating client: `short` is how a verdict row names it beside the chosen client. */
export interface ClientEntry<Id extends string = string> extends Entry<Id> {
  readonly short: string;
}

/**
 * A converter: `origin` is one sentence on where a converter that is neither zod nor a published SDK comes from (a
 * proposal, another server), shown beside its listing; null for zod and the SDKs.
 */
export interface ConverterEntry<Id extends string = string> extends Entry<Id> {
  readonly origin: string | null;
}

/** A run of a published SDK (server and client): `pkg` is the server package whose version the Report carries. */
export interface RealSdkEntry<Id extends string = string> extends Entry<Id> {
  readonly pkg: string;
}

type IdsOf<L extends readonly Entry[]> = { readonly [K in keyof L]: L[K] extends Entry<infer Id> ? Id : never };

/** The ids of a list, in its order, as a tuple (what `z.enum` takes). */
function idsOf<L extends readonly Entry[]>(list: L): IdsOf<L> {
  return list.map((e) => e.id) as unknown as IdsOf<L>;
}

/** Converters in display order. */
export const CONVERTER_ENTRIES = [
  { id: 'zod', title: 'zod', summary: 'z.toJSONSchema(schema, { io }) as zod itself writes it (draft 2020-12); an unrepresentable type throws', origin: null },
  { id: 'mcp-sdk-v1', title: 'SDK v1', summary: `@modelcontextprotocol/sdk ${V1} run for real (draft-07); a non-object output root is not listed; speaks only protocol 2025-11-25`, origin: null },
  { id: 'mcp-sdk-v2', title: 'SDK v2', summary: `@modelcontextprotocol/server ${V2_SERVER} run for real (draft 2020-12); a non-object output ships as { result } on protocol 2025-11-25, bare on 2026-07-28`, origin: null },
  { id: 'wire-truthful', title: 'wire-truthful', summary: 'a proposed SDK converter (SDK PR #2556, not merged) that lists what the server really ships: defaults optional, plain objects open, dates as strings',
    origin: 'a converter proposed for the SDKs (SDK PR #2556, not merged): it lists what the server really ships, not what zod parses' },
  { id: 'frontmcp', title: 'FrontMCP', summary: 'FrontMCP’s converter (FrontMCP PR #981): lists objects and unions of objects only, anything else left out with a warning',
    origin: 'FrontMCP’s converter (FrontMCP PR #981), not in the published SDKs' },
  { id: 'lenient-output', title: 'lenient-output', summary: 'the neomjs server’s converter (neomjs PR #10067): output objects open at every level, a non-object output in an open { result } (bare on protocol 2026-07-28)',
    origin: 'the neomjs server’s converter (neomjs PR #10067): every output object open, so extra keys pass' },
] as const satisfies readonly ConverterEntry[];

/** Undeclared-key policies in display order. */
export const POLICY_ENTRIES = [
  { id: 'raw', title: 'raw', summary: 'what the published SDKs do today: zod validates, then the answer ships as the tool returned it' },
  { id: 'strip', title: 'strip', summary: 'FrontMCP’s policy (PR #981, not in the SDKs): ships the parsed answer, undeclared keys dropped silently (its default outside development)' },
  { id: 'warn', title: 'warn', summary: 'FrontMCP’s policy (PR #981, not in the SDKs): ships the parsed answer and logs the dropped key paths (its default in development)' },
  { id: 'keep', title: 'keep', summary: 'FrontMCP’s policy (PR #981, not in the SDKs): puts undeclared keys back and lists the schema open at every level' },
  { id: 'fail', title: 'fail', summary: 'FrontMCP’s policy (PR #981, not in the SDKs): refuses an answer with undeclared keys (INVALID_OUTPUT; clients get a generic message)' },
] as const satisfies readonly Entry[];

/** Validating clients in display order. */
export const CLIENT_ENTRIES = [
  { id: 'sdk-v1', title: 'SDK v1 client', short: 'v1', summary: `@modelcontextprotocol/sdk ${V1}: one draft-07 Ajv whatever the $schema, all errors; speaks only protocol 2025-11-25` },
  { id: 'sdk-v2-node', title: 'SDK v2 client (Node)', short: 'v2 (Node)', summary: `@modelcontextprotocol/client ${V2_CLIENT} in Node: Ajv by $schema, all errors; skips isError results; negotiates the case’s protocol` },
  { id: 'sdk-v2-browser', title: 'SDK v2 client (browser)', short: 'v2 (browser)', summary: `@modelcontextprotocol/client ${V2_CLIENT} in browsers: @cfworker/json-schema (short-circuit) by $schema; skips isError results; negotiates the case’s protocol` },
] as const satisfies readonly ClientEntry[];

/** The two roles a case can play. */
export const ROLE_ENTRIES = [
  { id: 'output', title: 'Output answer', summary: 'the tool’s answer against its outputSchema' },
  { id: 'input', title: 'Input arguments', summary: 'call arguments against the inputSchema' },
] as const satisfies readonly Entry[];

/** The published SDKs run for real, server and client linked in memory. */
export const REAL_SDK_ENTRIES = [
  { id: 'v1', title: 'SDK v1', pkg: '@modelcontextprotocol/sdk', summary: `@modelcontextprotocol/sdk ${V1}: a real McpServer (schema's realm) and Client (client realm) over a MessagePort transport (protocol 2025-11-25 only)` },
  { id: 'v2', title: 'SDK v2', pkg: '@modelcontextprotocol/server', summary: `@modelcontextprotocol/server ${V2_SERVER} (schema's realm), client ${V2_CLIENT} (client realm), MessagePort transport, the case’s protocol (2026-07-28: serveStdio)` },
] as const satisfies readonly RealSdkEntry[];

export const CONVERTER_IDS = idsOf(CONVERTER_ENTRIES);
export type ConverterId = (typeof CONVERTER_IDS)[number];
export const POLICY_IDS = idsOf(POLICY_ENTRIES);
export type PolicyId = (typeof POLICY_IDS)[number];
export const CLIENT_IDS = idsOf(CLIENT_ENTRIES);
export type ClientId = (typeof CLIENT_IDS)[number];
export const ROLES = idsOf(ROLE_ENTRIES);
export type Role = (typeof ROLES)[number];
export const REAL_SDK_IDS = idsOf(REAL_SDK_ENTRIES);
export type RealSdkId = (typeof REAL_SDK_IDS)[number];

/** The entry of an id in a list (typed lists hold every id, so it is always found). */
export function entryOf<E extends Entry>(list: readonly E[], id: E['id']): E {
  const entry = list.find((e) => e.id === id);
  if (!entry) throw new Error(`No catalog entry for ${id}`);
  return entry;
}

/** The title of an id in a list. */
export function titleOf<E extends Entry>(list: readonly E[], id: E['id']): string {
  return entryOf(list, id).title;
}
