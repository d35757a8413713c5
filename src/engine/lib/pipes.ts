/**
 * Where a zod schema pipes: `.transform()`, `z.preprocess()`, `.pipe()` and codecs (all zod 4 pipes). Below a pipe the
 * parsed value need not have the answer's shape, so the undeclared-key walk cannot compare keys there; everywhere
 * else it can. Every walk here is iterative and visits each schema node once, so recursive schemas end.
 */
import type { z } from 'zod';
import { dispatch, isZodNode, someZodNode, type ZodVisitor } from './zod-walk.ts';

const transforms = new WeakMap<z.ZodType, boolean>();

/** Whether a transform sits anywhere in the schema: `.transform()`, `z.preprocess()`, `.pipe()`, a codec. */
export function hasTransform(schema: z.ZodType): boolean {
  let found = transforms.get(schema);
  if (found === undefined) transforms.set(schema, (found = someZodNode(schema, (visit) => visit.kind === 'pipe' || visit.kind === 'transform')));
  return found;
}

/**
 * The objects and arrays of `answer` that sit at or below a pipe of `schema`: the places whose keys the undeclared-key
 * walk must not compare. Follows the answer through objects (shape, then catchall), arrays, tuples, records, wrappers
 * and lazy schemas; a union is followed into the first member that accepts the value, the one zod keeps. Where the
 * schema's shape cannot be followed (an intersection, a record whose keys pipe) and a pipe sits below, the value counts
 * as below a pipe. Empty for a schema without a transform.
 */
export function belowPipes(schema: z.ZodType, answer: unknown): Set<object> {
  const below = new Set<object>();
  const stack: Array<{ node: unknown; value: unknown }> = [{ node: schema, value: answer }];
  const seen = new Map<object, Set<unknown>>();
  while (stack.length > 0) {
    const { node, value } = stack.pop() as { node: unknown; value: unknown };
    if (typeof value !== 'object' || value === null || below.has(value) || visited(seen, value, node)) continue;
    if (!isZodNode(node) || !hasTransform(node as z.ZodType)) continue;
    dispatch(node, BELOW_PIPES, value, below, (child: unknown, v: unknown): void => void stack.push({ node: child, value: v }));
  }
  return below;
}

type Next = (child: unknown, value: unknown) => void;

/** One step of belowPipes: the (schema, value) pairs to walk next, or the value marked as below a pipe. */
const BELOW_PIPES: ZodVisitor<void, [value: object, below: Set<object>, next: Next]> = {
  kinds: {
    object: (def, _, value, _below, next) => {
      const shape = def.shape;
      for (const key of Object.keys(value)) {
        const child = Object.hasOwn(shape, key) ? shape[key] : def.catchall;
        if (child !== undefined) next(child, (value as Record<string, unknown>)[key]);
      }
    },
    array: (def, _, value, _below, next) => {
      if (Array.isArray(value)) for (const item of value) next(def.element, item);
    },
    tuple: (def, _, value, _below, next) => {
      if (Array.isArray(value)) value.forEach((item, i) => next(def.items[i] ?? def.rest, item));
    },
    record: (def, _, value, below, next) => {
      if (hasTransform(def.keyType as z.ZodType)) below.add(value);
      else for (const key of Object.keys(value)) next(def.valueType, (value as Record<string, unknown>)[key]);
    },
    union: (def, _, value, below, next) => {
      const member = (def.options as readonly z.ZodType[]).find((option) => accepts(option, value));
      if (member) next(member, value);
      else below.add(value);
    },
  },
  wrapper: { walk: 'parse', visit: (inner, _, value, _below, next) => next(inner, value) },
  // A pipe itself, or a shape this walk does not follow.
  other: (_kind, _node, value, below) => void below.add(value),
};

/** Whether the pair was walked before (a shared or recursive value under the same schema node). */
export function visited(seen: Map<object, Set<unknown>>, value: object, node: unknown): boolean {
  let nodes = seen.get(value);
  if (!nodes) seen.set(value, (nodes = new Set()));
  if (nodes.has(node)) return true;
  nodes.add(node);
  return false;
}

/** Whether `schema` parses `value` (a parse that throws does not). */
export function accepts(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}
