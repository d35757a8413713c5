/** Bounded: refuses a schema whose tree never ends, before a converter recurses into it. */
import type { z } from 'zod';
import { positionOf } from '../answer.ts';
import { findZodNode, MAX_SCHEMA_DEPTH, type ZodVisit } from '../lib/zod-walk.ts';
import { fail, type Step } from './step.ts';

export { MAX_SCHEMA_DEPTH };
/** A walk this long gives up checking: a schema this large is finite in practice, and the check must stay cheap. */
const MAX_WALKED_NODES = 100_000;

/**
 * Refuses a schema whose tree has no end: a getter or function that returns a *new* schema on every call (instead of
 * the schema itself, or one `z.lazy`) never reaches a node it has seen, so every walk over it recurses or loops forever.
 */
export function bounded(source: string, schema: z.ZodType): Step<z.ZodType> {
  const endless = endlessPath(schema);
  if (!endless) return { ok: true, value: schema };
  const key = endless[endless.length - 1];
  const at = key === undefined ? '' : ` (${endless.slice(0, 4).join('.')}…)`;
  const message =
    `The schema never ends: it keeps building new schemas more than ${MAX_SCHEMA_DEPTH} levels deep${at}, so it cannot be converted. ` +
    'A getter or function that returns a new schema on every call recurses forever; have it return the same schema instead (const A = z.object({ get a() { return A; } })).';
  // A getter named after the repeating key is almost always where the recursion is written.
  const getter = key !== undefined && /^[\w$]+$/.test(key) ? new RegExp(`\\bget\\s+${key.replace(/\$/g, '\\$')}\\s*\\(`).exec(source) : null;
  return fail(getter ? { message, ...positionOf(source, getter.index + getter[0].indexOf(key as string, 3)) } : { message });
}

/** The object keys leading to a schema deeper than MAX_SCHEMA_DEPTH, or null when the tree ends. Never throws. */
function endlessPath(root: z.ZodType): string[] | null {
  const deep = findZodNode(root, (visit) => visit.depth > MAX_SCHEMA_DEPTH, MAX_WALKED_NODES);
  return deep ? keysTo(deep) : null;
}

function keysTo(visit: ZodVisit): string[] {
  const keys: string[] = [];
  for (let v: ZodVisit | null = visit; v; v = v.parent) if (v.key !== null) keys.push(v.key);
  return keys.reverse();
}
