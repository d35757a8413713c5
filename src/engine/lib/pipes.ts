/**
 * Where a zod schema pipes: `.transform()`, `z.preprocess()`, `.pipe()` and codecs (all zod 4 pipes). Below a pipe the
 * parsed value need not have the answer's shape, so the undeclared-key walk cannot compare keys there; everywhere
 * else it can. Every walk here is iterative and visits each schema node once, so recursive schemas end.
 */
import type { z } from 'zod';

interface DefLike {
  type: string;
  [key: string]: unknown;
}

const transforms = new WeakMap<z.ZodType, boolean>();

/** Whether a transform sits anywhere in the schema: `.transform()`, `z.preprocess()`, `.pipe()`, a codec. */
export function hasTransform(schema: z.ZodType): boolean {
  const known = transforms.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<unknown>();
  const stack: unknown[] = [schema];
  let found = false;
  while (stack.length > 0 && !found) {
    const node = stack.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    const def = defOf(node);
    if (!def) continue;
    if (isPipe(def)) found = true;
    else stack.push(...childrenOf(node, def));
  }
  transforms.set(schema, found);
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
    const def = defOf(node);
    if (!def || !hasTransform(node as z.ZodType)) continue;
    const next = (child: unknown, v: unknown): void => void stack.push({ node: child, value: v });
    switch (def.type) {
      case 'object': {
        const shape = def['shape'] as Record<string, unknown>;
        for (const key of Object.keys(value)) {
          const child = Object.hasOwn(shape, key) ? shape[key] : def['catchall'];
          if (child !== undefined) next(child, (value as Record<string, unknown>)[key]);
        }
        break;
      }
      case 'array':
        if (Array.isArray(value)) for (const item of value) next(def['element'], item);
        break;
      case 'tuple':
        if (Array.isArray(value)) value.forEach((item, i) => next((def['items'] as unknown[])[i] ?? def['rest'], item));
        break;
      case 'record':
        if (hasTransform(def['keyType'] as z.ZodType)) below.add(value);
        else for (const key of Object.keys(value)) next(def['valueType'], (value as Record<string, unknown>)[key]);
        break;
      case 'union': {
        const member = (def['options'] as z.ZodType[]).find((option) => accepts(option, value));
        if (member) next(member, value);
        else below.add(value);
        break;
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
      case 'lazy':
        next(childrenOf(node, def)[0], value);
        break;
      default:
        // A pipe itself, or a shape this walk does not follow.
        below.add(value);
    }
  }
  return below;
}

/** Whether the pair was walked before (a shared or recursive value under the same schema node). */
function visited(seen: Map<object, Set<unknown>>, value: object, node: unknown): boolean {
  let nodes = seen.get(value);
  if (!nodes) seen.set(value, (nodes = new Set()));
  if (nodes.has(node)) return true;
  nodes.add(node);
  return false;
}

function accepts(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

function isPipe(def: DefLike): boolean {
  return def.type === 'pipe' || def.type === 'transform';
}

function defOf(node: unknown): DefLike | null {
  const def = (node as { _zod?: { def?: unknown } } | null)?._zod?.def;
  return typeof def === 'object' && def !== null && typeof (def as DefLike).type === 'string' ? (def as DefLike) : null;
}

function childrenOf(node: unknown, def: DefLike): unknown[] {
  try {
    switch (def.type) {
      case 'object':
        return [...Object.values(def['shape'] as object), def['catchall']];
      case 'union':
        return [...(def['options'] as unknown[])];
      case 'tuple':
        return [...(def['items'] as unknown[]), def['rest']];
      case 'intersection':
        return [def['left'], def['right']];
      case 'record':
      case 'map':
        return [def['keyType'], def['valueType']];
      case 'set':
        return [def['valueType']];
      case 'array':
        return [def['element']];
      case 'lazy':
        // zod caches the getter's result as innerType, so a recursive schema yields the same objects every time.
        return [(node as { _zod: { innerType?: unknown } })._zod.innerType];
      default:
        return [def['innerType']];
    }
  } catch {
    return [];
  }
}
