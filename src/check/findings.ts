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
export type DefaultClient = (typeof CHECK_CLIENTS)[number];
/**
 * The clients `check` runs only when asked (`--client NAME`): `@modelcontextprotocol/client` 2.0.0-beta.5 (the default
 * validator of the 2.0.0 betas, which accepts JSON Schema 2020-12 only), and the Python `mcp` package's ClientSession
 * (python/check_client.py, run by the interpreter the machine has). Opt-in, so a run's calls, findings and baseline keys
 * do not depend on what happens to be installed.
 */
export const OPT_IN_CLIENTS = ['sdk-v2-beta5', 'python-sdk'] as const;
export type OptInClient = (typeof OPT_IN_CLIENTS)[number];
/** Every client check knows, in the order the output lists them. */
export const ALL_CLIENTS = [...CHECK_CLIENTS, ...OPT_IN_CLIENTS] as const;
export type CheckClient = (typeof ALL_CLIENTS)[number];

/** Per client: the default ones always, the opt-in ones when they ran. */
export type PerClient<T> = { [K in DefaultClient]: T } & { [K in OptInClient]?: T };

/** An opt-in client asked for: what ran (the packages and versions), or why it did not run. */
export type ClientRun = { client: OptInClient; versions: Record<string, string | null> } | { client: OptInClient; notRun: string };

/** Every finding id, with its severity (docs/report.md documents each). */
export const FINDING_SEVERITY = {
  'call-refused': 'error',
  'call-failed': 'error',
  'call-is-error': 'warning',
  'not-validated': 'warning',
  'connect-failed': 'error',
  'does-not-compile': 'error',
  'dialect-refused': 'error',
  'list-refused': 'error',
  'non-object-root': 'error',
  'unresolvable-ref': 'error',
  'closed-object': 'warning',
  'default-required': 'warning',
  'dialect-mismatch': 'warning',
  'untyped-schema': 'warning',
  'type-union': 'warning',
} as const;

export type FindingId = keyof typeof FINDING_SEVERITY;
export const FINDING_IDS = Object.keys(FINDING_SEVERITY) as FindingId[];

export interface Finding {
  id: FindingId;
  severity: 'error' | 'warning';
  client?: CheckClient;
  message: string;
  link?: string;
  /** Set when a --baseline lists this finding: it does not fail the run. */
  known?: true;
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
  verdicts: PerClient<CallVerdict>;
}

/** One listed tool. */
export interface ToolRecord {
  name: string;
  outputSchema: JsonSchema | null;
  inputSchema: JsonSchema | null;
  findings: Finding[];
  calls: CallRecord[];
}

/** One known finding: `tool` is null for a finding about the server as a whole. */
export interface BaselineEntry {
  tool: string | null;
  id: FindingId;
  client: CheckClient | null;
}

/** What a run came to against its baseline (in `--json` as `baseline`). */
export interface BaselineOutcome {
  /** Findings the baseline lists (each also carries `known: true`). */
  known: number;
  /** Findings it does not list, by severity. */
  new: { errors: number; warnings: number };
  /** Entries of the baseline that no finding of this run matches. */
  fixed: BaselineEntry[];
}

/** What `check --json` prints. */
export interface CheckResult {
  /** The server's name and version from the handshake (only these two of its serverInfo). */
  server: { name: string; version: string };
  /** Findings about the server as a whole, not one tool (a client that could not connect). */
  findings: Finding[];
  tools: ToolRecord[];
  summary: { tools: number; errors: number; warnings: number };
  /** With --client: each opt-in client asked for, with the versions that ran or why it did not run. */
  clients?: ClientRun[];
  /** With --baseline: the findings it lists, the new ones, and the entries no finding matches any more. */
  baseline?: BaselineOutcome;
}

/** The summary line's counts: every finding, the server's and each tool's. */
export function summaryOf(serverFindings: Finding[], tools: ToolRecord[]): CheckResult['summary'] {
  const all = [...serverFindings, ...tools.flatMap((t) => t.findings)];
  return { tools: tools.length, errors: all.filter((f) => f.severity === 'error').length, warnings: all.filter((f) => f.severity === 'warning').length };
}
