/**
 * What the UI calls each converter, policy, client and role. Kept apart from the engine's registries so the app's
 * first paint does not pull in the engine (zod, Ajv, the SDKs): those run only in the sandbox worker.
 */
import type { Role } from '../engine/case.ts';
import { CLIENT_IDS, CONVERTER_IDS, POLICY_IDS, type ClientId, type ConverterId, type PolicyId } from '../engine/report.ts';

/** A name and a one-line explanation. */
export interface Entry<Id extends string> {
  id: Id;
  title: string;
  summary: string;
}

function entries<Id extends string>(ids: readonly Id[], info: Record<Id, Omit<Entry<Id>, 'id'>>): readonly Entry<Id>[] {
  return ids.map((id) => ({ id, ...info[id] }));
}

/** Converters in display order. */
export const CONVERTERS = entries<ConverterId>(CONVERTER_IDS, {
  zod: { title: 'zod', summary: 'z.toJSONSchema(schema, { io }) as zod itself writes it' },
  'mcp-sdk-v1': { title: 'SDK v1', summary: '@modelcontextprotocol/sdk 1.32.2 (draft-07)' },
  'mcp-sdk-v2': { title: 'SDK v2', summary: '@modelcontextprotocol/server 2.4.0 (draft 2020-12)' },
  'wire-truthful': { title: 'wire-truthful', summary: 'lists what the server really ships (SDK PR #2556)' },
  frontmcp: { title: 'FrontMCP', summary: 'objects and unions of objects only (FrontMCP PR #981)' },
  'lenient-output': { title: 'lenient', summary: 'output objects open at every level (neomjs PR #10067)' },
});

/** Undeclared-key policies in display order. */
export const POLICIES = entries<PolicyId>(POLICY_IDS, {
  raw: { title: 'raw', summary: 'ships the answer as the tool returned it (what both published SDKs do)' },
  strip: { title: 'strip', summary: 'ships the parsed answer, undeclared keys dropped silently' },
  warn: { title: 'warn', summary: 'ships the parsed answer and logs the dropped keys' },
  keep: { title: 'keep', summary: 'puts undeclared keys back and opens the listed schema' },
  fail: { title: 'fail', summary: 'refuses an answer with undeclared keys (INVALID_OUTPUT)' },
});

/** Validating clients in display order. */
export const CLIENTS = entries<ClientId>(CLIENT_IDS, {
  'sdk-v1': { title: 'SDK v1 client', summary: '@modelcontextprotocol/sdk 1.32.2, Ajv draft-07' },
  'sdk-v2-node': { title: 'SDK v2 client (Node)', summary: '@modelcontextprotocol/client 2.4.0, Ajv by $schema' },
  'sdk-v2-browser': { title: 'SDK v2 client (browser)', summary: '@modelcontextprotocol/client 2.4.0, @cfworker/json-schema' },
});

/** The two roles a case can play. */
export const ROLE_OPTIONS: readonly Entry<Role>[] = [
  { id: 'output', title: 'Output answer', summary: 'the tool’s answer against its outputSchema' },
  { id: 'input', title: 'Input arguments', summary: 'call arguments against the inputSchema' },
];

/** The title of an id in a catalog (the id itself if unknown). */
export function titleOf<Id extends string>(list: readonly Entry<Id>[], id: Id): string {
  return list.find((e) => e.id === id)?.title ?? id;
}
