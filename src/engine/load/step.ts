/** What the load phases share: the file name the user's code runs under, and how a phase fails. */
import type { ErrorInfo } from '../report.ts';

/** The file name errors and stack frames carry. */
export const SOURCE_NAME = 'schema.ts';

/** A phase's outcome: its value, or an error with a position in the user's source where one exists. */
export type Step<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** A failed step. */
export function fail(error: ErrorInfo): { ok: false; error: ErrorInfo } {
  return { ok: false, error };
}
