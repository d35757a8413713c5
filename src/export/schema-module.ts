/**
 * The user's schema source as module-level code of a standalone test file, and which of its values is the schema.
 * Mirrors src/engine/load.ts's selection rules without running anything, on the source parser's tokens
 * (engine/source/parse.ts: strings, comments, regexes, templates and types are the parser's). CommonJS
 * `exports.x = …` is left as written and fails in an ES module; only simple `name =` declarators count as bindings,
 * as in the load phase.
 */
import type { Role } from '../engine/contract/catalog.ts';
import { applyEdits } from '../engine/fixes/edits.ts';
import type { SourceEdit } from '../engine/fixes/types.ts';
import { parseSource, type SourceToken } from '../engine/source/parse.ts';

/** The rewritten source and how the test file finds the schema in it. */
export interface SchemaModule {
  /** The source with `export default X` / `module.exports = X` bound to a local name; otherwise verbatim. */
  code: string;
  /** The source uses a `z` it does not bind (the playground puts `z` in scope), so the test file must import it. */
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

const DECLARATIONS = new Set(['const', 'let', 'var']);
const STATEMENT_KEYWORDS = new Set([
  ...DECLARATIONS, 'function', 'class', 'async', 'if', 'for', 'while', 'do', 'switch', 'try', 'return', 'throw', 'break',
  'continue', 'export', 'import', 'debugger', 'with', 'type', 'interface', 'enum', 'declare', 'namespace', 'module', 'abstract',
]);

/** What the export statements say: local names by exported name, and the edits that bind a default export. */
interface Exports {
  exportedAs: Map<string, string>;
  named: string | null;
  defaultLocal: string | null;
  edits: SourceEdit[];
}

/** Rewrites `source` for a test file; `role` picks the named export (`outputSchema` or `inputSchema`). */
export function schemaModule(source: string, role: Role): SchemaModule {
  const all = parseSource(source) ?? [];
  const tokens = all.filter((t) => !t.isType);
  const taken = new Set(all.filter((t) => t.kind === 'name').map((t) => t.text));
  const fresh = (base: string): string => {
    let name = base;
    while (taken.has(name)) name += '_';
    taken.add(name);
    return name;
  };
  const found = exportsOf(tokens, fresh);
  const local = found.exportedAs.get('default') ?? found.defaultLocal;
  const named = found.named ?? local ?? found.exportedAs.get(role === 'output' ? 'outputSchema' : 'inputSchema') ?? null;
  const bindings = tokens.flatMap((t, k) => (t.depth === 0 && DECLARATIONS.has(t.text) ? declaredNames(tokens, k) : []));
  const last = named ? null : finalExpression(tokens);
  const lastName = last === null ? null : fresh('lastValue');
  const edits = [...found.edits, ...(last !== null && lastName ? [{ start: last, end: last, text: `const ${lastName} = ` }] : [])];
  return {
    code: applyEdits(source, edits) ?? source,
    needsZ: all.some((t) => t.text === 'z' && t.role === 'access') && !all.some((t) => t.text === 'z' && (t.role === 'top-level' || t.role === 'import')),
    named,
    exported: named ? [] : [...new Set(found.exportedAs.values())],
    lastFirst: named ? [] : [...(lastName ? [lastName] : []), ...bindings.reverse()],
    fresh,
  };
}

/** The top-level `module.exports =` and `export …` statements. */
function exportsOf(tokens: readonly SourceToken[], fresh: (base: string) => string): Exports {
  const out: Exports = { exportedAs: new Map(), named: null, defaultLocal: null, edits: [] };
  const at = (k: number): string => tokens[k]?.text ?? '';
  tokens.forEach((t, k) => {
    if (t.depth !== 0 || at(k - 1) === '.') return;
    if (t.text === 'module' && at(k + 1) === '.' && at(k + 2) === 'exports' && at(k + 3) === '=') {
      out.named = fresh('moduleExports');
      out.edits.push({ start: t.start, end: (tokens[k + 3] as SourceToken).end, text: `const ${out.named} =` });
    }
    if (t.text !== 'export') return;
    const next = at(k + 1);
    if (next === 'default') {
      out.defaultLocal = fresh('defaultExport');
      out.edits.push({ start: t.start, end: (tokens[k + 1] as SourceToken).end, text: `const ${out.defaultLocal} =` });
    } else if (next === '{') {
      for (const [exported, localName] of specifiers(tokens, k + 1)) out.exportedAs.set(exported, localName);
    } else if (DECLARATIONS.has(next)) {
      for (const name of declaredNames(tokens, k + 1)) out.exportedAs.set(name, name);
    } else {
      // `export [async] function [*] name`, `export class name`: the declared name.
      const name = tokens.slice(k + 1, k + 5).find((n) => n.role === 'top-level');
      if (name && ['function', 'class', 'async'].includes(next)) out.exportedAs.set(name.text, name.text);
    }
  });
  return out;
}

/** The `exported → local` pairs of `export { a, b as c }` whose `{` is at `open` (none for a re-export `… from`). */
function specifiers(tokens: readonly SourceToken[], open: number): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let k = open + 1;
  while (k < tokens.length && tokens[k]?.text !== '}') {
    const name = tokens[k]?.text ?? '';
    const renamed = tokens[k + 1]?.text === 'as';
    pairs.push([renamed ? (tokens[k + 2]?.text ?? name) : name, name]);
    k += renamed ? 3 : 1;
    if (tokens[k]?.text === ',') k++;
  }
  return tokens[k + 1]?.text === 'from' ? [] : pairs;
}

/** The simple declarators (`name = …`) of the top-level declaration whose keyword is at `k`. */
function declaredNames(tokens: readonly SourceToken[], k: number): string[] {
  const names: string[] = [];
  for (let j = k + 1; j < tokens.length; j++) {
    const t = tokens[j] as SourceToken;
    if (t.depth !== 0) continue;
    if (t.text === ';' || (j > k + 1 && t.firstOnLine && STATEMENT_KEYWORDS.has(t.text))) break;
    const previous = tokens[j - 1]?.text;
    if (t.role === 'top-level' && (j === k + 1 || previous === ',')) names.push(t.text);
  }
  return names;
}

/** Where the source's final expression statement starts (a name that starts the last statement), or null. */
function finalExpression(tokens: readonly SourceToken[]): number | null {
  const starts = tokens.filter((t, k) => t.depth === 0 && t.kind === 'name' && (t.firstOnLine || (tokens[k - 1]?.text === ';' && tokens[k - 1]?.depth === 0)));
  const last = starts[starts.length - 1];
  if (!last || STATEMENT_KEYWORDS.has(last.text)) return null;
  // A line-start name after an unfinished statement (`=`, `,`, an operator) continues it; load.ts would not compile that.
  const previous = tokens[tokens.indexOf(last) - 1];
  return !previous || [';', '}', ')', ']'].includes(previous.text) || previous.kind === 'string' || previous.kind === 'template' ? last.start : null;
}
