/**
 * Undeclared keys: the key paths of an answer its parse dropped (findDroppedKeys), and putting them back (`keep`).
 * Every walk is iterative, so a 10,000-level answer cannot overflow the stack here.
 */
import { define, isRecord } from './json.ts';

/** A tool names at most this many undeclared key paths (as FrontMCP PR #981 does). */
export const MAX_KEY_PATHS = 100;

type Task = { from: unknown; to: unknown; path: string } | { report: string };

/** No value is below a transform. */
export const NOWHERE: ReadonlySet<object> = new Set();

/**
 * Key paths of `original` missing from `parsed` at the same place (`costCenter`, `lines[].margin`), in answer order,
 * each once, at most MAX_KEY_PATHS. Keys of an object parsing replaced with a non-object count; the walk stops
 * where `parsed` holds the original by reference (`z.any()`), at pairs it has seen, so cycles end, and at the values
 * in `below` (belowPipes: where a transform may have reshaped them).
 */
export function findDroppedKeys(original: unknown, parsed: unknown, below: ReadonlySet<object> = NOWHERE): string[] {
  const found = new Set<string>();
  const seen: Walked = new Map();
  const stack: Task[] = [{ from: original, to: parsed, path: '' }];
  while (stack.length > 0 && found.size < MAX_KEY_PATHS) {
    const task = stack.pop() as Task;
    if ('report' in task) {
      found.add(task.report);
      continue;
    }
    const { from, to, path } = task;
    if (from === to || typeof from !== 'object' || from === null || below.has(from) || walked(seen, from, to)) continue;
    if (Array.isArray(from)) {
      const into = Array.isArray(to) ? (to as unknown[]) : [];
      for (let i = from.length - 1; i >= 0; i--) stack.push({ from: from[i], to: into[i], path: `${path}[]` });
      continue;
    }
    const target = isRecord(to) ? to : null;
    const keys = Object.keys(from);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      const at = path ? `${path}.${key}` : key;
      stack.push(target && Object.hasOwn(target, key) ? { from: (from as Record<string, unknown>)[key], to: target[key], path: at } : { report: at });
    }
  }
  return [...found];
}

/**
 * Pairs (from, to) a walk has been through, so shared or cyclic values end. An answer is a tree, so nearly every
 * `from` comes once: its first partner is kept as is, and a set is made only for a `from` met with a second one.
 */
type Walked = Map<object, unknown>;

function walked(seen: Walked, from: object, to: unknown): boolean {
  if (typeof to !== 'object' || to === null) return false;
  if (!seen.has(from)) {
    seen.set(from, to);
    return false;
  }
  const partners = seen.get(from);
  if (partners === to) return true;
  if (partners instanceof PartnerSet) {
    if (partners.has(to)) return true;
    partners.add(to);
    return false;
  }
  seen.set(from, new PartnerSet([partners, to]));
  return false;
}

/** Several partners of one `from` (its own class, so a partner that is itself a Set is not mistaken for one). */
class PartnerSet extends Set<unknown> {}

/**
 * The parsed value with the original's undeclared keys put back, at every level but at and below the values in `below`
 * (a transform's output stays as it made it). A new value; inputs untouched.
 */
export function withUndeclaredKeys(original: unknown, parsed: unknown, below: ReadonlySet<object> = NOWHERE): unknown {
  return putBackUndeclaredKeys(original, parsed, below).merged;
}

/**
 * withUndeclaredKeys, and whether every key of the original found its place (`complete`). When it is false some
 * original object met a parsed value it could not merge into (a primitive, an array, a shorter array, a cycle), and
 * findDroppedKeys(original, merged) names the keys that were lost; when it is true, none were.
 */
export function putBackUndeclaredKeys(original: unknown, parsed: unknown, below: ReadonlySet<object>): { merged: unknown; complete: boolean } {
  const root: { value?: unknown } = {};
  const seen: Walked = new Map();
  let complete = true;
  // Each frame fills `into[key]`, a slot its parent already holds with the parsed value (so key order is the parse's).
  const stack: Array<{ from: unknown; to: unknown; into: Record<string, unknown> | unknown[]; key: string | number }> = [{ from: original, to: parsed, into: root, key: 'value' }];
  while (stack.length > 0) {
    const { from, to, into, key } = stack.pop() as (typeof stack)[number];
    let value: unknown = to;
    if (from === to || typeof from !== 'object' || from === null || below.has(from)) {
      // nothing of the original to put back, or a transform's output
    } else if (typeof to !== 'object' || to === null || walked(seen, from, to)) {
      complete = false;
    } else if (Array.isArray(from) && Array.isArray(to)) {
      const out: unknown[] = to.slice();
      value = out;
      if (from.length > to.length) complete = false;
      for (let i = 0; i < to.length; i++) stack.push({ from: from[i], to: to[i], into: out, key: i });
    } else if (!Array.isArray(from) && isRecord(to)) {
      const out: Record<string, unknown> = {};
      value = out;
      for (const k of Object.keys(to)) {
        define(out, k, to[k]);
        if (Object.hasOwn(from, k)) stack.push({ from: (from as Record<string, unknown>)[k], to: to[k], into: out, key: k });
      }
      for (const k of Object.keys(from)) if (!Object.hasOwn(to, k)) define(out, k, (from as Record<string, unknown>)[k]);
    } else {
      complete = false;
    }
    if (Array.isArray(into)) into[key as number] = value;
    else define(into, key as string, value);
  }
  return { merged: root.value, complete };
}
