/**
 * A Standard Schema's own check, as @modelcontextprotocol/server 2.x runs it (server/dist src-*.mjs
 * `validateStandardSchema`): `~standard.validate(value)`; issues are worded by its internal `formatIssue` (a path
 * segment is its `key` when it is an object), joined with `, `. The server awaits the result; the engine's policies
 * are synchronous, so a library whose validate answers with a Promise is reported as such.
 */
import { messageOf } from '../lib/message.ts';

/** What the validate said: the value it returned, or the server's wording of its issues (or of what it threw). */
export type StandardOutcome = { ok: true; value: unknown } | { ok: false; message: string; threw?: true };

type Issue = { message?: unknown; path?: ReadonlyArray<unknown> };

/** The server's `formatIssue`. */
export function formatStandardIssue(issue: Issue): string {
  const message = String(issue.message);
  if (!issue.path?.length) return message;
  return `${issue.path.map((p) => String(typeof p === 'object' && p !== null ? (p as { key?: unknown }).key : p)).join('.')}: ${message}`;
}

/** Runs the schema's `~standard.validate` on the value. Never throws. */
export function standardValidate(schema: unknown, value: unknown): StandardOutcome {
  try {
    const result = (schema as { '~standard': { validate(v: unknown): unknown } })['~standard'].validate(value);
    if (result instanceof Promise) {
      result.catch(() => undefined);
      return { ok: false, message: 'Its ~standard.validate answered asynchronously (a Promise), which the playground does not follow: the server awaits it.', threw: true };
    }
    const { issues, value: out } = result as { issues?: readonly Issue[]; value?: unknown };
    if (issues && issues.length > 0) return { ok: false, message: issues.map(formatStandardIssue).join(', ') };
    return { ok: true, value: out };
  } catch (e) {
    return { ok: false, message: messageOf(e), threw: true };
  }
}
