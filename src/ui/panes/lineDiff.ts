/** A line diff (longest common subsequence) for comparing two listed schemas. */

/** One line of a diff: kept, added (only in the second text) or removed (only in the first). */
export interface DiffLine {
  op: ' ' | '+' | '-';
  text: string;
}

/** The most lines either side may have; past it a diff is not worth its quadratic table. */
export const MAX_DIFF_LINES = 1500;

/** Diffs `a` against `b` line by line, or returns null when either is longer than MAX_DIFF_LINES. */
export function lineDiff(a: string, b: string): DiffLine[] | null {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length > MAX_DIFF_LINES || y.length > MAX_DIFF_LINES) return null;
  const cols = y.length + 1;
  const lcs = new Uint16Array((x.length + 1) * cols);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i * cols + j] = x[i] === y[j] ? (lcs[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * cols + j] ?? 0, lcs[i * cols + j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      out.push({ op: ' ', text: x[i++] ?? '' });
      j++;
    } else if (i < x.length && (j === y.length || (lcs[(i + 1) * cols + j] ?? 0) >= (lcs[i * cols + j + 1] ?? 0))) {
      // On a tie the removed line comes first: a changed line reads `-` old, then `+` new.
      out.push({ op: '-', text: x[i++] ?? '' });
    } else {
      out.push({ op: '+', text: y[j++] ?? '' });
    }
  }
  return out;
}
