/** Applying source edits: each replaces a character range of the original text; ranges never overlap. */
import type { SourceEdit } from './types.ts';

/** `text` with `edits` applied (ranges refer to the original text), or null when two of them overlap. */
export function applyEdits(text: string, edits: readonly SourceEdit[]): string | null {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) return null;
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}
