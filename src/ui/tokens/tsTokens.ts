/** A tiny TypeScript tokenizer for read-only highlighting (no Monaco): comments, strings, numbers, keywords, members. */

/** A highlighted span's kind ('plain' is not wrapped). */
export type TsTokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'member' | 'plain';

/** One run of text and its kind. */
export interface TsToken {
  kind: TsTokenKind;
  text: string;
}

const KEYWORDS = new Set(
  'import export default from as const let var function return if else for while do new typeof instanceof in of class extends interface type enum true false null undefined this get set async await yield throw try catch finally break continue switch case void'.split(' '),
);

// Template literals are matched flat (no nesting of `${}`): enough for highlighting pasted schemas.
const PATTERN = /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|("(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|`(?:[^`\\]|\\.)*`?)|(\b\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?n?\b)|(\.\s*[A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)|([\s\S])/g;

/** Splits TypeScript source into tokens; the texts concatenate back to the source. */
export function tokenizeTs(source: string): TsToken[] {
  const out: TsToken[] = [];
  const push = (kind: TsTokenKind, text: string) => {
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
  };
  for (const m of source.matchAll(PATTERN)) {
    if (m[1] !== undefined) push('comment', m[1]);
    else if (m[2] !== undefined) push('string', m[2]);
    else if (m[3] !== undefined) push('number', m[3]);
    else if (m[4] !== undefined) {
      push('plain', '.');
      push('member', m[4].slice(1));
    } else if (m[5] !== undefined) push(KEYWORDS.has(m[5]) ? 'keyword' : 'plain', m[5]);
    else push('plain', m[0]);
  }
  return out;
}
