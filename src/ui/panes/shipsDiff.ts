/**
 * What a policy changed on the way out: the answer as the tool returned it against what ships, as removed keys,
 * added keys (a filled default) and changed values (a coercion or transform), each at its JSON pointer. Pure.
 */
import type { Json } from '../../engine/report.ts';
import { sameJson } from '../../engine/lib/json.ts';

/** One change. `from` is absent for an added key, `to` for a removed one. */
export interface Change {
  kind: 'removed' | 'added' | 'changed';
  pointer: string[];
  from?: Json;
  to?: Json;
}

/** At most this many changes are listed (the rest are counted). */
export const MAX_CHANGES = 50;
/** Containers nested deeper than this are compared whole (a changed one is one change). */
const MAX_DEPTH = 64;

type Obj = { readonly [key: string]: Json };
const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The changes from `answer` to `ships`, in document order, the first MAX_CHANGES of them, and how many there are in all. */
export function shipsChanges(answer: Json, ships: Json): { changes: Change[]; total: number } {
  const changes: Change[] = [];
  let total = 0;
  const add = (c: Change) => {
    total++;
    if (changes.length < MAX_CHANGES) changes.push(c);
  };
  const walk = (a: Json, b: Json, at: string[]) => {
    if (a === b) return;
    if (at.length < MAX_DEPTH && isObj(a) && isObj(b)) {
      for (const k of Object.keys(a)) {
        if (!Object.hasOwn(b, k)) add({ kind: 'removed', pointer: [...at, k], from: a[k] as Json });
        else walk(a[k] as Json, b[k] as Json, [...at, k]);
      }
      for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) add({ kind: 'added', pointer: [...at, k], to: b[k] as Json });
      return;
    }
    if (at.length < MAX_DEPTH && Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const here = [...at, String(i)];
        if (i >= b.length) add({ kind: 'removed', pointer: here, from: a[i] as Json });
        else if (i >= a.length) add({ kind: 'added', pointer: here, to: b[i] as Json });
        else walk(a[i] as Json, b[i] as Json, here);
      }
      return;
    }
    if (!sameJson(a, b)) add({ kind: 'changed', pointer: at, from: a, to: b });
  };
  walk(answer, ships, []);
  return { changes, total };
}

/** A pointer as a key path: `lines[0].margin`, the root as `(the whole answer)`. */
export function keyPathOf(pointer: readonly string[]): string {
  if (pointer.length === 0) return '(the whole answer)';
  return pointer.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? (i === 0 ? s : `.${s}`) : `[${JSON.stringify(s)}]`)).join('');
}
