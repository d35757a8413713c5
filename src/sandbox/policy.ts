/**
 * The sandbox's policy, beside its message types (protocol.ts): how long a run may take before the watchdog ends its
 * worker (the budget, sized for the case), which realm a case needs (a worker runs one schema text), and the
 * first-report fast path (when a run stops at its first report, and when a worker posts one). Pure: the frame's scheduler, the app's deadline and the CLI's watchdog read it.
 */
import { realmKeyOf } from '../engine/case/wire.ts';
import { generateRequestOf, searchBudgetMs } from '../engine/generate/request.ts';
import type { EvaluateRequest } from './protocol.ts';

/**
 * A warm worker posts a first report (`partial`) before the full one only for an answer at least this long: there the
 * full report takes hundreds of milliseconds more than the selected verdict (the 1 MB and union cases of the bench);
 * for a small answer it lands within milliseconds after, and a second report would only cost the page a second
 * check and render per edit. A cold (`firstOnly`) worker always posts it.
 */
export const WARM_FIRST_REPORT_MIN_ANSWER_CHARS = 32 * 1024;

/**
 * The first-report fast path, decided here only. On (the request carries `first`: the app shows first reports), a cold
 * worker's first case runs `firstOnly` (only the engine parts of the selected converter × client, the first report,
 * then `rest`: the frame runs the case in full in another worker), and a warm worker posts a first report before the
 * full one for a large answer. Off (no `first`: createEvaluator's `firstReports: false`, or a caller without
 * `onPartial`) each run is one whole run with one report. Either way the final Report is the same
 * (test/first-report-switch.test.ts).
 */
export function runsFirstOnly(req: EvaluateRequest, cold: boolean): boolean {
  return cold && req.first === true;
}

/** Whether the worker running `req` posts a first report before its Report (always for a `firstOnly` run). */
export function postsFirstReport(req: EvaluateRequest): boolean {
  const answer = typeof req.case === 'object' && req.case !== null ? (req.case as { answer?: unknown }).answer : undefined;
  return req.firstOnly === true || (req.first === true && typeof answer === 'string' && answer.length >= WARM_FIRST_REPORT_MIN_ANSWER_CHARS);
}

/** The default run budget before the watchdog terminates the worker (a small case on a warm worker). */
export const RUN_BUDGET_MS = 2000;

/**
 * The first run on a worker that did not warm up pays for a cold engine (parsing, JIT, lazy SDK set-up): the engine's
 * work in it gets this many budgets (the schema's module code, timed apart, gets the plain one: a runaway module is
 * reported as soon from a link as when typed). Spares warm up before they take a case; the frame's first worker does
 * not, so the first verdict waits for no warm-up.
 */
export const COLD_BUDGET_FACTOR = 4;
/** A large answer gets one more second per this many characters (parsing it and checking it against every policy)... */
export const ANSWER_CHARS_PER_SECOND = 128 * 1024;
/**
 * ...and a large schema one more second per this many characters: its first run compiles it into every converter and
 * validator (an 8.6 K-character 300-field schema: about 1 s in Node on a busy 2-core machine, then 30 ms warm)...
 */
export const SCHEMA_CHARS_PER_SECOND = 2 * 1024;
/** ...up to this much in all (a cold first run adds its extra on top). */
export const MAX_SIZED_BUDGET_MS = 15_000;

/**
 * How long the watchdog lets one run take: the base budget, plus whole seconds for a large schema and a large answer
 * (capped), plus, with `cold`, a cold engine's extra. Pure; the frame times runs with it
 * and reports it in `timeout`, the app arms its own deadline past it.
 */
export function runBudgetMs(base: number, c: unknown, cold: boolean): number {
  const { schema, answer } = caseChars(c);
  const extraSeconds = Math.floor(schema / SCHEMA_CHARS_PER_SECOND + answer / ANSWER_CHARS_PER_SECOND);
  const sized = Math.min(Math.max(MAX_SIZED_BUDGET_MS, base), base + extraSeconds * 1000);
  // A counterexample search (engine/generate) runs for its stated time on top of the evaluation.
  const searched = sized + searchBudgetMs(c);
  return cold ? searched + (COLD_BUDGET_FACTOR - 1) * base : searched;
}

/**
 * Whether a case must run in a fresh realm rather than in a worker that already ran `ranSchema` (null: ran nothing).
 * Schema text is the case's code: the same text may reuse its worker (answer, role or tool edits), any other may not.
 */
export function needsFreshRealm(ranSchema: string | null, c: unknown): boolean {
  return ranSchema !== null && ranSchema !== realmKey(c);
}

/** What a worker's realm is for (the case module's `realmKeyOf`): a case with another key needs another realm. */
export function realmKey(c: unknown): string {
  return realmKeyOf(c, generateRequestOf(c) !== null);
}

/** The schema text a worker runs for a case ('' when it is not a string). */
export function schemaText(c: unknown): string {
  const { schema } = typeof c === 'object' && c !== null ? (c as { schema?: unknown }) : {};
  return typeof schema === 'string' ? schema : '';
}

/** The characters of a case's schema and answer text (0 for what is not a string). */
function caseChars(c: unknown): { schema: number; answer: number } {
  const { answer } = typeof c === 'object' && c !== null ? (c as { answer?: unknown }) : {};
  return { schema: schemaText(c).length, answer: typeof answer === 'string' ? answer.length : 0 };
}
