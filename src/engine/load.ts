/**
 * The load phase: TypeScript source → zod schema. Sucrase strips the types and turns imports into `require` calls,
 * `new Function` runs the result with a module map that knows only `zod`, and the schema is picked from what the
 * code exports or declares. Runs in Node, a worker and the main thread (no `node:` imports). Never throws.
 */
import { transform } from 'sucrase';
import * as zodModule from 'zod';
import { z } from 'zod';
import { positionOf } from './answer.ts';
import type { Role } from './case.ts';
import type { ErrorInfo } from './report.ts';
import { finalExpression, tokenize, topLevelBindings } from './load-source.ts';

/** What `loadSchema` returns: the schema, or an error with a 1-based position in the user's source where one exists. */
export type LoadResult = { ok: true; schema: z.ZodType } | { ok: false; error: ErrorInfo };

/** The file name errors and stack frames carry. */
export const SOURCE_NAME = 'schema.ts';
/** The modules a schema may import; all resolve to the bundled zod, the instance the SDKs use. */
export const IMPORTABLE = ['zod', 'zod/v4'] as const;
/** Said when nothing in the source qualifies as the schema. */
export const NO_SCHEMA = 'No zod schema found: export default your schema, or declare it with const.';

const CACHE_SIZE = 50;
const cache = new Map<string, LoadResult>();

/** Loads the zod schema a TypeScript source defines. The same source and role give the same schema object. */
export function loadSchema(source: string, role: Role): LoadResult {
  const key = `${role}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = loadUncached(source, role);
  cache.set(key, result);
  const oldest = cache.keys().next();
  if (cache.size > CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
  return result;
}

function loadUncached(source: string, role: Role): LoadResult {
  try {
    const compiled = transpile(source);
    if (!compiled.ok) return compiled;
    const run = execute(source, compiled.value);
    if (!run.ok) return run;
    const picked = pick(source, run.value, role);
    return picked.ok ? bounded(source, picked.schema) : picked;
  } catch (e) {
    return fail({ message: `Internal error loading the schema: ${messageOf(e)}` });
  }
}

function fail(error: ErrorInfo): { ok: false; error: ErrorInfo } {
  return { ok: false, error };
}

// ---------------------------------------------------------------- transpile

/** Transpiled JS plus, per generated line, the [generated column, source column] pairs of sucrase's source map. */
interface Transpiled {
  code: string;
  columns: Array<Array<[number, number]>>;
}

type Step<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

function transpile(source: string): Step<Transpiled> {
  try {
    const out = transform(source, {
      transforms: ['typescript', 'imports'],
      // Modern engines run ES2020+ natively; leaving it alone keeps columns close to the source.
      disableESTransforms: true,
      filePath: SOURCE_NAME,
      sourceMapOptions: { compiledFilename: 'schema.js' },
    });
    return { ok: true, value: { code: out.code, columns: decodeColumns(out.sourceMap?.mappings ?? '') } };
  } catch (e) {
    return fail(syntaxError(source, e));
  }
}

function syntaxError(source: string, e: unknown): ErrorInfo {
  const raw = messageOf(e)
    .replace(/^Error transforming [^:]*: /, '')
    .replace(/ \(\d+:\d+\)$/, '');
  const pos = (e as { pos?: unknown } | null)?.pos;
  const message = `Syntax error: ${raw}`;
  return typeof pos === 'number' ? { message, ...positionOf(source, Math.min(pos, source.length)) } : { message };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Sucrase keeps lines as they are, so only columns need the source map. */
function decodeColumns(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let sourceColumn = 0;
  for (const line of mappings.split(';')) {
    const pairs: Array<[number, number]> = [];
    let generatedColumn = 0;
    for (const segment of line.split(',')) {
      const fields = decodeVlq(segment);
      generatedColumn += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceColumn += fields[3] ?? 0;
        pairs.push([generatedColumn, sourceColumn]);
      }
    }
    lines.push(pairs);
  }
  return lines;
}

function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = BASE64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** 1-based generated column → 1-based source column on the same line. */
function sourceColumn(columns: Transpiled['columns'], line: number, column: number): number {
  let best: [number, number] | undefined;
  for (const pair of columns[line - 1] ?? []) if (pair[0] <= column - 1) best = pair;
  return best ? best[1] + (column - 1 - best[0]) + 1 : column;
}

// ---------------------------------------------------------------- execute

/** Everything a run reveals: the module's exports and the top-level values, in source order. */
interface Evaluated {
  exports: Record<string, unknown>;
  moduleExports: unknown;
  /** The final expression statement's value, when the code ends with one. */
  last: { value: unknown } | null;
  bindings: Array<[string, unknown]>;
}

/** Text added before the transpiled code on its first line, and before a captured final expression. */
const HEAD = 'return (function () {';
const CAPTURE = 'return { last: (';
const ZOD_MODULE: Readonly<Record<string, unknown>> = Object.freeze({ ...zodModule, __esModule: true });

class ImportRefused extends Error {
  constructor(readonly module: string) {
    super(`Cannot import "${module}": only ${IMPORTABLE.map((m) => `"${m}"`).join(' and ')} can be imported here.`);
  }
}

function requireModule(name: unknown): unknown {
  if (IMPORTABLE.some((m) => m === name)) return ZOD_MODULE;
  throw new ImportRefused(String(name));
}

interface Program {
  body: string;
  capture: { line: number; column: number } | null;
}

function execute(source: string, compiled: Transpiled): Step<Evaluated> {
  let program = instrument(compiled.code);
  let run: (...args: unknown[]) => unknown;
  try {
    run = compile(program);
  } catch {
    // Should the scan ever misread the code, run it uninstrumented rather than blame the user for our mistake.
    program = { body: `${HEAD}${compiled.code}\n;return { bindings: [] };\n})();`, capture: null };
    try {
      run = compile(program);
    } catch (e) {
      return fail(compileError(source, e));
    }
  }
  const exports: Record<string, unknown> = {};
  const module = { exports: exports as unknown };
  try {
    const out = run(requireModule, exports, module, z) as { last?: unknown; bindings: Array<[string, () => unknown]> };
    const last = 'last' in out ? { value: out.last } : null;
    return { ok: true, value: { exports, moduleExports: module.exports, last, bindings: out.bindings.map(([n, get]) => [n, read(get)]) } };
  } catch (e) {
    return fail(runtimeError(source, compiled, program, e));
  }
}

function compile(program: Program): (...args: unknown[]) => unknown {
  return new Function('require', 'exports', 'module', 'z', `${program.body}\n//# sourceURL=${SOURCE_NAME}`) as (...args: unknown[]) => unknown;
}

/** Wraps the transpiled code so that it returns its top-level values; the user's own names may shadow the parameters. */
function instrument(code: string): Program {
  const tokens = tokenize(code);
  const getters = topLevelBindings(tokens)
    .map((n) => `[${JSON.stringify(n)}, () => ${n}]`)
    .join(', ');
  const final = finalExpression(code, tokens);
  const tail = `bindings: [${getters}] };\n})();`;
  if (!final) return { body: `${HEAD}${code}\n;return { ${tail}`, capture: null };
  const at = positionOf(code, final.start);
  return { body: `${HEAD}${code.slice(0, final.start)}${CAPTURE}${final.text}\n), ${tail}`, capture: at };
}

function read(get: () => unknown): unknown {
  try {
    return get();
  } catch {
    return undefined;
  }
}

function compileError(source: string, e: unknown): ErrorInfo {
  const message = `Syntax error: ${messageOf(e)}`;
  // V8 gives no position for errors only the engine finds; a redeclaration is the common one, and easy to find.
  const name = /^Identifier '([\w$]+)' has already been declared/.exec(messageOf(e))?.[1];
  if (!name) return { message };
  const declarations = [...source.matchAll(new RegExp(`\\b(?:const|let|var|class|function)\\s+(${name.replace(/\$/g, '\\$')})\\b`, 'g'))];
  const second = declarations[1] ?? declarations[0];
  return second?.index === undefined ? { message } : { message, ...positionOf(source, second.index + second[0].length - name.length) };
}

function runtimeError(source: string, compiled: Transpiled, program: Program, e: unknown): ErrorInfo {
  const message = e instanceof ImportRefused ? e.message : describeThrown(e);
  const at = userPosition(e, compiled, program);
  if (!at) return { message };
  if (e instanceof ImportRefused) {
    // Point at the quoted module name in the import, not at the generated require call.
    const quoteColumn = (source.split('\n')[at.line - 1] ?? '').indexOf(e.module);
    return { message, line: at.line, column: quoteColumn > 0 ? quoteColumn : 1 };
  }
  return { message, ...at };
}

function describeThrown(e: unknown): string {
  const text = cleanNames(messageOf(e));
  const name = e instanceof Error ? e.name : '';
  return name && name !== 'Error' ? `${name}: ${text}` : text;
}

/** Sucrase renames imported bindings (`z.strin` runs as `_zod.z.strin`); say them as the user wrote them. */
function cleanNames(message: string): string {
  return message.replace(/\b_(?:zod|v4)\d*\.default\b/g, 'z').replace(/\b_(?:zod|v4)\d*\.(?=[\w$])/g, '');
}

/** Where in the user's source a thrown error happened: the first stack frame in the schema file, mapped back. */
function userPosition(e: unknown, compiled: Transpiled, program: Program): { line: number; column: number } | null {
  const frame = stackFrame(e);
  const offset = functionOffset();
  if (!frame || !offset) return null;
  const line = frame.line - offset.lines;
  let column = frame.column;
  if (line === 1) column -= offset.columns + HEAD.length;
  if (program.capture && line === program.capture.line && column >= program.capture.column + CAPTURE.length) column -= CAPTURE.length;
  if (line < 1 || column < 1) return null;
  return { line, column: sourceColumn(compiled.columns, line, column) };
}

function stackFrame(e: unknown): { line: number; column: number } | null {
  const stack = (e as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return null;
  // Anchored so that a library frame such as `to-json-schema.ts:1:2` is not taken for the user's file.
  const at = new RegExp(`(?:^|[\\s(@])${SOURCE_NAME.replace('.', '\\.')}:(\\d+):(\\d+)`, 'm').exec(stack);
  return at ? { line: Number(at[1]), column: Number(at[2]) } : null;
}

let offsetOfFunctionBody: { lines: number; columns: number } | null | undefined;

/** Engines put `new Function` bodies after a header of their own: measure it once instead of assuming V8's two lines. */
function functionOffset(): { lines: number; columns: number } | null {
  if (offsetOfFunctionBody !== undefined) return offsetOfFunctionBody;
  offsetOfFunctionBody = null;
  try {
    const probe = new Function('require', 'exports', 'module', 'z', `return new Error()\n//# sourceURL=${SOURCE_NAME}`) as () => Error;
    const at = stackFrame(probe());
    // `new` is the 8th character of the probe's first line.
    if (at) offsetOfFunctionBody = { lines: at.line - 1, columns: at.column - 8 };
  } catch {
    // No position then; messages still arrive.
  }
  return offsetOfFunctionBody;
}

// ---------------------------------------------------------------- pick

/** Which value is the schema: default export, the role's named export, the only exported schema, the last top-level one. */
function pick(source: string, run: Evaluated, role: Role): LoadResult {
  if (run.moduleExports !== run.exports) return asSchema(run.moduleExports, 'module.exports', lastMatch(source, /\bmodule\.exports\b/g));
  if (Object.hasOwn(run.exports, 'default')) return asSchema(run.exports['default'], 'export default', lastMatch(source, /\bexport\s+default\b/g));
  const named = role === 'output' ? 'outputSchema' : 'inputSchema';
  if (Object.hasOwn(run.exports, named)) {
    return asSchema(run.exports[named], `export ${named}`, lastMatch(source, new RegExp(`\\bexport\\s+(?:const|let|var)\\s+${named}\\b`, 'g')));
  }
  const exported = new Set(
    Object.keys(run.exports)
      .filter((k) => k !== '__esModule')
      .map((k) => run.exports[k]),
  );
  const schemas = [...exported].map((v) => toSchema(v, false)).filter((s): s is z.ZodType => s !== null);
  if (schemas.length === 1 && schemas[0]) return { ok: true, schema: schemas[0] };
  const lastValue = run.last ? toSchema(run.last.value, false) : null;
  if (lastValue) return { ok: true, schema: lastValue };
  for (let k = run.bindings.length - 1; k >= 0; k--) {
    const schema = toSchema(run.bindings[k]?.[1], false);
    if (schema) return { ok: true, schema };
  }
  return fail({ message: NO_SCHEMA });
}

/** The value the source names as its schema (an export the SDKs would be handed), or a message saying what it is instead. */
function asSchema(value: unknown, what: string, at: { line: number; column: number } | null): LoadResult {
  const schema = toSchema(value, true);
  if (schema) return { ok: true, schema };
  const message = looksLikeZod3(value) ? `${what} looks like a zod 3 schema; this playground runs zod 4: import { z } from "zod".` : `${what} is ${describe(value)}, not a zod schema.`;
  return fail(at ? { message, ...at } : { message });
}

/** Where the last match of `pattern` (global) starts: the real export comes after any comment that mentions one. */
function lastMatch(source: string, pattern: RegExp): { line: number; column: number } | null {
  let last: number | null = null;
  for (const m of source.matchAll(pattern)) last = m.index;
  return last === null ? null : positionOf(source, last);
}

/**
 * A zod schema, or a raw shape (a plain object whose values are all zod schemas) as `z.object(shape)`. Both SDKs take
 * an empty object handed to them as `z.object({})`, so `named` (the value is the one the source exports as its schema)
 * lets `{}` count too; when the schema is guessed among all exports and declarations, an empty object is just data.
 */
function toSchema(value: unknown, named: boolean): z.ZodType | null {
  if (value instanceof z.ZodType) return value;
  return isRawShape(value, named) ? z.object(value) : null;
}

function isRawShape(value: unknown, allowEmpty: boolean): value is Record<string, z.ZodType> {
  if (!isPlainObject(value)) return false;
  try {
    const values = Object.values(value);
    return (allowEmpty || values.length > 0) && values.every((v) => v instanceof z.ZodType);
  } catch {
    return false;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function looksLikeZod3(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_def' in value && 'safeParse' in value && !('_zod' in value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (isPlainObject(value)) return 'an object whose values are not all zod schemas';
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

// ---------------------------------------------------------------- bounded (a schema that never ends)

/** Deeper than this, a schema is taken to build itself forever; every converter's recursion would overflow long before. */
export const MAX_SCHEMA_DEPTH = 1000;
/** A walk this long gives up checking: a schema this large is finite in practice, and the check must stay cheap. */
const MAX_WALKED_NODES = 100_000;

interface Visit {
  node: z.ZodType;
  depth: number;
  /** The object key this node sits under, when it is a field. */
  key: string | null;
  parent: Visit | null;
}

/**
 * Refuses a schema whose tree has no end: a getter or function that returns a *new* schema on every call (instead of
 * the schema itself, or one `z.lazy`) never reaches a node it has seen, so every walk over it recurses or loops forever.
 */
function bounded(source: string, schema: z.ZodType): LoadResult {
  const endless = endlessPath(schema);
  if (!endless) return { ok: true, schema };
  const key = endless[endless.length - 1];
  const at = key === undefined ? '' : ` (${endless.slice(0, 4).join('.')}…)`;
  const message =
    `The schema never ends: it keeps building new schemas more than ${MAX_SCHEMA_DEPTH} levels deep${at}, so it cannot be converted. ` +
    'A getter or function that returns a new schema on every call recurses forever; have it return the same schema instead (const A = z.object({ get a() { return A; } })).';
  // A getter named after the repeating key is almost always where the recursion is written.
  const getter = key !== undefined && /^[\w$]+$/.test(key) ? new RegExp(`\\bget\\s+${key.replace(/\$/g, '\\$')}\\s*\\(`).exec(source) : null;
  return fail(getter ? { message, ...positionOf(source, getter.index + getter[0].indexOf(key as string, 3)) } : { message });
}

/** The object keys leading to a node deeper than MAX_SCHEMA_DEPTH, or null when the tree ends. Iterative; never throws. */
function endlessPath(root: z.ZodType): string[] | null {
  const seen = new Set<z.ZodType>();
  const stack: Visit[] = [{ node: root, depth: 0, key: null, parent: null }];
  for (let visit = stack.pop(); visit && seen.size < MAX_WALKED_NODES; visit = stack.pop()) {
    if (seen.has(visit.node)) continue;
    seen.add(visit.node);
    if (visit.depth > MAX_SCHEMA_DEPTH) return keysTo(visit);
    for (const [key, child] of childSchemas(visit.node)) stack.push({ node: child, depth: visit.depth + 1, key, parent: visit });
  }
  return null;
}

function keysTo(visit: Visit): string[] {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v; v = v.parent) if (v.key !== null) keys.push(v.key);
  return keys.reverse();
}

/** A schema's direct children, read from its def generically (fields by name); a getter that throws yields nothing. */
function childSchemas(node: z.ZodType): Array<[string | null, z.ZodType]> {
  const out: Array<[string | null, z.ZodType]> = [];
  const add = (key: string | null, value: unknown) => value instanceof z.ZodType && out.push([key, value]);
  try {
    const def = node._zod.def as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(def)) {
      if (name === 'shape' && typeof value === 'object' && value !== null) for (const [key, field] of Object.entries(value)) add(key, field);
      else if (Array.isArray(value)) for (const item of value) add(null, item);
      else add(null, value);
    }
    if (def['type'] === 'lazy') add(null, (node._zod as { innerType?: unknown }).innerType);
  } catch {
    // zod meets the same throw when it reads the schema, and reports it there.
  }
  return out;
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return 'Unknown error';
  }
}
