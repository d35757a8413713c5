/**
 * Fixes for a failing verdict: candidate edits of the schema source (exact spots, formatting kept) and server-side
 * choices. Pure: the app runs each edited case in the sandbox and offers it only when `judge` says the verdict passes.
 */
import type { FilledCase } from '../case.ts';
import type { Json, Report } from '../report.ts';
import { importedListing } from '../import/listing-source.ts';
import { scan } from './locate.ts';
import { SCHEMA_FIX_KINDS } from './schema-kinds.ts';
import { serverFixes } from './server-kinds.ts';
import { wrapRoot } from './wrap-root.ts';
import type { FixCandidate, FixTarget } from './types.ts';
import type { Role } from '../contract/catalog.ts';


/** The case a fix is proposed for. */
export interface FixCase extends Pick<FilledCase, 'role' | 'schema' | 'answer'> {
  report: Report;
  target: Omit<FixTarget, 'policy'>;
}

/**
 * The `raw` row (what the published SDKs do) when the selected client does not accept the answer there under the
 * selected converter: it rejects it, or the server refused it, or tools/list failed. Null when it passes.
 */
export function failingTarget(report: Report, target: Omit<FixTarget, 'policy'>): FixTarget | null {
  const converter = report.converters[target.converter];
  const row = converter?.policies.raw;
  const valid = row?.verdicts[target.client]?.valid;
  const fails = valid === false || (valid !== true && (row?.refused != null || converter?.listError != null));
  return row && fails ? { ...target, policy: 'raw' } : null;
}

/** The candidates for the case's failing verdict: schema edits first, then server-side choices. None when nothing fails. */
export function proposeFixes(c: FixCase): FixCandidate[] {
  const target = failingTarget(c.report, c.target);
  // An imported listing has no zod source to edit (and no other policy ran).
  if (!target || !c.report.load.ok || !c.report.answer.ok || importedListing(c.schema) !== null) return [];
  const scanned = scan(c.schema);
  const row = c.report.converters[target.converter]?.policies[target.policy];
  const input = { scanned, role: c.role, zodListed: c.report.converters.zod?.listed ?? null, undeclared: row?.undeclared ?? [] };
  const edits = [...SCHEMA_FIX_KINDS.flatMap((k) => k.propose(input)), ...wrapRoot(scanned, c.role, input.zodListed, parsedAnswer(c.answer))];
  return [...edits, ...serverFixes(c.report, target, schemaName(c.schema, c.role))];
}

/**
 * What a fixed case's report says: whether the target verdict passes, whether zod's acceptance of the answer changed,
 * and, for a verdict that still fails, the places the client complained about before and no longer does (`fixed`) and
 * those it still complains about (`remaining`): a partial fix.
 */
export interface Judgement {
  passes: boolean;
  /** 'now rejects' / 'now accepts' when zod's parse of the answer flips with the fix, else null. */
  zodChange: 'now rejects' | 'now accepts' | null;
  fixed: string[];
  remaining: string[];
}

/** Judges the fixed case's report against the report before the fix. */
export function judge(before: Report, after: Report, target: FixTarget): Judgement {
  const verdictOf = (r: Report) => r.converters[target.converter]?.policies[target.policy]?.verdicts[target.client];
  const passes = verdictOf(after)?.valid === true;
  const [was, is] = [zodAccepts(before), zodAccepts(after)];
  const zodChange = was === is || was === null || is === null ? null : is ? 'now accepts' : 'now rejects';
  const [then, now] = [placesOf(verdictOf(before)?.errors), placesOf(verdictOf(after)?.errors)];
  // Only a verdict that still fails the same way (the client's own errors, before and after) can be partly fixed.
  if (passes || verdictOf(after)?.valid !== false || then.length === 0) return { passes, zodChange, fixed: [], remaining: [] };
  return { passes, zodChange, fixed: then.filter((p) => !now.includes(p)), remaining: now };
}

/** The places a validator's errors name: `/region` for a refused key, `/giftWrap (missing)`, else the value's pointer. */
function placesOf(errors: ReadonlyArray<{ path: string; params: Record<string, unknown> }> | undefined): string[] {
  const out = (errors ?? []).map(({ path, params }) => {
    const key = params['additionalProperty'] ?? params['unevaluatedProperty'];
    if (typeof key === 'string') return `${path}/${key}`;
    return typeof params['missingProperty'] === 'string' ? `${path}/${params['missingProperty']} (missing)` : path || '/';
  });
  return [...new Set(out)];
}

/** Whether the server's zod accepts the answer (the `raw` row was not refused), or null when the report cannot tell. */
export function zodAccepts(report: Report): boolean | null {
  if (!report.load.ok || !report.answer.ok) return null;
  if (report.input) return report.input.ok;
  const raw = Object.values(report.converters).find((c) => c?.policies.raw)?.policies.raw;
  return raw ? raw.refused === null : null;
}

function parsedAnswer(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The name the source gives its schema (`export const outputSchema`), for the handler code. */
function schemaName(source: string, role: Role): string {
  const named = /\bexport\s+const\s+([A-Za-z_$][\w$]*)\s*=/.exec(source)?.[1];
  return named ?? `${role}Schema`;
}
