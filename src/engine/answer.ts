/** The answer phase: JSON text → value, or an error with a 1-based line and column. */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
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
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (e) {
    return { ok: false, error: locate(text, e) };
  }
}

function locate(text: string, thrown: unknown): ErrorInfo {
  // JSON.parse says what is wrong but not always where; jsonc-parser (strict mode) gives the offset.
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    return { message: `Malformed JSON: ${describe(printParseErrorCode(first.error))}`, ...positionOf(text, first.offset) };
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
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
