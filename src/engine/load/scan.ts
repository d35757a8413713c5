/**
 * Source scanning for the load phase: a small tokenizer over the transpiled JS, enough to find its top-level
 * declarations and its final expression statement (strings, comments, regexes and templates skipped).
 */

/** One token of the transpiled JS. */
export interface Token {
  start: number;
  end: number;
  text: string;
  kind: 'name' | 'number' | 'string' | 'template' | 'regex' | 'punct';
  /** Bracket depth (template `${` counts); 0 = top level. */
  depth: number;
  firstOnLine: boolean;
}

const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/** A small JS tokenizer: enough to tell top-level tokens from nested ones (strings, comments, regexes and templates skipped). */
export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  const brackets: string[] = [];
  let firstOnLine = true;
  let i = 0;
  const push = (start: number, end: number, kind: Token['kind'], depth = brackets.length): void => {
    tokens.push({ start, end, text: code.slice(start, end), kind, depth, firstOnLine });
    firstOnLine = false;
    i = end;
  };
  while (i < code.length) {
    const c = code.charAt(i);
    const next = code.charAt(i + 1);
    if (c === '\n') {
      firstOnLine = true;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && next === '/') {
      const end = code.indexOf('\n', i);
      i = end === -1 ? code.length : end;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end === -1 ? code.length : end + 2;
      if (code.slice(i, stop).includes('\n')) firstOnLine = true;
      i = stop;
    } else if (c === '`' || (c === '}' && brackets[brackets.length - 1] === '${')) {
      if (c === '}') brackets.pop();
      const t = templateEnd(code, i + 1);
      push(i, t.end, 'template');
      if (t.opensExpression) brackets.push('${');
    } else if (c === '"' || c === "'") {
      push(i, stringEnd(code, i), 'string');
    } else if (c === '/' && regexAllowed(tokens[tokens.length - 1])) {
      push(i, regexEnd(code, i), 'regex');
    } else if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      push(i, runEnd(code, i, /[\w$\u0080-\uffff]/), 'name');
    } else if (/\d/.test(c) || (c === '.' && /\d/.test(next))) {
      push(i, runEnd(code, i, /[\w.]/), 'number');
    } else if (c === '(' || c === '[' || c === '{') {
      push(i, i + 1, 'punct');
      brackets.push(c);
    } else if (c === ')' || c === ']' || c === '}') {
      brackets.pop();
      push(i, i + 1, 'punct');
    } else {
      push(i, i + 1, 'punct');
    }
  }
  return tokens;
}

function runEnd(code: string, from: number, part: RegExp): number {
  let j = from + 1;
  while (j < code.length && part.test(code.charAt(j))) j++;
  return j;
}

function stringEnd(code: string, from: number): number {
  const quote = code.charAt(from);
  let j = from + 1;
  while (j < code.length && code.charAt(j) !== quote && code.charAt(j) !== '\n') j += code.charAt(j) === '\\' ? 2 : 1;
  return Math.min(j + 1, code.length);
}

function templateEnd(code: string, from: number): { end: number; opensExpression: boolean } {
  let j = from;
  while (j < code.length) {
    const c = code.charAt(j);
    if (c === '\\') j += 2;
    else if (c === '`') return { end: j + 1, opensExpression: false };
    else if (c === '$' && code.charAt(j + 1) === '{') return { end: j + 2, opensExpression: true };
    else j++;
  }
  return { end: code.length, opensExpression: false };
}

function regexEnd(code: string, from: number): number {
  let j = from + 1;
  let inClass = false;
  while (j < code.length) {
    const c = code.charAt(j);
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if ((c === '/' && !inClass) || c === '\n') break;
    j++;
  }
  return runEnd(code, j, /[a-z]/);
}

function regexAllowed(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'name') return BEFORE_REGEX.has(previous.text);
  if (previous.kind === 'punct') return !/[)\]}]/.test(previous.text);
  return false;
}

const DECLARATIONS = new Set(['const', 'let', 'var']);

/** Names declared with const/let/var at the top level, in source order (simple `name =` declarators only). */
export function topLevelBindings(tokens: Token[]): string[] {
  const names: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (!t || t.depth !== 0 || t.kind !== 'name' || !DECLARATIONS.has(t.text)) continue;
    for (let j = k + 1; j < tokens.length; j++) {
      const name = tokens[j];
      if (!name || name.depth !== 0 || name.kind !== 'name' || DECLARATIONS.has(name.text)) break;
      names.push(name.text);
      j = nextDeclarator(tokens, j + 1);
      if (j === -1) break;
    }
  }
  return names;
}

/** Index just before the next `, name` of the same declaration, or -1 when the declaration ends. */
function nextDeclarator(tokens: Token[], from: number): number {
  for (let j = from; j < tokens.length; j++) {
    const t = tokens[j];
    if (!t || t.depth !== 0) continue;
    if (t.text === ';' || (t.kind === 'name' && DECLARATIONS.has(t.text))) return -1;
    if (t.text === ',') return j;
  }
  return -1;
}

const NOT_EXPRESSION_STARTS = new Set([
  ...DECLARATIONS,
  'function', 'class', 'async', 'if', 'for', 'while', 'do', 'switch', 'try', 'return', 'throw', 'break',
  'continue', 'export', 'import', 'debugger', 'with',
]);

/** The final top-level expression statement: where it starts and its text without a trailing semicolon. */
export function finalExpression(code: string, tokens: Token[]): { start: number; text: string } | null {
  const top = tokens.filter((t) => t.depth === 0);
  const last = top[top.length - 1];
  let attempts = 0;
  for (let k = top.length - 1; k >= 0 && attempts < 8; k--) {
    const t = top[k];
    if (!t || !(t.firstOnLine || top[k - 1]?.text === ';') || t.kind !== 'name' || NOT_EXPRESSION_STARTS.has(t.text)) continue;
    attempts++;
    // Semicolons end statements outside the parentheses the capture wraps the expression in.
    const text = last?.text === ';' && last.start >= t.start ? `${code.slice(t.start, last.start)} ${code.slice(last.end)}` : code.slice(t.start);
    if (compiles(`"use strict";return (${text}\n)`) && compiles(code.slice(0, t.start))) return { start: t.start, text };
  }
  return null;
}

function compiles(body: string): boolean {
  try {
    new Function(body);
    return true;
  } catch {
    return false;
  }
}
