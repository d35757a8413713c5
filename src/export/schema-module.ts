/**
 * The user's schema source as module-level code of a standalone test file, and which of its values is the schema.
 * Mirrors src/engine/load.ts's selection rules without running anything: a light scan of the source (strings,
 * comments and template literals blanked, bracket depth tracked). Known limits, all rare in pasted schemas: a regex
 * literal holding a quote or `//` blinds the scan for the rest of its line (a backtick, for longer); CommonJS
 * `exports.x = …` is left as written and fails in an ES module; only simple `name =` declarators count as bindings.
 */
import type { Role } from '../engine/case.ts';

/** The rewritten source and how the test file finds the schema in it. */
export interface SchemaModule {
  /** The source with `export default X` / `module.exports = X` bound to a local name; otherwise verbatim. */
  code: string;
  /** The source binds no `z` of its own (the playground puts `z` in scope), so the test file must import it. */
  needsZ: boolean;
  /** The schema's local name when the source names it: default export, `module.exports`, or the role's named export. */
  named: string | null;
  /** Otherwise, rule 3: the exported values' local names (the only one that is a zod schema wins)... */
  exported: string[];
  /** ...else rule 4: the final expression's name and the top-level bindings, last first (the first schema wins). */
  lastFirst: string[];
  /** Returns a name neither the source nor earlier calls use. */
  fresh(base: string): string;
}

interface Word {
  text: string;
  start: number;
  end: number;
  depth: number;
}

const STATEMENT_KEYWORDS = new Set([
  'const', 'let', 'var', 'function', 'class', 'async', 'if', 'for', 'while', 'do', 'switch', 'try', 'return', 'throw',
  'break', 'continue', 'export', 'import', 'debugger', 'with', 'type', 'interface', 'enum', 'declare', 'namespace',
  'module', 'abstract',
]);

/** Rewrites `source` for a test file; `role` picks the named export (`outputSchema` or `inputSchema`). */
export function schemaModule(source: string, role: Role): SchemaModule {
  const masked = mask(source);
  const words = scanWords(masked);
  const taken = new Set(words.map((w) => w.text));
  const fresh = (base: string): string => {
    let name = base;
    while (taken.has(name)) name += '_';
    taken.add(name);
    return name;
  };
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const exportedAs = new Map<string, string>();
  let named: string | null = null;
  let defaultLocal: string | null = null;
  const top = words.filter((w) => w.depth === 0);
  top.forEach((w, k) => {
    const next = top[k + 1];
    if (w.text === 'module' && /^\s*\.\s*exports\s*=(?!=)/.test(masked.slice(w.end))) {
      const local = fresh('moduleExports');
      const eq = masked.indexOf('=', w.end);
      edits.push({ start: w.start, end: eq + 1, text: `const ${local} =` });
      named = local;
    }
    if (w.text !== 'export') return;
    const after = masked.slice(w.end);
    if (next?.text === 'default' && /^\s*$/.test(masked.slice(w.end, next.start))) {
      defaultLocal = fresh('defaultExport');
      edits.push({ start: w.start, end: next.end, text: `const ${defaultLocal} =` });
    } else if (/^\s*\{/.test(after)) {
      const open = masked.indexOf('{', w.end);
      const close = masked.indexOf('}', open);
      const reexport = /^\s*from\b/.test(masked.slice(close + 1));
      for (const spec of masked.slice(open + 1, close === -1 ? open + 1 : close).split(',')) {
        const m = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(spec);
        if (m?.[1] && !reexport && !/^\s*type\s/.test(spec)) exportedAs.set(m[2] ?? m[1], m[1]);
      }
    } else if (next && ['const', 'let', 'var'].includes(next.text)) {
      for (const name of declaredNames(masked, top, k + 1)) exportedAs.set(name, name);
    } else if (next && /^\s*(?:async\s+)?(?:function\s*\*?|class)\s+([\w$]+)/.exec(after)) {
      const m = /^\s*(?:async\s+)?(?:function\s*\*?|class)\s+([\w$]+)/.exec(after);
      if (m?.[1]) exportedAs.set(m[1], m[1]);
    }
  });
  const local = exportedAs.get('default') ?? defaultLocal;
  named ??= local ?? exportedAs.get(role === 'output' ? 'outputSchema' : 'inputSchema') ?? null;
  const bindings = top.flatMap((w, k) => (['const', 'let', 'var'].includes(w.text) ? declaredNames(masked, top, k) : []));
  const last = named ? null : finalExpression(masked, top);
  const lastName = last === null ? null : fresh('lastValue');
  if (last !== null && lastName) edits.push({ start: last, end: last, text: `const ${lastName} = ` });
  let code = source;
  for (const e of edits.sort((a, b) => b.start - a.start)) code = code.slice(0, e.start) + e.text + code.slice(e.end);
  return {
    code,
    needsZ: !bindsZ(masked),
    named,
    exported: named ? [] : [...new Set(exportedAs.values())],
    lastFirst: named ? [] : [...(lastName ? [lastName] : []), ...bindings.reverse()],
    fresh,
  };
}

/** Blanks the contents of strings, template literals and comments (same length, newlines kept). */
function mask(source: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const c = source.charAt(i);
    const two = source.slice(i, i + 2);
    let end = -1;
    if (two === '//') end = lineEnd(source, i);
    else if (two === '/*') end = source.indexOf('*/', i + 2) === -1 ? source.length : source.indexOf('*/', i + 2) + 2;
    if (end !== -1) {
      out += blank(source.slice(i, end));
      i = end;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source.charAt(j) !== c && (c === '`' || source.charAt(j) !== '\n')) j += source.charAt(j) === '\\' ? 2 : 1;
      j = Math.min(j, source.length);
      out += c + blank(source.slice(i + 1, j)) + source.slice(j, j + 1);
      i = j + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/** Every identifier-like word with its bracket depth. */
function scanWords(masked: string): Word[] {
  const words: Word[] = [];
  let depth = 0;
  const re = /[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*|[{([]|[})\]]/g;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    const t = m[0];
    if (t === '{' || t === '(' || t === '[') depth++;
    else if (t === '}' || t === ')' || t === ']') depth = Math.max(0, depth - 1);
    else if (!/[\w$]/.test(masked.charAt(m.index - 1))) words.push({ text: t, start: m.index, end: m.index + t.length, depth });
  }
  return words;
}

/** Names of the simple declarators (`name =`) of the declaration whose keyword is `top[k]`. */
function declaredNames(masked: string, top: Word[], k: number): string[] {
  const names: string[] = [];
  const keyword = top[k];
  if (!keyword) return names;
  const stop = top.slice(k + 1).find((w) => STATEMENT_KEYWORDS.has(w.text) && isStatementStart(masked, w.start));
  const body = masked.slice(keyword.end, stop?.start ?? masked.length);
  const first = /^\s*([\w$]+)/.exec(body);
  if (first?.[1]) names.push(first[1]);
  for (const m of body.matchAll(/,\s*([\w$]+)\s*(?::[^=,]*)?=(?!=)/g)) {
    if (m[1] && depthAt(masked, keyword.end + (m.index ?? 0)) === 0) names.push(m[1]);
  }
  return names;
}

function depthAt(masked: string, at: number): number {
  let depth = 0;
  for (const ch of masked.slice(0, at)) {
    if ('{(['.includes(ch)) depth++;
    else if ('})]'.includes(ch)) depth = Math.max(0, depth - 1);
  }
  return depth;
}

/** Starts a line, or follows a `;`. */
function isStatementStart(masked: string, at: number): boolean {
  const before = masked.slice(0, at).replace(/[ \t]+$/, '');
  return before === '' || before.endsWith('\n') || before.endsWith(';');
}

/** Where the source's final expression statement starts (a name that starts the last statement), or null. */
function finalExpression(masked: string, top: Word[]): number | null {
  const starts = top.filter((w) => isStatementStart(masked, w.start));
  const last = starts[starts.length - 1];
  if (!last || STATEMENT_KEYWORDS.has(last.text)) return null;
  // A line-start name after an unfinished statement (`=`, `,`, an operator) continues it; load.ts would not compile that.
  const previous = masked.slice(0, last.start).trimEnd();
  return previous === '' || /[;})\]"'`]$/.test(previous) ? last.start : null;
}

/** The source binds `z` itself (an import or a declaration), so the test file must not import it again. */
function bindsZ(masked: string): boolean {
  return (
    /\bimport\s+(?:type\s+)?(?:z\b|\*\s*as\s+z\b|\{[^}]*\bz\b[^}]*\})/.test(masked) ||
    /\b(?:const|let|var|function|class)\s+z\b/.test(masked) ||
    /\b(?:const|let|var)\s*\{[^}]*\bz\b[^}]*\}\s*=/.test(masked)
  );
}
