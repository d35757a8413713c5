/** Compact pretty-printing of JSON: a container goes on one line when it fits, so a schema reads without scrolling. */
import type { Json } from '../../engine/report.ts';

/** Formats `value` with 2-space indentation, inlining any object or array whose one-line form fits in `width`. */
export function formatJson(value: Json | undefined, width = 64): string {
  return format(value === undefined ? null : value, '', width);
}

/** `used` counts what precedes the value on its line (indentation and key). */
function format(value: Json, indent: string, width: number, used = indent.length): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const line = oneLine(value, width - used);
  if (line !== null) return line;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((v) => inner + format(v, inner, width))
    : Object.entries(value).map(([k, v]) => {
        const key = `${inner}${JSON.stringify(k)}: `;
        return key + format(v, inner, width, key.length);
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.join(',\n')}\n${indent}${close}`;
}

/** The one-line form of `value`, or null as soon as it would exceed `budget` characters (keeps large values linear). */
function oneLine(value: Json, budget: number): string | null {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s.length <= budget ? s : null;
  }
  const isArray = Array.isArray(value);
  const parts: string[] = [];
  let used = 4;
  for (const [k, v] of isArray ? value.map((x, i) => [String(i), x] as const) : Object.entries(value)) {
    const key = isArray ? '' : `${JSON.stringify(k)}: `;
    const inner = oneLine(v, budget - used - key.length);
    if (inner === null) return null;
    parts.push(key + inner);
    used += key.length + inner.length + 2;
    if (used > budget) return null;
  }
  if (parts.length === 0) return isArray ? '[]' : '{}';
  return isArray ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
}
