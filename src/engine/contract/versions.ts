/**
 * The version worlds a case can pick: which zod, which @modelcontextprotocol/sdk (v1) and which
 * @modelcontextprotocol/server + client (v2) the engine runs. Pure data, no imports (the page reads it).
 * Each non-default version is a real npm package installed under an alias (package.json): `zod3`, `zod40`, `zod43`,
 * `mcp-sdk-1.20`. The first entry of each list is the default; a case without `versions` runs the defaults, exactly
 * as every case did before versions existed.
 */

/** zod versions, default first. The npm package that provides each (an alias for the non-default ones). */
export const ZOD_VERSIONS = [
  { version: '4.6.7', pkg: 'zod' },
  { version: '4.3.6', pkg: 'zod43' },
  { version: '4.0.17', pkg: 'zod40' },
  { version: '3.25.76', pkg: 'zod3' },
] as const;

/** @modelcontextprotocol/sdk (v1) versions, default first. */
export const SDK_VERSIONS = [
  { version: '1.32.2', pkg: '@modelcontextprotocol/sdk' },
  { version: '1.20.2', pkg: 'mcp-sdk-1.20' },
] as const;

/**
 * @modelcontextprotocol/server + @modelcontextprotocol/client (v2) versions, default first. `client` marks a client
 * world: that version of the client (its validators and its Client in the real run) with the default server, whose
 * version of the betas is not installed: @modelcontextprotocol/client 2.0.0-beta.5, which accepts JSON Schema
 * 2020-12 only and refuses the draft-07 `$schema` SDK 1.x lists.
 */
export const SERVER_VERSIONS = [
  { version: '2.4.0', pkg: '@modelcontextprotocol/server' },
  { version: '2.0.0-beta.5', pkg: 'mcp-client-2-beta5', client: '@modelcontextprotocol/client' },
] as const;

export type ZodVersion = (typeof ZOD_VERSIONS)[number]['version'];
export type SdkVersion = (typeof SDK_VERSIONS)[number]['version'];
export type ServerVersion = (typeof SERVER_VERSIONS)[number]['version'];

/**
 * Every package version the engine names, by npm name: the default world's packages (the first entries above) and the
 * clients' validators. The one place they are written besides package.json's pins (test/versions.test.ts holds them
 * to the installed packages); the Report's `versions` and the catalog's summaries read them from here.
 */
export const PACKAGE_VERSIONS = {
  zod: ZOD_VERSIONS[0].version,
  '@modelcontextprotocol/sdk': SDK_VERSIONS[0].version,
  '@modelcontextprotocol/server': SERVER_VERSIONS[0].version,
  // Released together with the server: one version for both (test/versions.test.ts checks the installed client).
  '@modelcontextprotocol/client': SERVER_VERSIONS[0].version,
  ajv: '8.20.0',
  '@cfworker/json-schema': '4.1.6',
} as const;

/** The versions a case runs. */
export interface Versions {
  readonly zod: ZodVersion;
  readonly sdk: SdkVersion;
  readonly server: ServerVersion;
}

/** The versions every case ran before versions could be picked. */
export const DEFAULT_VERSIONS: Versions = {
  zod: ZOD_VERSIONS[0].version,
  sdk: SDK_VERSIONS[0].version,
  server: SERVER_VERSIONS[0].version,
};

/** The version ids as tuples (what `z.enum` takes). */
export const ZOD_VERSION_IDS = ZOD_VERSIONS.map((v) => v.version) as unknown as readonly [ZodVersion, ...ZodVersion[]];
export const SDK_VERSION_IDS = SDK_VERSIONS.map((v) => v.version) as unknown as readonly [SdkVersion, ...SdkVersion[]];
export const SERVER_VERSION_IDS = SERVER_VERSIONS.map((v) => v.version) as unknown as readonly [ServerVersion, ...ServerVersion[]];

/**
 * What the answer text is (output role): the tool's `structuredContent` (the default, as before), or the whole
 * CallToolResult `{ content, structuredContent?, isError? }` the handler returns as is. Never guessed from the text.
 */
export const ANSWER_FORMS = [
  { id: 'structuredContent', title: 'structuredContent', summary: 'the answer is the structuredContent the tool returns' },
  { id: 'result', title: 'whole result', summary: 'the answer is the whole CallToolResult { content, structuredContent?, isError? }' },
] as const;

export type AnswerForm = (typeof ANSWER_FORMS)[number]['id'];
export const ANSWER_FORM_IDS = ANSWER_FORMS.map((f) => f.id) as unknown as readonly [AnswerForm, ...AnswerForm[]];
export const DEFAULT_ANSWER_FORM: AnswerForm = 'structuredContent';

/**
 * The MCP protocol era the v2 client negotiates (SEP-2106): `2025-11-25` (the client's default, as before eras existed)
 * lists a non-object output wrapped as `{ result }` and ships it so; `2026-07-28` lists the natural schema and ships
 * the bare value. SDK 1.x speaks only the 2025 era.
 */
export const PROTOCOLS = [
  { id: '2025-11-25', title: '2025-11-25', summary: 'a non-object output is listed and shipped wrapped as { result }' },
  { id: '2026-07-28', title: '2026-07-28', summary: 'any output is listed with its own schema and shipped bare (SEP-2106); SDK 1.x still speaks 2025-11-25' },
] as const;

export type Protocol = (typeof PROTOCOLS)[number]['id'];
export const PROTOCOL_IDS = PROTOCOLS.map((p) => p.id) as unknown as readonly [Protocol, ...Protocol[]];
export const DEFAULT_PROTOCOL: Protocol = '2025-11-25';
/** The era SDK 1.x speaks, whatever the case picked. */
export const LEGACY_PROTOCOL: Protocol = '2025-11-25';
