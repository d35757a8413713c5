/**
 * The tool-name rule: @modelcontextprotocol/sdk's own check (1–128 characters of A–Z a–z 0–9 _ - .; it warns and
 * registers the tool anyway), plus the characters the playground refuses because they hide or reorder text.
 */
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';

/** Line/paragraph separators and the Unicode bidi controls, as the body of a regex character class. */
export const LINE_AND_BIDI_CONTROLS = '\\u2028\\u2029\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const REFUSED = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${LINE_AND_BIDI_CONTROLS}]`, 'gu');

/** What the rule says of one name. */
export interface ToolNameCheck {
  /** Why the playground refuses the name (it holds control characters, line separators or bidi controls), or null. */
  refusal: string | null;
  /** What @modelcontextprotocol/sdk warns when it registers the name, verbatim; empty when it says nothing. */
  warnings: string[];
}

/** Checks a tool name the way the SDK does, and refuses invisible line breaks, controls and bidi overrides. */
export function checkToolName(name: string): ToolNameCheck {
  const { warnings } = validateToolName(name);
  const hidden = [...new Set(name.match(REFUSED) ?? [])];
  if (hidden.length === 0) return { refusal: null, warnings };
  const listed = hidden.map((ch) => `${codePoint(ch)} (${kindOf(ch)})`).join(', ');
  return {
    refusal: `The tool name holds ${listed}: invisible characters that can hide or reorder text, so the playground refuses them. Rename the tool using A–Z, a–z, 0–9, _, - and .`,
    warnings,
  };
}

/** `text` with each refused character written as its \u escape, so that it shows and cannot break a line or reorder text. */
export function showHidden(text: string): string {
  return text.replace(REFUSED, (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

function codePoint(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function kindOf(ch: string): string {
  if (ch === '\u2028') return 'line separator';
  if (ch === '\u2029') return 'paragraph separator';
  return /\p{Cc}/u.test(ch) ? 'control character' : 'bidi control';
}
