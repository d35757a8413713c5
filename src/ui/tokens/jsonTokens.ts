/** A tiny JSON tokenizer for highlighting already-formatted JSON text. */

/** A highlighted span's kind. */
export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'punct' | 'space';

/** One run of text and its kind. */
export interface Token {
  kind: TokenKind;
  text: string;
}

const PATTERN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\],:])|(\s+)|(.)/gs;

/** Splits JSON text into tokens; text that is not JSON still round-trips (as punctuation). */
export function tokenizeJson(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(PATTERN)) {
    if (m[1] !== undefined) {
      out.push({ kind: m[2] ? 'key' : 'string', text: m[1] });
      if (m[2]) out.push({ kind: 'punct', text: m[2] });
    } else if (m[3] !== undefined) out.push({ kind: 'number', text: m[3] });
    else if (m[4] !== undefined) out.push({ kind: 'literal', text: m[4] });
    else if (m[6] !== undefined) out.push({ kind: 'space', text: m[6] });
    else out.push({ kind: 'punct', text: m[0] });
  }
  return out;
}
