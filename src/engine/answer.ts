/** The answer phase: JSON text → value, or an error with a 1-based line and column. */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { messageOf } from './lib/message.ts';
import type { ErrorInfo, Json } from './report.ts';

export type AnswerResult = { ok: true; value: Json } | { ok: false; error: ErrorInfo };

/** 1-based line and column of a UTF-16 offset in `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parses strict JSON. `__proto__` stays an ordinary own key (JSON.parse defines it as data). */
export function parseAnswer(text: string): AnswerResult {
  if (text.trim() === '') return { ok: false, error: { message: 'The answer is empty: paste the JSON the tool returns.', line: 1, column: 1 } };
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (e) {
    return { ok: false, error: locate(text, e) };
  }
  const tooDeep = offsetBeyondDepth(text, MAX_ANSWER_DEPTH);
  if (tooDeep !== -1) {
    return {
      ok: false,
      error: { message: `The answer nests deeper than ${MAX_ANSWER_DEPTH} levels; the playground evaluates answers up to that depth.`, ...positionOf(text, tooDeep) },
    };
  }
  return { ok: true, value };
}

/** The deepest answer the engine evaluates: deeper values overflow the stack of zod, Ajv, JSON.stringify and structured clone. */
export const MAX_ANSWER_DEPTH = 512;

/** Offset of the first `{`/`[` that opens level `max + 1`, or -1. The text is valid JSON, so only strings need skipping. */
function offsetBeyondDepth(text: string, max: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return i;
    } else if (ch === 0x7d || ch === 0x5d) {
      depth--;
    }
  }
  return -1;
}

function locate(text: string, thrown: unknown): ErrorInfo {
  // JSON.parse says what is wrong but not always where; jsonc-parser (strict mode) gives the offset.
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    return { message: `Malformed JSON: ${describe(printParseErrorCode(first.error))}`, ...positionOf(text, first.offset) };
  }
  const message = messageOf(thrown);
  const at = /position (\d+)/.exec(message);
  return at ? { message: `Malformed JSON: ${message}`, ...positionOf(text, Number(at[1])) } : { message: `Malformed JSON: ${message}` };
}

const WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected',
  ValueExpected: 'value expected',
  ColonExpected: 'colon expected',
  CommaExpected: 'comma expected',
  CloseBraceExpected: 'closing brace } expected',
  CloseBracketExpected: 'closing bracket ] expected',
  EndOfFileExpected: 'end of input expected (more than one value?)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

function describe(code: string): string {
  return WORDS[code] ?? code;
}
