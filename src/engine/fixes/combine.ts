/**
 * Fixes together: with two problems (an undeclared key and a missing defaulted key), each edit
 * alone fixes its part and none passes. The edits that each fixed part of the verdict are combined, every
 * combination up to MAX_PARTS of them whose source ranges do not overlap, for the app to check in the sandbox like a
 * single edit. Pure.
 */
import { applyEdits } from './edits.ts';
import type { FixCandidate } from './types.ts';

/** The most edits one combination applies, and the most combinations tried. */
export const MAX_PARTS = 3;
export const MAX_COMBINATIONS = 10;

/** Every combination (2 to MAX_PARTS, smallest first, at most MAX_COMBINATIONS) of `parts` applied to `schema` together. */
export function combineFixes(schema: string, parts: readonly FixCandidate[]): FixCandidate[] {
  // Only edits of the schema alone combine (one that reshapes the answer too would need both texts merged).
  const usable = parts.filter((p) => p.schema !== null && p.answer === null && p.verifiedBy === null && p.edits.length > 0);
  const out: FixCandidate[] = [];
  for (let size = 2; size <= Math.min(MAX_PARTS, usable.length); size++) {
    for (const group of choose(usable, size)) {
      if (out.length >= MAX_COMBINATIONS) return out;
      const edits = group.flatMap((p) => p.edits);
      const combined = applyEdits(schema, edits);
      if (combined === null) continue;
      out.push({ kind: group[0]!.kind, title: group.map((p) => p.title).join(' + '), schema: combined, answer: null, edits, copy: null, verifiedBy: null, parts: group.map((p) => p.title) });
    }
  }
  return out;
}

/** The `size`-element subsets of `items`, in order. */
function choose<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of choose(items.slice(i + 1), size - 1)) out.push([item, ...rest]);
  });
  return out;
}
