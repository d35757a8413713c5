/** Bounded: refuses a schema whose tree never ends, before a converter recurses into it. */
import { z } from 'zod';
import { positionOf } from '../answer.ts';
import { fail, type Step } from './step.ts';


/** Deeper than this, a schema is taken to build itself forever; every converter's recursion would overflow long before. */
export const MAX_SCHEMA_DEPTH = 1000;
/** A walk this long gives up checking: a schema this large is finite in practice, and the check must stay cheap. */
const MAX_WALKED_NODES = 100_000;

interface Visit {
  node: z.ZodType;
  depth: number;
  /** The object key this node sits under, when it is a field. */
  key: string | null;
  parent: Visit | null;
}

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

/** The object keys leading to a node deeper than MAX_SCHEMA_DEPTH, or null when the tree ends. Iterative; never throws. */
function endlessPath(root: z.ZodType): string[] | null {
  const seen = new Set<z.ZodType>();
  const stack: Visit[] = [{ node: root, depth: 0, key: null, parent: null }];
  for (let visit = stack.pop(); visit && seen.size < MAX_WALKED_NODES; visit = stack.pop()) {
    if (seen.has(visit.node)) continue;
    seen.add(visit.node);
    if (visit.depth > MAX_SCHEMA_DEPTH) return keysTo(visit);
    for (const [key, child] of childSchemas(visit.node)) stack.push({ node: child, depth: visit.depth + 1, key, parent: visit });
  }
  return null;
}

function keysTo(visit: Visit): string[] {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v; v = v.parent) if (v.key !== null) keys.push(v.key);
  return keys.reverse();
}

/** A schema's direct children, read from its def generically (fields by name); a getter that throws yields nothing. */
function childSchemas(node: z.ZodType): Array<[string | null, z.ZodType]> {
  const out: Array<[string | null, z.ZodType]> = [];
  const add = (key: string | null, value: unknown) => value instanceof z.ZodType && out.push([key, value]);
  try {
    const def = node._zod.def as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(def)) {
      if (name === 'shape' && typeof value === 'object' && value !== null) for (const [key, field] of Object.entries(value)) add(key, field);
      else if (Array.isArray(value)) for (const item of value) add(null, item);
      else add(null, value);
    }
    if (def['type'] === 'lazy') add(null, (node._zod as { innerType?: unknown }).innerType);
  } catch {
    // zod meets the same throw when it reads the schema, and reports it there.
  }
  return out;
}

