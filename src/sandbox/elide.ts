/**
 * A report for a very large answer carries that answer (what the policies ship, what each real SDK run returned) in its
 * `values`, which the page would have to copy twice (worker → sandbox frame → page) and could not show anyway. The worker
 * sends such values as a short stand-in instead; the verdicts, messages and undeclared keys are untouched.
 */
import type { Json, Report } from '../engine/report.ts';

/**
 * Answers longer than this (characters) have their shipped values replaced by stand-ins in the posted report. A report
 * carries a few distinct values the size of the answer (the answer, its parse, a `{ result }` wrap): for the 1.5 MB
 * bench answer, copying and checking them on the page blocked it for seconds; at 256 KB that stays within about 100 ms.
 */
export const ELIDE_ANSWER_CHARS = 256 * 1024;

const MARK = '$mcpPlaygroundElided';

/** What the page gets in place of a large shipped value. */
export interface ElidedValue {
  [MARK]: { summary: string; answerChars: number };
}

/** Whether a value in a posted report is a stand-in. */
export function isElided(value: unknown): value is ElidedValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, MARK) && Object.keys(value).length === 1;
}

/** The stand-in's few words ("an object (1 key)") and the size of the answer it came from. */
export function elidedInfo(value: ElidedValue): { summary: string; answerChars: number } {
  return value[MARK];
}

/** "an array of 2", "an object (4 keys)", or the value's first characters. */
export function describeJson(value: Json): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) {
    const n = Object.keys(value).length;
    return `an object (${n} key${n === 1 ? '' : 's'})`;
  }
  return (JSON.stringify(value) ?? '').slice(0, 40);
}

/**
 * The report as the worker posts it: for an answer over ELIDE_ANSWER_CHARS, each object or array in its `values` table
 * (what ships, what the real runs received) is a stand-in. Rows point into the table, so each value is one stand-in.
 */
export function elideLargeValues(report: Report, answerChars: number): Report {
  if (answerChars <= ELIDE_ANSWER_CHARS) return report;
  const standIn = (value: Json): Json => (typeof value !== 'object' || value === null ? value : ({ [MARK]: { summary: describeJson(value), answerChars } } as unknown as Json));
  return { ...report, values: report.values.map(standIn) };
}
