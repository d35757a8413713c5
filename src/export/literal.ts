/**
 * Values as code for generated files. JSON.stringify leaves U+2028/U+2029 raw (legal inside an ES2019 string, but a
 * line break to every older tool and to a `//` comment) and bidi controls raw (they reorder how the file is shown);
 * both become \u escapes here.
 */
import { LINE_AND_BIDI_CONTROLS } from '../engine/tool-name.ts';

/** Characters escaped in every generated literal: line/paragraph separators and the Unicode bidi controls. */
const INVISIBLE = new RegExp(`[${LINE_AND_BIDI_CONTROLS}]`, 'g');

function escapeInvisible(code: string): string {
  return code.replace(INVISIBLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` as a TypeScript string literal that holds exactly `text` and shows every invisible line break or bidi control. */
export function stringLiteral(text: string): string {
  return escapeInvisible(JSON.stringify(text));
}

/** JSON text as a TypeScript expression: JSON has these characters only inside its strings, where \u escapes mean the same. */
export function jsonCode(json: string): string {
  return escapeInvisible(json);
}
