/**
 * The findings `check` reports: each has a stable id (docs/report.md documents each with an
 * example), a severity, the client it concerns where there is one, a message in plain words and a playground link.
 */
import type { ClientId } from '../engine/contract/catalog.ts';
import type { Json, JsonSchema } from '../engine/report.ts';

/**
 * The real clients check connects, in the catalog's order: it knows how to make each (connect.ts, client-checks.ts),
 * so a client added to the catalog alone is not one of them.
 */
export const CHECK_CLIENTS = ['sdk-v1', 'sdk-v2-node', 'sdk-v2-browser'] as const satisfies readonly ClientId[];
export type CheckClient = (typeof CHECK_CLIENTS)[number];

/** Every finding id, with its severity (docs/report.md documents each). */
export const FINDING_SEVERITY = {
  'call-refused': 'error',
  'call-failed': 'error',
  'call-is-error': 'warning',
  'does-not-compile': 'error',
  'list-refused': 'error',
  'non-object-root': 'error',
  'unresolvable-ref': 'error',
  'closed-object': 'warning',
  'default-required': 'warning',
  'dialect-mismatch': 'warning',
} as const;

export type FindingId = keyof typeof FINDING_SEVERITY;
export const FINDING_IDS = Object.keys(FINDING_SEVERITY) as FindingId[];

export interface Finding {
  id: FindingId;
  severity: 'error' | 'warning';
  client?: CheckClient;
  message: string;
  link?: string;
}

/** A finding of this id (its severity from the table). */
export function finding(id: FindingId, message: string, client?: CheckClient): Finding {
  return { id, severity: FINDING_SEVERITY[id], ...(client ? { client } : {}), message };
}

/** One client's verdict on one answer: `valid: null` when that client did not validate it. */
export interface CallVerdict {
  valid: boolean | null;
  message: string | null;
}

/** One call as the server answered it, and each client's verdict. */
export interface CallRecord {
  arguments: Json;
  isError: boolean;
  /** What the server sent, read off the connection; null when it sent none. */
  structuredContent: Json | null;
  verdicts: { [K in CheckClient]: CallVerdict };
}

/** One listed tool. */
export interface ToolRecord {
  name: string;
  outputSchema: JsonSchema | null;
  inputSchema: JsonSchema | null;
  findings: Finding[];
  calls: CallRecord[];
}

/** What `check --json` prints. */
export interface CheckResult {
  server: { name: string; version: string };
  tools: ToolRecord[];
  summary: { tools: number; errors: number; warnings: number };
}

/** The summary line's counts. */
export function summaryOf(tools: ToolRecord[]): CheckResult['summary'] {
  const all = tools.flatMap((t) => t.findings);
  return { tools: tools.length, errors: all.filter((f) => f.severity === 'error').length, warnings: all.filter((f) => f.severity === 'warning').length };
}
