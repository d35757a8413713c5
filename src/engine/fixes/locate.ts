/**
 * Finding the exact spot of a fix in the user's TypeScript: its tokens from the source parser (source/parse.ts), so
 * formatting and comments stay as written. A spot is exact or not found (a source that does not parse has none).
 */
import { parseSource, type SourceToken as Token } from '../source/parse.ts';

/** A method call `.name(…)`: the index of its name token, of its `(` and of the matching `)`. */
export interface Call {
  name: number;
  open: number;
  close: number;
}

/** The scanned source. */
export interface Scanned {
  source: string;
  tokens: Token[];
}

/** Parses the source once for every locator. */
export function scan(source: string): Scanned {
  return { source, tokens: parseSource(source) ?? [] };
}

/** Every `.name(…)` call whose name is in `names`, in source order (a call left unclosed is skipped). */
export function methodCalls({ tokens }: Scanned, names: ReadonlySet<string>): Call[] {
  const found: Call[] = [];
  for (let i = 1; i + 1 < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'name' || !names.has(t.text) || tokens[i - 1]?.text !== '.' || tokens[i + 1]?.text !== '(') continue;
    const close = closing(tokens, i + 1);
    if (close !== -1) found.push({ name: i, open: i + 1, close });
  }
  return found;
}

/** The index of the bracket closing the one at `open` (same depth), or -1. */
export function closing(tokens: readonly Token[], open: number): number {
  const depth = tokens[open]?.depth ?? -1;
  for (let j = open + 1; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.depth === depth && (t.text === ')' || t.text === ']' || t.text === '}')) return j;
    if (t.depth < depth) return -1;
  }
  return -1;
}

/**
 * The keys of the object literal that is a call's first argument (`z.object({ a: …, "b": … })`), or null when the
 * argument is not a literal whose keys can all be read (a variable, a spread, a computed key).
 */
export function literalKeys({ tokens }: Scanned, call: Call): string[] | null {
  const brace = call.open + 1;
  if (tokens[brace]?.text !== '{') return null;
  const end = closing(tokens, brace);
  if (end === -1) return null;
  const inner = (tokens[brace] as Token).depth + 1;
  const keys: string[] = [];
  for (let k = brace + 1; k < end; k++) {
    const t = tokens[k] as Token;
    const startsMember = t.depth === inner && (k === brace + 1 || (tokens[k - 1]?.text === ',' && tokens[k - 1]?.depth === inner));
    if (!startsMember) continue;
    const key = keyText(t);
    const after = tokens[k + 1]?.text;
    if (key === null || (after !== ':' && after !== ',' && after !== '}')) return null;
    keys.push(key);
  }
  return keys;
}

function keyText(t: Token): string | null {
  if (t.kind === 'name' || t.kind === 'number') return t.text;
  if (t.kind !== 'string') return null;
  try {
    return JSON.parse(t.text.startsWith("'") ? `"${t.text.slice(1, -1).replace(/"/g, '\\"')}"` : t.text) as string;
  } catch {
    return null;
  }
}

/** The character range of tokens [from, to] (inclusive). */
export function spanOf({ tokens }: Scanned, from: number, to: number): { start: number; end: number } {
  return { start: (tokens[from] as Token).start, end: (tokens[to] as Token).end };
}

/**
 * After the call at `close`: the character range of the `.strict()` that follows it directly, with the blank space
 * before it (not a comment), or null.
 */
export function strictAfter({ source, tokens }: Scanned, close: number): { start: number; end: number } | null {
  const [end, dot, name, open, shut] = [tokens[close], tokens[close + 1], tokens[close + 2], tokens[close + 3], tokens[close + 4]];
  if (!end || !dot || dot.text !== '.' || name?.text !== 'strict' || open?.text !== '(' || shut?.text !== ')') return null;
  const blank = source.slice(end.end, dot.start).trim() === '';
  return { start: blank ? end.end : dot.start, end: shut.end };
}
