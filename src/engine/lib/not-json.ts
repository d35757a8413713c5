/** Where a value stops being plain JSON: the Report contract's one walk over its JSON values (report.ts). */

/** How deep a JSON value may nest (answers stop at 512 levels; a 1000-level schema lists about 2000). */
export const MAX_JSON_DEPTH = 4096;

/** One step of the walk: a value, where it sits, and whether its children are done (`exit`). */
interface Step {
  value: unknown;
  parent: Step | null;
  key: PropertyKey;
  depth: number;
  exit?: true;
}

/**
 * Where `value` stops being JSON (a non-finite number, a Map or Date, a cycle, nesting past MAX_JSON_DEPTH), or
 * null when it is JSON. A structured clone can carry all of those, and each would break rendering.
 */
export function notJsonAt(value: unknown): { path: PropertyKey[]; problem: string } | null {
  // Objects whose walk is underway (a cycle if met again) or done (shared between rows: skipped).
  const state = new Map<object, 'open' | 'done'>();
  const stack: Step[] = [{ value, parent: null, key: '', depth: 0 }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (step.exit) {
      state.set(v as object, 'done');
      continue;
    }
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    const problem = notJsonProblem(v, state.get(v as object), step.depth);
    if (problem === 'skip') continue;
    if (problem) return { path: pathOf(step), problem };
    const o = v as object;
    state.set(o, 'open');
    stack.push({ ...step, exit: true });
    for (const [k, child] of Object.entries(o)) stack.push({ value: child, parent: step, key: Array.isArray(o) ? Number(k) : k, depth: step.depth + 1 });
  }
  return null;
}

/** What is wrong with one non-null, non-string, non-boolean value; 'skip' for a number or an object already walked. */
function notJsonProblem(v: unknown, seen: 'open' | 'done' | undefined, depth: number): string | 'skip' | null {
  if (typeof v === 'number') return Number.isFinite(v) ? 'skip' : `expected a JSON number, got ${v}`;
  if (typeof v !== 'object' || v === null) return `expected a JSON value, got ${typeof v}`;
  if (seen === 'done') return 'skip';
  if (seen === 'open') return 'expected a JSON value, got a cycle';
  const proto = Object.getPrototypeOf(v) as unknown;
  if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return `expected a JSON value, got ${Object.prototype.toString.call(v)}`;
  if (depth >= MAX_JSON_DEPTH) return `nests deeper than ${MAX_JSON_DEPTH} levels`;
  return null;
}

function pathOf(step: Step): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let s: Step | null = step; s?.parent; s = s.parent) path.unshift(s.key);
  return path;
}
