/**
 * The ship phase: what a server sends as structuredContent. `raw` is what the published SDKs do; `strip`, `warn`,
 * `keep` and `fail` are FrontMCP's undeclared-keys policies (seed 000, PR #981), with its messages.
 * Every walk over an answer is iterative, so a 10,000-level answer cannot overflow the stack here.
 */
import type { z } from 'zod';
import type { InputParse, Json, PolicyId } from './report.ts';
import type { LoadedCase, Policy, Shipment } from './types.ts';

/** A tool names at most this many undeclared key paths (seed 000). */
export const MAX_KEY_PATHS = 100;
/** What FrontMCP's clients see when it refuses an answer (`InvalidOutputError.getPublicMessage()`). */
export const PUBLIC_INVALID_OUTPUT = 'Output validation failed. Please contact support.';
/** FrontMCP's `InvalidOutputError` message, which its internal message starts with. */
export const INVALID_OUTPUT_MESSAGE = 'Tool output validation failed';

/** The `warn` policy's log line (seed 000, verbatim). */
export function warnLog(tool: string, keys: readonly string[]): string {
  return `Tool "${tool}" answered with keys its outputSchema does not declare, so they were stripped: ${keys.join(', ')}.`;
}

/** A refused answer as the playground shows it: code, internal message, and what clients see. */
export function invalidOutput(internal: string): string {
  return `INVALID_OUTPUT: ${internal} (clients see: ${PUBLIC_INVALID_OUTPUT})`;
}

/** FrontMCP's internal message for undeclared keys it refuses (`fail`) or cannot put back (`keep`). */
export function undeclaredKeysMessage(keys: readonly string[]): string {
  return `${INVALID_OUTPUT_MESSAGE}: undeclared keys: ${keys.join(', ')}`;
}

/** Logged by `warn`, `keep` and `fail` for a schema with a transform, which is always stripped. */
export function transformNote(tool: string, policy: PolicyId): string {
  return `Tool "${tool}": its outputSchema has a transform, so undeclared keys are always stripped and the ${policy} policy does not apply.`;
}

// ---------------------------------------------------------------- the policies

const raw: Policy = {
  id: 'raw',
  title: 'Published SDKs',
  summary: 'Validate with zod, discard the parse, ship the answer as given (@modelcontextprotocol/sdk 1.x, server 2.x).',
  opensListing: false,
  /**
   * Contract with the converters: `refused` is the ZodError's `.message` verbatim. zod 4 makes that
   * `JSON.stringify(issues, null, 2)`, so `listing.refusal(refused)` reads the issues back (converters/sdk-listing.ts
   * `issuesOf`) and words them as its SDK does. When the parse threw instead of failing, it is the thrown message.
   */
  ship(loaded, answer) {
    const a = analyse(loaded.schema, answer);
    if (!a.parsed.ok) return refusal(a.parsed.zodMessage);
    return { ships: answer, undeclared: a.undeclared, refused: null, log: null };
  },
};

const strip: Policy = {
  id: 'strip',
  title: 'strip',
  summary: 'FrontMCP: ship the parsed answer; undeclared keys vanish silently (the default outside development).',
  opensListing: false,
  ship: (loaded, answer) => frontmcp(loaded, answer, 'strip', (a, data) => shipped(data, a.undeclared, null)),
};

const warn: Policy = {
  id: 'warn',
  title: 'warn',
  summary: 'FrontMCP: ship the parsed answer and log the undeclared key paths (the default in development).',
  opensListing: false,
  ship: (loaded, answer) =>
    frontmcp(loaded, answer, 'warn', (a, data) => shipped(data, a.undeclared, a.undeclared.length > 0 ? warnLog(loaded.tool, a.undeclared) : null)),
};

const keep: Policy = {
  id: 'keep',
  title: 'keep',
  summary: 'FrontMCP: put undeclared keys back and list the schema open at every level.',
  opensListing: true,
  ship: (loaded, answer) =>
    frontmcp(loaded, answer, 'keep', (a, data) => {
      if (a.undeclared.length === 0) return shipped(data, [], null);
      const merged = withUndeclaredKeys(answer, data);
      // A key whose object the schema coerced to a primitive has nowhere to go back to.
      const lost = findDroppedKeys(answer, merged);
      if (lost.length > 0) return { ...refusal(invalidOutput(undeclaredKeysMessage(lost))), undeclared: a.undeclared };
      return shipped(merged, a.undeclared, null);
    }),
};

const fail: Policy = {
  id: 'fail',
  title: 'fail',
  summary: 'FrontMCP: refuse an answer with undeclared keys (INVALID_OUTPUT; clients get a generic message).',
  opensListing: false,
  ship: (loaded, answer) =>
    frontmcp(loaded, answer, 'fail', (a, data) =>
      a.undeclared.length > 0 ? { ...refusal(invalidOutput(undeclaredKeysMessage(a.undeclared))), undeclared: a.undeclared } : shipped(data, [], null),
    ),
};

/** The shipping policies, in display order. */
export const POLICIES: readonly Policy[] = [raw, strip, warn, keep, fail];

/** FrontMCP's common path: a rejected answer is INVALID_OUTPUT; a schema with a transform is always stripped. */
function frontmcp(loaded: LoadedCase, answer: Json, policy: PolicyId, apply: (a: Analysis, data: unknown) => Shipment): Shipment {
  const a = analyse(loaded.schema, answer);
  if (!a.parsed.ok) return refusal(invalidOutput(a.parsed.frontmcp));
  if (a.transform) return shipped(a.parsed.data, [], policy === 'strip' ? null : transformNote(loaded.tool, policy));
  return apply(a, a.parsed.data);
}

function refusal(refused: string): Shipment {
  return { ships: null, undeclared: [], refused, log: null };
}

/** Ships a parsed value as the wire carries it (JSON), or refuses when it has no JSON form. */
function shipped(value: unknown, undeclared: string[], log: string | null): Shipment {
  try {
    return { ships: toJson(value) ?? null, undeclared, refused: null, log };
  } catch (e) {
    return { ...refusal(`The parsed answer cannot be sent as JSON: ${messageOf(e)}`), undeclared, log };
  }
}

// ---------------------------------------------------------------- analysis (one parse shared by the five policies)

type ParseOutcome = { ok: true; data: unknown } | { ok: false; zodMessage: string; frontmcp: string; issues: string };

interface Analysis {
  parsed: ParseOutcome;
  transform: boolean;
  /** findDroppedKeys(answer, parsed); empty for a schema with a transform, whose parse can rename keys. */
  undeclared: string[];
}

let lastAnalysis: { schema: z.ZodType; answer: unknown; result: Analysis } | null = null;

function analyse(schema: z.ZodType, answer: unknown): Analysis {
  if (lastAnalysis && lastAnalysis.schema === schema && Object.is(lastAnalysis.answer, answer)) return lastAnalysis.result;
  const parsed = parseWith(schema, answer);
  const transform = hasTransform(schema);
  const undeclared = parsed.ok && !transform ? findDroppedKeys(answer, parsed.data) : [];
  const result = { parsed, transform, undeclared };
  lastAnalysis = { schema, answer, result };
  return result;
}

function parseWith(schema: z.ZodType, value: unknown): ParseOutcome {
  try {
    const r = schema.safeParse(value);
    if (r.success) return { ok: true, data: r.data };
    const first = r.error.issues[0];
    // FrontMCP: InvalidOutputError({ reason: 'output does not match outputSchema', path: first issue's path joined with '.' }).
    const at = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
    const why = first ? `: ${first.message}` : '';
    return { ok: false, zodMessage: r.error.message, frontmcp: `${INVALID_OUTPUT_MESSAGE}: output does not match outputSchema${at}${why}`, issues: formatIssues(r.error.issues) };
  } catch (e) {
    // A parse that throws (a stack overflow on a deep answer, an async refinement) fails the call the same way.
    const message = messageOf(e);
    return { ok: false, zodMessage: message, frontmcp: `${INVALID_OUTPUT_MESSAGE}: the schema threw while parsing: ${message}`, issues: message };
  }
}

/** The issues as @modelcontextprotocol/server 2.x words them: `path: message`, joined with `, `. */
function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join(', ');
}

// ---------------------------------------------------------------- input role

/** What the server's zod parse makes of call arguments: the parsed value, the keys it dropped, or its error. */
export function parseInput(loaded: LoadedCase, args: Json): InputParse {
  const a = analyse(loaded.schema, args);
  if (!a.parsed.ok) return { ok: false, parsed: null, dropped: [], error: a.parsed.issues };
  try {
    return { ok: true, parsed: toJson(a.parsed.data) ?? null, dropped: a.undeclared, error: null };
  } catch (e) {
    return { ok: true, parsed: null, dropped: a.undeclared, error: `The parsed arguments have no JSON form: ${messageOf(e)}` };
  }
}

// ---------------------------------------------------------------- findDroppedKeys

type Task = { from: unknown; to: unknown; path: string } | { report: string };

/**
 * Key paths of `original` missing from `parsed` at the same place (`costCenter`, `lines[].margin`), in answer order,
 * each once, at most MAX_KEY_PATHS. Keys of an object parsing replaced with a non-object count; the walk stops
 * where `parsed` holds the original by reference (`z.any()`), and at pairs it has seen, so cycles end.
 */
export function findDroppedKeys(original: unknown, parsed: unknown): string[] {
  const found = new Set<string>();
  const seen = new WeakMap<object, WeakSet<object>>();
  const stack: Task[] = [{ from: original, to: parsed, path: '' }];
  while (stack.length > 0 && found.size < MAX_KEY_PATHS) {
    const task = stack.pop() as Task;
    if ('report' in task) {
      found.add(task.report);
      continue;
    }
    const { from, to, path } = task;
    if (from === to || typeof from !== 'object' || from === null || walked(seen, from, to)) continue;
    if (Array.isArray(from)) {
      const into = Array.isArray(to) ? (to as unknown[]) : [];
      for (let i = from.length - 1; i >= 0; i--) stack.push({ from: from[i], to: into[i], path: `${path}[]` });
      continue;
    }
    const target = isRecord(to) ? to : null;
    const keys = Object.keys(from);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      const at = path ? `${path}.${key}` : key;
      stack.push(target && Object.hasOwn(target, key) ? { from: (from as Record<string, unknown>)[key], to: target[key], path: at } : { report: at });
    }
  }
  return [...found];
}

function walked(seen: WeakMap<object, WeakSet<object>>, from: object, to: unknown): boolean {
  if (typeof to !== 'object' || to === null) return false;
  let partners = seen.get(from);
  if (!partners) seen.set(from, (partners = new WeakSet()));
  if (partners.has(to)) return true;
  partners.add(to);
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// ---------------------------------------------------------------- keep: put undeclared keys back

type Slot = (value: unknown) => void;

/** The parsed value with the original's undeclared keys put back, at every level (a new value; inputs untouched). */
export function withUndeclaredKeys(original: unknown, parsed: unknown): unknown {
  let result: unknown;
  const seen = new WeakMap<object, WeakSet<object>>();
  const stack: Array<{ from: unknown; to: unknown; put: Slot }> = [{ from: original, to: parsed, put: (v) => (result = v) }];
  while (stack.length > 0) {
    const { from, to, put } = stack.pop() as (typeof stack)[number];
    if (from === to || typeof from !== 'object' || from === null || typeof to !== 'object' || to === null || walked(seen, from, to)) {
      put(to);
    } else if (Array.isArray(from) && Array.isArray(to)) {
      const out: unknown[] = [];
      put(out);
      to.forEach((item: unknown, i) => stack.push({ from: from[i], to: item, put: (v) => (out[i] = v) }));
    } else if (!Array.isArray(from) && isRecord(to)) {
      const out: Record<string, unknown> = {};
      put(out);
      for (const key of Object.keys(to)) {
        define(out, key, to[key]);
        if (Object.hasOwn(from, key)) stack.push({ from: (from as Record<string, unknown>)[key], to: to[key], put: (v) => define(out, key, v) });
      }
      for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) define(out, key, (from as Record<string, unknown>)[key]);
    } else {
      put(to);
    }
  }
  return result;
}

/** Own data property even for `__proto__`: plain assignment would set the prototype instead. */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

// ---------------------------------------------------------------- toJson: what the wire carries

/** JSON.stringify + JSON.parse without recursion: toJSON, dropped undefined, non-finite → null; throws on BigInt and cycles. */
export function toJson(root: unknown): Json | undefined {
  let result: Json | undefined;
  const ancestors = new Set<object>();
  type Frame = { leave: object } | { value: unknown; key: string; put: (v: Json | undefined) => void };
  const stack: Frame[] = [{ value: root, key: '', put: (v) => (result = v) }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if ('leave' in frame) {
      ancestors.delete(frame.leave);
      continue;
    }
    const value = unbox(jsonOf(frame.value, frame.key));
    if (typeof value !== 'object' || value === null) {
      frame.put(primitive(value));
      continue;
    }
    if (ancestors.has(value)) throw new TypeError('Converting circular structure to JSON');
    ancestors.add(value);
    stack.push({ leave: value });
    if (Array.isArray(value)) {
      const out: Json[] = [];
      frame.put(out);
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), put: (v) => (out[i] = v ?? null) });
    } else {
      const out: { [key: string]: Json } = {};
      frame.put(out);
      const keys = Object.keys(value);
      for (let k = keys.length - 1; k >= 0; k--) {
        const key = keys[k] as string;
        stack.push({ value: (value as Record<string, unknown>)[key], key, put: (v) => v !== undefined && define(out, key, v) });
      }
    }
  }
  return result;
}

function jsonOf(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return (typeof value === 'object' || typeof value === 'bigint') && value !== null && typeof toJSON === 'function' ? toJSON.call(value, key) : value;
}

function unbox(value: unknown): unknown {
  return value instanceof Number || value instanceof String || value instanceof Boolean ? value.valueOf() : value;
}

function primitive(value: unknown): Json | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  return undefined;
}

// ---------------------------------------------------------------- hasTransform

const transforms = new WeakMap<z.ZodType, boolean>();

interface DefLike {
  type: string;
  [key: string]: unknown;
}

/** Whether a transform sits anywhere in the schema: `.transform()`, `z.preprocess()`, `.pipe()`, a codec (all zod 4 pipes). */
export function hasTransform(schema: z.ZodType): boolean {
  const known = transforms.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<unknown>();
  const stack: unknown[] = [schema];
  let found = false;
  while (stack.length > 0 && !found) {
    const node = stack.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    const def = defOf(node);
    if (!def) continue;
    if (def.type === 'pipe' || def.type === 'transform') found = true;
    else stack.push(...childrenOf(node, def));
  }
  transforms.set(schema, found);
  return found;
}

function defOf(node: unknown): DefLike | null {
  const def = (node as { _zod?: { def?: unknown } } | null)?._zod?.def;
  return typeof def === 'object' && def !== null && typeof (def as DefLike).type === 'string' ? (def as DefLike) : null;
}

function childrenOf(node: unknown, def: DefLike): unknown[] {
  try {
    switch (def.type) {
      case 'object':
        return [...Object.values(def['shape'] as object), def['catchall']];
      case 'union':
        return [...(def['options'] as unknown[])];
      case 'tuple':
        return [...(def['items'] as unknown[]), def['rest']];
      case 'intersection':
        return [def['left'], def['right']];
      case 'record':
      case 'map':
        return [def['keyType'], def['valueType']];
      case 'set':
        return [def['valueType']];
      case 'array':
        return [def['element']];
      case 'lazy':
        // zod caches the getter's result as innerType, so a recursive schema yields the same objects every time.
        return [(node as { _zod: { innerType?: unknown } })._zod.innerType];
      default:
        return [def['innerType']];
    }
  } catch {
    return [];
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
