/**
 * The one parse analysis of a case's answer that every policy reads: zod's parse, where the answer pipes through a
 * transform, the undeclared keys, and (once a policy asks) the parsed answer's wire form. Computed once per case by
 * the ship phase and passed to each policy as a value.
 */
import type { z } from 'zod';
import type { Json } from '../report.ts';
import { formatIssues } from '../lib/issues.ts';
import { isPlainJson, sameJson, toJson } from '../lib/json.ts';
import { messageOf } from '../lib/message.ts';
import { belowPipes } from '../lib/pipes.ts';
import { findDroppedKeys, NOWHERE } from '../lib/undeclared.ts';
import { undeclaredByShape } from '../lib/undeclared-shape.ts';
import { isZod4 } from '../worlds/zod-kind.ts';
import { librarySchemaOf } from '../libs/index.ts';
import { standardValidate } from '../libs/validate.ts';

/** FrontMCP's `InvalidOutputError` message, which its internal message starts with (the parse analysis words refusals with it). */
export const INVALID_OUTPUT_MESSAGE = 'Tool output validation failed';

/** zod's verdict on the answer: the parsed value, or the error as the SDKs (zodMessage, issues) and FrontMCP word it. */
export type ParseOutcome = { ok: true; data: unknown } | { ok: false; zodMessage: string; frontmcp: string; issues: string; threw?: true };

/** A value as the wire carries it, or why it has none. */
export type Wire = { ok: true; json: Json | null } | { ok: false; error: string };

/** One answer's parse, shared by the five policies (and the input role's parse). */
export interface Analysis {
  parsed: ParseOutcome;
  /** The answer's objects and arrays at or below a transform, whose keys the walk does not compare. */
  below: ReadonlySet<object>;
  /**
   * findDroppedKeys(answer, parsed), everywhere but below a transform (whose parse can rename keys); when the parse
   * fails, the keys the schema's shape does not declare (undeclaredByShape).
   */
  undeclared: string[];
  /** Why some of the answer's keys could not be judged (a rejected answer the shape walk could not follow), or null. */
  unjudged: string | null;
  /** The parsed answer's wire form, once a policy asked for it. */
  wire?: Wire;
}

/** Parses the answer once and finds what every policy needs from that parse. */
export function analyse(schema: z.ZodType, answer: unknown): Analysis {
  if (librarySchemaOf(schema)) return analyseStandard(schema, answer);
  const parsed = parseWith(schema, answer);
  // A zod 3 schema (a version world's) has no zod 4 pipes to walk.
  const below: ReadonlySet<object> = parsed.ok && isZod4(schema) ? belowPipes(schema, answer) : NOWHERE;
  if (parsed.ok) return { parsed, below, undeclared: findDroppedKeys(answer, parsed.data, below), unjudged: null };
  if (parsed.threw) return { parsed, below, undeclared: [], unjudged: 'The parse threw, so which keys the schema declares was not followed.' };
  if (!isZod4(schema)) return { parsed, below, undeclared: [], unjudged: 'zod rejects the answer, and the undeclared keys of a zod 3 schema are found only from a parse that succeeds.' };
  const shape = undeclaredByShape(schema, answer);
  return { parsed, below, undeclared: shape.paths, unjudged: shape.unjudged };
}

/**
 * Another library's Standard Schema (libs/index.ts): the v2 server's check, `~standard.validate`. The undeclared keys
 * are those its own validate drops from the value it returns; a rejected answer's keys are not judged (no walk reads
 * another library's schema).
 */
function analyseStandard(schema: unknown, answer: unknown): Analysis {
  const result = standardValidate(schema, answer);
  if (result.ok) return { parsed: { ok: true, data: result.value }, below: NOWHERE, undeclared: findDroppedKeys(answer, result.value, NOWHERE), unjudged: null };
  const parsed: ParseOutcome = { ok: false, zodMessage: result.message, frontmcp: result.message, issues: result.message, ...(result.threw ? { threw: true as const } : {}) };
  const why = result.threw ? 'Its validate threw' : 'The library rejects the answer';
  return { parsed, below: NOWHERE, undeclared: [], unjudged: `${why}, and which keys a schema of another library than zod declares is found only from the value its validate returns.` };
}

function parseWith(schema: z.ZodType, value: unknown): ParseOutcome {
  try {
    const r = schema.safeParse(value);
    if (r.success) return { ok: true, data: r.data };
    const first = r.error.issues[0];
    // FrontMCP: InvalidOutputError({ reason: 'output does not match outputSchema', path: first issue's path joined with '.' }).
    const at = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
    const why = first ? `: ${first.message}` : '';
    return { ok: false, zodMessage: r.error.message, frontmcp: `${INVALID_OUTPUT_MESSAGE}: output does not match outputSchema${at}${why}`, issues: formatIssues(r.error.issues) };
  } catch (e) {
    // A parse that throws (a stack overflow on a deep answer, an async refinement) fails the call the same way.
    const message = messageOf(e);
    return { ok: false, zodMessage: message, frontmcp: `${INVALID_OUTPUT_MESSAGE}: the schema threw while parsing: ${message}`, issues: message, threw: true };
  }
}

/** The parsed answer's wire form, computed once per analysis: strip, warn, keep and fail ship the same object. */
export function parsedWire(a: Analysis, answer: Json): Wire {
  if (a.wire === undefined) a.wire = wireOf(a.parsed.ok ? a.parsed.data : undefined, answer);
  return a.wire;
}

/**
 * `toJson(value)`; when that equals the answer key for key and in order, the answer object itself, so every policy
 * shipping the same JSON ships the same object (evaluate validates each shipped object once per listing).
 */
export function wireOf(value: unknown, answer: Json): Wire {
  try {
    // A value that is plain JSON already (what zod builds from a JSON answer, unless a default, catch or coerce brings
    // in something else) ships as it is: copying it would give an equal value.
    const json = isPlainJson(value) ? value : (toJson(value) ?? null);
    return { ok: true, json: sameJson(json, answer) ? answer : json };
  } catch (e) {
    return { ok: false, error: messageOf(e) };
  }
}
