/** Answers near a seed answer: one edit each (a key added or removed, a value replaced), first in order, then at random. */
import { fastCheck } from '../chunks.ts';
import type { Json } from '../report.ts';
import { define } from '../lib/json.ts';

/** Where a value sits in the answer: the keys and indexes from the root. */
type Path = ReadonlyArray<string | number>;

const REPLACEMENTS: readonly Json[] = [null, '', 'x', 0, -1, 1.5, true, [], {}, '2026-01-01T00:00:00Z'];

/** Every value's path in `root`, root first (at most `limit`). */
export function pathsOf(root: Json, limit = 200): Path[] {
  const out: Path[] = [];
  const stack: Array<[Json, Path]> = [[root, []]];
  while (stack.length > 0 && out.length < limit) {
    const [value, path] = stack.pop() as [Json, Path];
    out.push(path);
    if (Array.isArray(value)) value.forEach((v, i) => stack.push([v, [...path, i]]));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) stack.push([v, [...path, k]]);
  }
  return out;
}

/** `root` with the value at `path` replaced by `edit(value)` (undefined removes it). A copy; `root` untouched. */
export function edited(root: Json, path: Path, edit: (value: Json) => Json | undefined): Json | undefined {
  if (path.length === 0) return edit(root);
  const [head, ...rest] = path;
  if (Array.isArray(root) && typeof head === 'number') {
    const child = edited(root[head] as Json, rest, edit);
    const copy = [...root];
    if (child === undefined) copy.splice(head, 1);
    else copy[head] = child;
    return copy;
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root) || typeof head !== 'string') return root;
  const copy: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(root)) {
    const child = k === head ? edited(v, rest, edit) : v;
    if (child !== undefined) define(copy, k, child);
  }
  return copy;
}

/** The deterministic edits of `seed`: at each object an extra key, each key removed, each value replaced. */
export function* plainEdits(seed: Json): Generator<Json> {
  for (const path of pathsOf(seed)) {
    yield* [edited(seed, path, (v) => (isObject(v) ? { ...v, extra: 'x' } : v)), edited(seed, path, () => undefined)].filter((v): v is Json => v !== undefined);
    for (const r of REPLACEMENTS) {
      const v = edited(seed, path, () => r);
      if (v !== undefined) yield v;
    }
  }
}

/** Random edits of `seed` (fast-check, a chunk; a fixed seed so a search is repeatable): a random JSON value at a random path. */
export function* randomEdits(seed: Json, rngSeed = 42): Generator<Json> {
  const { fc } = fastCheck.get();
  const paths = pathsOf(seed);
  const edit = fc.tuple(fc.nat({ max: Math.max(paths.length - 1, 0) }), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), fc.string({ maxLength: 8 }));
  for (let round = 0; ; round++) {
    for (const [at, value, asKey, key] of fc.sample(edit, { numRuns: 100, seed: rngSeed + round })) {
      const path = paths[at] ?? [];
      const out = edited(seed, path, (v) => (asKey && isObject(v) ? { ...v, [key || 'k']: value as Json } : (value as Json)));
      if (out !== undefined) yield out;
    }
  }
}

function isObject(v: Json): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
