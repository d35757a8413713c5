/**
 * Plain JavaScript modules without sucrase: the top-level `import … from` and `export` statements rewritten in place
 * into what the load phase's `new Function` body runs (`require` calls, getters on `exports`), under "use strict" as
 * a module is, with a source map for the lines an edit changed so that errors keep their exact positions. The source
 * is read with the load phase's tokenizer (scan.ts: strings, comments, regexes and templates skipped). Returns null
 * for anything else: TypeScript syntax (the rewritten code does not compile, or calls with type arguments), and the
 * forms not rewritten here (dynamic `import()`, `import type`, `export { … }`, `export * from`, `export default
 * function`, …): sucrase's turn.
 */
import type { SourceMapSegment } from '@jridgewell/trace-mapping';
import { tokenize, type Token } from './scan.ts';
import type { Transpiled } from './source-map.ts';
import { SOURCE_NAME } from './step.ts';

/** Source text [start, end) replaced by `text` (one line: a span over several lines keeps its line breaks after it). */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The rewritten module, or null when it is not a plain JavaScript module this rewrite takes. */
export function plainModule(source: string): Transpiled | null {
  const tokens = tokenize(source);
  if (tokens.some(genericCall)) return null;
  const edits: Edit[] = [{ start: 0, end: 0, text: '"use strict";' }];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (!t || t.depth !== 0 || t.kind !== 'name' || tokens[k - 1]?.text === '.') continue;
    if (t.text !== 'import' && t.text !== 'export') continue;
    const statement = t.text === 'import' ? importStatement(tokens, k) : exportStatement(tokens, k);
    if (!statement) return null;
    edits.push(statement.edit);
    k = statement.next - 1;
  }
  const out = applyEdits(source, edits);
  return compiles(out.code) ? out : null;
}

/**
 * `>(` outside an arrow `=>`: a TypeScript call with type arguments (`z.custom<string>(…)`), which compiles as
 * JavaScript too, as comparisons, and would then fail at run time. JavaScript rarely writes `a > (b)`; when it does,
 * sucrase takes it, as it takes every source.
 */
function genericCall(t: Token, i: number, tokens: readonly Token[]): boolean {
  const before = tokens[i - 1];
  return t.text === '>' && tokens[i + 1]?.text === '(' && !(before?.text === '=' && before.end === t.start);
}

/** A statement's edit and the index of the token after what it covers. */
type Statement = { edit: Edit; next: number } | null;

/** `import 'm'`, `import d from 'm'`, `import * as ns from 'm'`, `import { a, b as c } from 'm'`, `import d, { … } from 'm'`. */
function importStatement(tokens: Token[], k: number): Statement {
  const keyword = tokens[k] as Token;
  const at = (i: number): string => tokens[i]?.text ?? '';
  // `type` is TypeScript's `import { type X }` unless it is the imported name itself (arktype's `import { type }`).
  const isName = (i: number): boolean => tokens[i]?.kind === 'name' && !['from', 'as'].includes(at(i)) && (at(i) !== 'type' || [',', '}'].includes(at(i + 1)));
  let j = k + 1;
  if (tokens[j]?.kind === 'string') return { edit: { start: keyword.start, end: (tokens[j] as Token).end, text: `require(${at(j)})` }, next: j + 1 };
  // Each binding as a declarator, given the expression of the module object, and the names it declares.
  const declarators: Array<(module: string) => string> = [];
  const locals: string[] = [];
  if (isName(j)) {
    const name = at(j);
    locals.push(name);
    declarators.push((m) => `${name} = ${m}.default`);
    j++;
    if (at(j) === ',' && (at(j + 1) === '*' || at(j + 1) === '{')) j++;
  }
  if (at(j) === '*' && at(j + 1) === 'as' && isName(j + 2)) {
    const name = at(j + 2);
    locals.push(name);
    declarators.push((m) => `${name} = ${m}`);
    j += 3;
  } else if (at(j) === '{') {
    const named: string[] = [];
    for (j++; at(j) !== '}'; ) {
      const renamed = at(j + 1) === 'as';
      if (!isName(j) || (renamed && !isName(j + 2))) return null;
      named.push(renamed ? `${at(j)}: ${at(j + 2)}` : at(j));
      locals.push(at(renamed ? j + 2 : j));
      j += renamed ? 3 : 1;
      if (at(j) === ',') j++;
      else if (at(j) !== '}') return null;
    }
    declarators.push((m) => `{ ${named.join(', ')} } = ${m}`);
    j++;
  }
  // Import attributes (`with { … }`) are left to sucrase.
  if (declarators.length === 0 || at(j) !== 'from' || tokens[j + 1]?.kind !== 'string' || ['with', 'assert'].includes(at(j + 2))) return null;
  const module = `require(${at(j + 1)})`;
  const next = j + 2;
  // As TypeScript (and sucrase) do, an import none of whose names is used is dropped: nothing is required.
  const used = locals.some((name) => tokens.some((t, i) => (i < k || i >= next) && t.kind === 'name' && t.text === name && tokens[i - 1]?.text !== '.'));
  const text = used ? `const ${declarators.map((d) => d(module)).join(', ')}` : '';
  return { edit: { start: keyword.start, end: (tokens[j + 1] as Token).end, text }, next };
}

const DECLARATIONS = new Set(['const', 'let', 'var']);

/**
 * `export default <expression>`, `export const|let|var a = …, b = …`, `export function f`, `export class C`: the
 * exported names become getters on `exports` (read once the module ran, as live as a module's bindings).
 */
function exportStatement(tokens: Token[], k: number): Statement {
  const keyword = tokens[k] as Token;
  const next = tokens[k + 1];
  if (!next) return null;
  if (next.text === 'default') {
    if (['function', 'class', 'async'].includes(tokens[k + 2]?.text ?? '')) return null;
    return { edit: { start: keyword.start, end: next.end, text: 'exports.default =' }, next: k + 2 };
  }
  const names = declaredNames(tokens, k + 1);
  if (!names) return null;
  const getters = names.map((n) => `${JSON.stringify(n)}: { enumerable: true, get: () => ${n} }`).join(', ');
  return { edit: { start: keyword.start, end: keyword.end, text: `Object.defineProperties(exports, { ${getters} });` }, next: k + 1 };
}

/** The names a top-level declaration at `k` declares (simple `name = …` declarators only), or null. */
function declaredNames(tokens: Token[], k: number): string[] | null {
  const t = tokens[k];
  if (!t) return null;
  const nameAt = (i: number): string | null => (tokens[i]?.kind === 'name' ? (tokens[i] as Token).text : null);
  if (t.text === 'function') {
    const name = nameAt(tokens[k + 1]?.text === '*' ? k + 2 : k + 1);
    return name ? [name] : null;
  }
  if (t.text === 'class') {
    const name = nameAt(k + 1);
    return name ? [name] : null;
  }
  if (!DECLARATIONS.has(t.text)) return null;
  const names: string[] = [];
  for (let j = k + 1; j < tokens.length; ) {
    const name = nameAt(j);
    if (!name || tokens[j]?.depth !== 0) return null;
    names.push(name);
    // The next `, name` of the same declaration, if any.
    let end = j + 1;
    while (end < tokens.length && !((tokens[end] as Token).depth === 0 && [',', ';'].includes((tokens[end] as Token).text)) && !(tokens[end] as Token).firstOnLine) end++;
    if (tokens[end]?.text !== ',') break;
    j = end + 1;
  }
  return names;
}

/** Whether the rewritten code compiles as a function body, as the load phase runs it (TypeScript syntax does not). */
function compiles(code: string): boolean {
  try {
    new Function(code);
    return true;
  } catch {
    return false;
  }
}

/**
 * The source with `edits` (in source order) applied, and a decoded source map with segments on the lines an edit
 * starts on (the other lines keep their columns: no segment, taken as is). A span over several lines keeps its line
 * breaks, and the text after it on its last line keeps its column (padded with spaces).
 */
function applyEdits(source: string, edits: readonly Edit[]): Transpiled {
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const position = (offset: number): { line: number; column: number } => {
    let line = lineStarts.length - 1;
    while ((lineStarts[line] ?? 0) > offset) line--;
    return { line, column: offset - (lineStarts[line] ?? 0) };
  };
  const mappings: SourceMapSegment[][] = lineStarts.map(() => []);
  let code = '';
  let from = 0;
  for (const edit of edits) {
    code += source.slice(from, edit.start);
    const start = position(edit.start);
    const end = position(edit.end);
    const lineStart = code.lastIndexOf('\n') + 1;
    const segments = mappings[start.line] as SourceMapSegment[];
    const mapFrom = (column: number, sourceColumn: number): void => {
      if (segments.at(-1)?.[0] === column) segments.pop();
      segments.push([column, 0, start.line, sourceColumn]);
    };
    if (start.column > 0 && segments.length === 0) mapFrom(0, 0);
    mapFrom(code.length - lineStart, start.column);
    code += edit.text;
    if (end.line === start.line) {
      mapFrom(code.length - lineStart, end.column);
    } else {
      code += '\n'.repeat(end.line - start.line) + ' '.repeat(end.column);
    }
    from = edit.end;
  }
  code += source.slice(from);
  return { code, map: { version: 3, file: 'schema.js', sources: [SOURCE_NAME], names: [], mappings } };
}
