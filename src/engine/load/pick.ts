/** Pick: which value the run produced is the schema, and a clear message when the one the source names is not one. */
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { positionOf } from '../answer.ts';
import type { Role } from '../contract/catalog.ts';
import type { Evaluated } from './execute.ts';
import type { RegisteredTool } from './register.ts';
import { fail, type Step } from './step.ts';
import { isZod4 } from '../worlds/zod-kind.ts';
import type { ZodModules } from '../worlds/zod-modules.ts';

/** Said when nothing in the source qualifies as the schema. */
export const NO_SCHEMA = 'No zod schema found: export default your schema, or declare it with const.';

type Picked = Step<z.ZodType>;


/**
 * Which value is the schema: the role's schema of the registered tool (when the code registers tools: `tool` is the
 * one the case picked), else the default export, the role's named export, the only exported schema, the last top-level one.
 */
export function pick(source: string, run: Evaluated, role: Role, zod?: ZodModules, tool?: RegisteredTool): Picked {
  const toSchema = schemaOf(zod);
  const asSchema = (value: unknown, what: string, at: { line: number; column: number } | null) => asSchemaWith(toSchema, value, what, at, zod === undefined);
  if (tool) return pickRegistered(source, tool, role, asSchema);
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
  if (schemas.length === 1 && schemas[0]) return { ok: true, value: schemas[0] };
  const lastValue = run.last ? toSchema(run.last.value, false) : null;
  if (lastValue) return { ok: true, value: lastValue };
  for (let k = run.bindings.length - 1; k >= 0; k--) {
    const schema = toSchema(run.bindings[k]?.[1], false);
    if (schema) return { ok: true, value: schema };
  }
  return fail({ message: NO_SCHEMA });
}

/** The registered tool the case takes: the one named `choice`, else the first registered. */
export function chosenTool(tools: readonly RegisteredTool[], choice: string | undefined): RegisteredTool | undefined {
  return tools.find((t) => t.name === choice) ?? tools[0];
}

/** The role's schema of a registered tool (a raw shape as `z.object`, as the SDKs take it), or what is missing. */
function pickRegistered(source: string, tool: RegisteredTool, role: Role, asSchema: (value: unknown, what: string, at: { line: number; column: number } | null) => Picked): Picked {
  const value = role === 'output' ? tool.output : tool.input;
  const field = role === 'output' ? 'outputSchema' : tool.form === 'addTool' ? 'parameters' : 'inputSchema';
  const at = lastMatch(source, new RegExp(`\\.(?:registerTool|tool|addTool)\\s*\\(\\s*(?:\\{[^}]*?name\\s*:\\s*)?["'\`]${escape(tool.name)}["'\`]`, 'g'));
  const where = at ?? {};
  if (value !== undefined) return asSchema(value, `The ${field} of tool "${tool.name}"`, at);
  if (role === 'input') return fail({ message: `Tool "${tool.name}" registers no inputSchema (it takes no arguments): pick the output role, or add inputSchema to its registration.`, ...where });
  const instead = tool.form === 'addTool' ? "FastMCP's addTool takes no output schema" : 'add outputSchema to its config';
  return fail({ message: `Tool "${tool.name}" registers no outputSchema: ${instead}, or pick the input role to check its ${tool.form === 'addTool' ? 'parameters' : 'inputSchema'}.`, ...where });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value the source names as its schema (an export the SDKs would be handed), or a message saying what it is instead. */
function asSchemaWith(toSchema: ToSchema, value: unknown, what: string, at: { line: number; column: number } | null, defaultWorld: boolean): Picked {
  const schema = toSchema(value, true);
  if (schema) return { ok: true, value: schema };
  const message = defaultWorld && looksLikeZod3(value) ? `${what} looks like a zod 3 schema; this playground runs zod 4: import { z } from "zod".` : `${what} is ${describe(value)}, not a zod schema.`;
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
  if (isDefaultSchema(value)) return value;
  return isRawShape(value, named, isDefaultSchema) ? z.object(value) : null;
}

/** A schema of the bundled zod package: zod 4 classic or mini (`_zod`), or the zod 3 inside it (`zod/v3`). */
function isDefaultSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType || value instanceof z3.ZodType || isZod4(value);
}

type ToSchema = (value: unknown, named: boolean) => z.ZodType | null;

/**
 * The default world's `toSchema`, or a world's: a schema of any zod its package holds (its root, `zod/v3`, `zod/v4`,
 * zod 4 mini, which all carry `_def` or `_zod`), a raw shape wrapped by the root's `z.object`, as the SDKs do.
 */
function schemaOf(zod: ZodModules | undefined): ToSchema {
  if (!zod) return toSchema;
  const classes = [zod.root['ZodType'], zod.v4.ZodType, (zod.importable['zod/v3'] as { ZodType?: unknown } | undefined)?.ZodType].filter(
    (c): c is abstract new (...args: never[]) => unknown => typeof c === 'function',
  );
  const isSchema = (v: unknown): boolean => classes.some((c) => v instanceof c) || (typeof v === 'object' && v !== null && '_zod' in v);
  const object = (zod.root['z'] as { object(shape: object): z.ZodType }).object;
  return (value, named) => (isSchema(value) ? (value as z.ZodType) : isRawShape(value, named, isSchema) ? object(value) : null);
}

function isRawShape(value: unknown, allowEmpty: boolean, isSchema: (v: unknown) => boolean): value is Record<string, z.ZodType> {
  if (!isPlainObject(value)) return false;
  try {
    const values = Object.values(value);
    return (allowEmpty || values.length > 0) && values.every(isSchema);
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
