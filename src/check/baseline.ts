/**
 * A baseline: the findings a team already knows of, by tool, finding id and client. With one, a known finding does not
 * fail the run, a new one does, and a known one that no longer appears is listed as fixed. Pure: the caller reads and
 * writes the file.
 */
import { messageOf } from '../engine/lib/message.ts';
import { ALL_CLIENTS, CHECK_CLIENTS, FINDING_IDS, type BaselineEntry, type BaselineOutcome, type CheckResult, type Finding, type FindingId } from './findings.ts';

/** The first line of a baseline file says what it is, so a wrong file is refused rather than read as empty. */
const FORMAT = 'mcp-schema-playground check baseline';

/** The baseline file for this result: every finding's key, once, sorted. */
export function baselineText(result: CheckResult): string {
  const keys = new Map<string, BaselineEntry>();
  for (const [tool, f] of everyFinding(result)) keys.set(keyOf(tool, f.id, f.client ?? null), { tool, id: f.id, client: f.client ?? null });
  const findings = [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
  return `${JSON.stringify({ format: FORMAT, version: 1, findings }, null, 2)}\n`;
}

/** The entries of a baseline file's text, or why it cannot be read. */
export function parseBaseline(text: string): BaselineEntry[] | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${messageOf(e)}`;
  }
  const file = data as { format?: unknown; version?: unknown; findings?: unknown };
  if (typeof data !== 'object' || data === null || file.format !== FORMAT || file.version !== 1 || !Array.isArray(file.findings)) {
    return `not a baseline: expected { "format": "${FORMAT}", "version": 1, "findings": [...] } (write one with --write-baseline)`;
  }
  const out: BaselineEntry[] = [];
  for (const [i, entry] of file.findings.entries()) {
    const e = entry as Partial<Record<keyof BaselineEntry, unknown>>;
    const tool = e.tool === null || typeof e.tool === 'string' ? e.tool : undefined;
    const client = e.client === null || e.client === undefined ? null : ALL_CLIENTS.find((c) => c === e.client);
    if (tool === undefined || !FINDING_IDS.includes(e.id as FindingId) || client === undefined) {
      return `findings[${i}]: expected { "tool": string | null, "id": one of ${FINDING_IDS.join(', ')}, "client": one of ${ALL_CLIENTS.join(', ')} or null }; got ${JSON.stringify(entry)}`;
    }
    out.push({ tool, id: e.id as FindingId, client });
  }
  return out;
}

/** The result with each finding the baseline lists marked `known: true`, and what the baseline came to. */
export function applyBaseline(result: CheckResult, entries: BaselineEntry[]): CheckResult & { baseline: BaselineOutcome } {
  const listed = new Set(entries.map((e) => keyOf(e.tool, e.id, e.client)));
  const seen = new Set<string>();
  const counts = { known: 0, new: { errors: 0, warnings: 0 } };
  const mark = (tool: string | null, f: Finding): Finding => {
    const key = keyOf(tool, f.id, f.client ?? null);
    seen.add(key);
    if (listed.has(key)) {
      counts.known += 1;
      return { ...f, known: true };
    }
    if (f.severity === 'error') counts.new.errors += 1;
    else counts.new.warnings += 1;
    return f;
  };
  const findings = result.findings.map((f) => mark(null, f));
  const tools = result.tools.map((t) => ({ ...t, findings: t.findings.map((f) => mark(t.name, f)) }));
  // A finding of a client that did not run this time (not asked for, or no Python here) is not known to be fixed.
  const ran = new Set<string | null>([null, ...CHECK_CLIENTS, ...(result.clients ?? []).filter((r) => 'versions' in r).map((r) => r.client)]);
  const fixed = entries.filter((e) => ran.has(e.client) && !seen.has(keyOf(e.tool, e.id, e.client)));
  return { ...result, findings, tools, baseline: { ...counts, fixed } };
}

/** The findings that are not in a baseline (all of them when the run had none). */
export function newFindings(result: CheckResult): Finding[] {
  return everyFinding(result)
    .map(([, f]) => f)
    .filter((f) => f.known !== true);
}

/** Every finding with the tool it is about (null: the server). */
function everyFinding(result: CheckResult): Array<[string | null, Finding]> {
  return [...result.findings.map((f) => [null, f] as [null, Finding]), ...result.tools.flatMap((t) => t.findings.map((f) => [t.name, f] as [string, Finding]))];
}

function keyOf(tool: string | null, id: string, client: string | null): string {
  return JSON.stringify([tool, id, client]);
}
