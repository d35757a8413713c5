/** Bounds on what a pane renders, whatever size of text a report brings (a message, a formatted value, a list). */

/** Characters of a message shown before "… N more characters". */
export const MESSAGE_CHARS = 2000;
/** Characters of formatted JSON shown (highlighted up to here: past it thousands of spans cost more than they help). */
export const JSON_CHARS = 60_000;
/** Past this many characters "Show all" is not offered (rendering it would block the page); "Copy all" still is. */
export const SHOW_ALL_CHARS = 1024 * 1024;
/** Items of a list shown before "… and N more". */
export const LIST_ITEMS = 20;
/** Characters of hover text (a `title`). */
export const TITLE_CHARS = 500;

/** The first `max` characters of `text` (never half a surrogate pair) and how many are left out. */
export function clipText(text: string, max: number): { head: string; more: number } {
  if (text.length <= max) return { head: text, more: 0 };
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return { head: text.slice(0, end), more: text.length - end };
}

/** Hover text, bounded; undefined stays undefined (no attribute). */
export function clipTitle(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined;
  const { head, more } = clipText(text, TITLE_CHARS);
  return more > 0 ? `${head}… (${more.toLocaleString('en')} more characters)` : head;
}
