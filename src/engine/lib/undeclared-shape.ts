/**
 * Undeclared keys from the schema's shape alone, for an answer zod rejects (a wrong value elsewhere, a failing
 * `.refine`): the parse then gives nothing to compare, yet the keys the schema does not declare are still there, and
 * a strict client refuses them. The walk follows the answer through the zod 4 schema as its parse would (object
 * shapes and catchalls, arrays, tuples, records, wrappers, lazy schemas, the union member that accepts the value) and
 * names each key an object's shape does not declare, in the path form findDroppedKeys writes (`lines[].margin`).
 * Where it cannot tell (a union no member accepts, an intersection), it says why instead. Keys at or below a
 * transform are not compared, as with a parse that succeeds. Iterative; each (value, schema) pair is walked once.
 */
import type { z } from 'zod';
import { accepts, visited } from './pipes.ts';
import { MAX_KEY_PATHS } from './undeclared.ts';
import { dispatch, isZodNode, kindOf, rootKind, type ZodVisitor } from './zod-walk.ts';

/** The undeclared key paths found, and why some part of the answer could not be judged (null when all of it was). */
export interface ShapeKeys {
  paths: string[];
  unjudged: string | null;
}

/** How many union nodes one walk follows (each tries its members' parses on the value). */
const MAX_UNION_STEPS = 500;

/** A value to walk under a schema, or an undeclared key path to report (in its place, so the paths come in answer order). */
type Task = { node: unknown; value: unknown; path: string } | { report: string };

/** The key paths of `answer` that `schema`'s shape does not declare (see the module comment). */
export function undeclaredByShape(schema: z.core.$ZodType, answer: unknown): ShapeKeys {
  const found = new Set<string>();
  const unjudged: string[] = [];
  const seen = new Map<object, Set<unknown>>();
  const stack: Task[] = [{ node: schema, value: answer, path: '' }];
  let unions = 0;
  while (stack.length > 0 && found.size < MAX_KEY_PATHS) {
    const task = stack.pop() as Task;
    if ('report' in task) {
      found.add(task.report);
      continue;
    }
    const { node, value, path } = task;
    if (typeof value !== 'object' || value === null || !isZodNode(node) || visited(seen, value, node)) continue;
    // Each union parses the value below it: past a bound, the rest is not judged (a deep recursive union is quadratic).
    if (kindOf(node) === 'union' && ++unions > MAX_UNION_STEPS) {
      unjudged.push(`Past ${MAX_UNION_STEPS} unions, the rest of the answer was not followed.`);
      break;
    }
    const children = dispatch(node, STEP, value, path, unjudged);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Task);
  }
  return { paths: [...found], unjudged: unjudged.length === 0 ? null : unjudged.join(' ') };
}

const where = (path: string): string => (path === '' ? 'the answer' : `\`${path}\``);

/** One schema node against one value: what to walk next, and the keys it does not declare to report. */
const STEP: ZodVisitor<Task[], [value: object, path: string, unjudged: string[]]> = {
  kinds: {
    object: (def, _, value, path) => {
      if (Array.isArray(value)) return [];
      const shape = def.shape;
      const out: Task[] = [];
      for (const key of Object.keys(value)) {
        const child = Object.hasOwn(shape, key) ? shape[key] : def.catchall;
        const v = (value as Record<string, unknown>)[key];
        // No catchall (zod strips the key) or z.never() (a strict object refuses it): either way it is not declared.
        out.push(child === undefined || kindOf(child) === 'never' ? { report: at(path, key) } : { node: child, value: v, path: at(path, key) });
      }
      return out;
    },
    array: (def, _, value, path) => (Array.isArray(value) ? value.map((item) => ({ node: def.element, value: item, path: `${path}[]` })) : []),
    tuple: (def, _, value, path) => (Array.isArray(value) ? value.map((item, i) => ({ node: def.items[i] ?? def.rest, value: item, path: `${path}[]` })) : []),
    record: (def, _, value, path) =>
      Array.isArray(value) ? [] : Object.keys(value).map((key) => ({ node: def.valueType, value: (value as Record<string, unknown>)[key], path: at(path, key) })),
    union: (def, _, value, path, unjudged) => {
      const options = def.options;
      const member = options.find((option) => accepts(option as z.ZodType, value)) ?? onlyOfKind(options, value);
      if (member) return [{ node: member, value, path }];
      unjudged.push(`No member of the union at ${where(path)} accepts it, so which of its keys are declared cannot be told.`);
      return [];
    },
    intersection: (_def, _, _value, path, unjudged) => {
      unjudged.push(`${path === '' ? 'The answer' : where(path)} is an intersection: its undeclared keys are found only from a parse that succeeds.`);
      return [];
    },
  },
  wrapper: { walk: 'parse', visit: (inner, _, value, path) => [{ node: inner, value, path }] },
  // A pipe (its keys are not compared, as after a parse that succeeds), or a schema that declares no keys.
  other: () => [],
};

function at(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The one member of a union whose root is an object (or an array) when the value is one, or undefined. */
function onlyOfKind(options: readonly z.core.$ZodType[], value: object): z.core.$ZodType | undefined {
  const kind = Array.isArray(value) ? ['array', 'tuple'] : ['object', 'record'];
  const same = options.filter((o) => kind.includes(rootKind(o)));
  return same.length === 1 ? same[0] : undefined;
}
