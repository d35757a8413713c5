/** Offsets ↔ 1-based line/column in a text, with a line index built once per text. */

/** A range in Monaco's terms (1-based, end exclusive). */
export interface LineRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Converts UTF-16 offsets of one text to line/column ranges. */
export function lineIndex(text: string): (start: number, end: number) => LineRange {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const at = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
  return (start, end) => {
    const a = at(start);
    const b = at(Math.max(start, end));
    return { startLineNumber: a.line, startColumn: a.column, endLineNumber: b.line, endColumn: b.column };
  };
}

/** The range of the word (or single character) at a 1-based line and column, for an error that names only a point. */
export function pointRange(text: string, line: number, column: number): LineRange {
  const lineText = text.split('\n', line)[line - 1] ?? '';
  const word = /^[\w$]+/.exec(lineText.slice(column - 1));
  const length = Math.max(1, word?.[0].length ?? 1);
  return { startLineNumber: line, startColumn: column, endLineNumber: line, endColumn: column + length };
}
