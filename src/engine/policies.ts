/**
 * The ship phase: what a server sends as structuredContent. `raw` is what the published SDKs do; `strip`, `warn`,
 * `keep` and `fail` are FrontMCP's undeclared-keys policies (seed 000, PR #981), with its messages.
 * Every walk over an answer is iterative, so a 10,000-level answer cannot overflow the stack here.
 */
import type { z } from 'zod';
import { POLICY_IDS, type PolicyId } from './contract/catalog.ts';
import type { InputParse, Json } from './report.ts';
import type { LoadedCase, Policy, PolicyRegistry, Shipment } from './types.ts';
import { belowPipes } from './pipes.ts';

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

/** Logged by `warn`, `keep` and `fail` when part of the answer passes through a transform: keys there are always stripped. */
export function transformNote(tool: string, policy: PolicyId): string {
  return `Tool "${tool}": part of its answer passes through a transform in its outputSchema, so undeclared keys there are always stripped and the ${policy} policy does not apply to them.`;
}

// ---------------------------------------------------------------- the policies

const raw: Policy<'raw'> = {
  id: 'raw',
  opensListing: false,
  /**
   * Contract with the converters: `refused` is the ZodError's `.message` verbatim. zod 4 makes that
   * `JSON.stringify(issues, null, 2)`, so `listing.refusal(refused)` reads the issues back (converters/sdk-listing.ts
   * `issuesOf`) and words them as its SDK does. When the parse threw instead of failing, it is the thrown message.
   */
  ship(loaded, answer) {
    const a = analyse(loaded.schema, answer);
    // Refused arguments were still sent as they are: the clients' verdicts on them stand beside the server's refusal.
    if (!a.parsed.ok) return loaded.role === 'input' ? { ...refusal(a.parsed.zodMessage), ships: answer } : refusal(a.parsed.zodMessage);
    return { ships: answer, undeclared: a.undeclared, refused: null, log: null };
  },
  onWire: sdkResultCopy,
};

const strip: Policy<'strip'> = {
  id: 'strip',
  opensListing: false,
  ship: (loaded, answer) => frontmcp(loaded, answer, 'strip', (a) => shipped(parsedWire(a, answer), a.undeclared, null)),
};

const warn: Policy<'warn'> = {
  id: 'warn',
  opensListing: false,
  ship: (loaded, answer) =>
    frontmcp(loaded, answer, 'warn', (a) => shipped(parsedWire(a, answer), a.undeclared, a.undeclared.length > 0 ? warnLog(loaded.tool, a.undeclared) : null)),
};

const keep: Policy<'keep'> = {
  id: 'keep',
  opensListing: true,
  ship: (loaded, answer) =>
    frontmcp(loaded, answer, 'keep', (a, data) => {
      if (a.undeclared.length === 0) return shipped(parsedWire(a, answer), [], null);
      const { merged, complete } = putBackUndeclaredKeys(answer, data, a.below);
      // A key whose object the schema coerced to a primitive has nowhere to go back to.
      const lost = complete ? [] : findDroppedKeys(answer, merged, a.below);
      if (lost.length > 0) return { ...refusal(invalidOutput(undeclaredKeysMessage(lost))), undeclared: a.undeclared };
      return shipped(wireOf(merged, answer), a.undeclared, null);
    }),
};

const fail: Policy<'fail'> = {
  id: 'fail',
  opensListing: false,
  ship: (loaded, answer) =>
    frontmcp(loaded, answer, 'fail', (a, data) =>
      a.undeclared.length > 0 ? { ...refusal(invalidOutput(undeclaredKeysMessage(a.undeclared))), undeclared: a.undeclared } : shipped(parsedWire(a, answer), [], null),
    ),
};

/** Each catalog id's policy (a missing, extra or mismatched entry fails the compiler). */
export const POLICY_REGISTRY: PolicyRegistry = { raw, strip, warn, keep, fail };

/** The shipping policies in the catalog's (display) order. */
export const POLICIES: readonly Policy[] = POLICY_IDS.map((id) => POLICY_REGISTRY[id]);

/**
 * FrontMCP's common path: a rejected answer is INVALID_OUTPUT; otherwise the policy acts on the undeclared keys found.
 * Keys below a transform cannot be compared and are always stripped: `warn`, `keep` and `fail` say so when the answer
 * has an object or array there.
 */
function frontmcp(loaded: LoadedCase, answer: Json, policy: PolicyId, apply: (a: Analysis, data: unknown) => Shipment): Shipment {
  const a = analyse(loaded.schema, answer);
  if (!a.parsed.ok) return refusal(invalidOutput(a.parsed.frontmcp));
  const shipment = apply(a, a.parsed.data);
  if (a.below.size === 0 || policy === 'strip') return shipment;
  const note = transformNote(loaded.tool, policy);
  return { ...shipment, log: shipment.log === null ? note : `${shipment.log} ${note}` };
}

function refusal(refused: string): Shipment {
  return { ships: null, undeclared: [], refused, log: null };
}

/** A value as the wire carries it, or why it has none. */
type Wire = { ok: true; json: Json | null } | { ok: false; error: string };

/** Ships a value's wire form, or refuses when it has no JSON form. */
function shipped(wire: Wire, undeclared: string[], log: string | null): Shipment {
  if (wire.ok) return { ships: wire.json, undeclared, refused: null, log };
  return { ...refusal(`The parsed answer cannot be sent as JSON: ${wire.error}`), undeclared, log };
}

/** The parsed answer's wire form, computed once per analysis: strip, warn, keep and fail ship the same object. */
function parsedWire(a: Analysis, answer: Json): Wire {
  if (a.wire === undefined) a.wire = wireOf(a.parsed.ok ? a.parsed.data : undefined, answer);
  return a.wire;
}

/**
 * `toJson(value)`; when that equals the answer key for key and in order, the answer object itself, so every policy
 * shipping the same JSON ships the same object (evaluate validates each shipped object once per listing).
 */
function wireOf(value: unknown, answer: Json): Wire {
  try {
    // A value that is plain JSON already (what zod builds from a JSON answer, unless a default, catch or coerce brings
    // in something else) ships as it is: copying it would give an equal value.
    const json = isPlainJson(value) ? value : (toJson(value) ?? null);
    return { ok: true, json: sameJson(json, answer) ? answer : json };
  } catch (e) {
    return { ok: false, error: messageOf(e) };
  }
}

/**
 * Whether `toJson(value)` would equal `value` itself: plain objects and arrays (no holes, no symbol keys, each object
 * met once), strings, booleans, finite numbers and null. Iterative.
 */
function isPlainJson(root: unknown): root is Json {
  const met = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) continue;
      return false;
    }
    if (typeof value !== 'object' || met.has(value)) return false;
    met.add(value);
    if (Object.getOwnPropertySymbols(value).length > 0) return false;
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) return false;
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) return false;
        stack.push(value[i]);
      }
    } else {
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) stack.push(record[key]);
    }
  }
  return true;
}

/**
 * Whether two JSON values are equal: with each object's keys in the same order (`keyOrder`, what no validator and no
 * reader can tell apart), or in any order. Arrays stay ordered. Iterative.
 */
export function sameJson(a: Json, b: Json, keyOrder = true): boolean {
  const stack: Json[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop() as Json;
    const x = stack.pop() as Json;
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      const other = y as Json[];
      if (x.length !== other.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i] as Json, other[i] as Json);
      continue;
    }
    const other = y as { [key: string]: Json };
    const xs = Object.keys(x);
    const ys = Object.keys(other);
    if (xs.length !== ys.length) return false;
    for (let i = 0; i < xs.length; i++) {
      const key = xs[i] as string;
      if (keyOrder ? key !== ys[i] : !Object.hasOwn(other, key)) return false;
      stack.push(x[key] as Json, other[key] as Json);
    }
  }
  return true;
}

/** Whether two JSON values are equal with each object's keys in any order (arrays stay ordered). Iterative. */
export function sameJsonUnordered(a: Json, b: Json): boolean {
  return sameJson(a, b, false);
}

/**
 * What the published SDK servers do to structuredContent on its way out: their CallToolResult parse copies it key by
 * key (a zod record), and assigning `__proto__` sets the copy's prototype, so a top-level `__proto__` key never leaves
 * the server. Nested keys are passed by reference and stay. Returns the value itself when there is nothing to drop.
 */
export function sdkResultCopy(value: Json): Json {
  if (!isRecord(value) || !Object.hasOwn(value, '__proto__')) return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = value[key] as Json;
  return out;
}

// ---------------------------------------------------------------- analysis (one parse shared by the five policies)

type ParseOutcome = { ok: true; data: unknown } | { ok: false; zodMessage: string; frontmcp: string; issues: string };

interface Analysis {
  parsed: ParseOutcome;
  /** The answer's objects and arrays at or below a transform, whose keys the walk does not compare. */
  below: ReadonlySet<object>;
  /** findDroppedKeys(answer, parsed), everywhere but below a transform (whose parse can rename keys). */
  undeclared: string[];
  /** The parsed answer's wire form, once a policy asked for it. */
  wire?: Wire;
}

let lastAnalysis: { schema: z.ZodType; answer: unknown; result: Analysis } | null = null;

function analyse(schema: z.ZodType, answer: unknown): Analysis {
  if (lastAnalysis && lastAnalysis.schema === schema && Object.is(lastAnalysis.answer, answer)) return lastAnalysis.result;
  const parsed = parseWith(schema, answer);
  const below: ReadonlySet<object> = parsed.ok ? belowPipes(schema, answer) : NOWHERE;
  const undeclared = parsed.ok ? findDroppedKeys(answer, parsed.data, below) : [];
  const result: Analysis = { parsed, below, undeclared };
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
  const wire = parsedWire(a, args);
  if (wire.ok) return { ok: true, parsed: wire.json, dropped: a.undeclared, error: null };
  return { ok: true, parsed: null, dropped: a.undeclared, error: `The parsed arguments have no JSON form: ${wire.error}` };
}

// ---------------------------------------------------------------- findDroppedKeys

type Task = { from: unknown; to: unknown; path: string } | { report: string };

const NOWHERE: ReadonlySet<object> = new Set();

/**
 * Key paths of `original` missing from `parsed` at the same place (`costCenter`, `lines[].margin`), in answer order,
 * each once, at most MAX_KEY_PATHS. Keys of an object parsing replaced with a non-object count; the walk stops
 * where `parsed` holds the original by reference (`z.any()`), at pairs it has seen, so cycles end, and at the values
 * in `below` (belowPipes: where a transform may have reshaped them).
 */
export function findDroppedKeys(original: unknown, parsed: unknown, below: ReadonlySet<object> = NOWHERE): string[] {
  const found = new Set<string>();
  const seen: Walked = new Map();
  const stack: Task[] = [{ from: original, to: parsed, path: '' }];
  while (stack.length > 0 && found.size < MAX_KEY_PATHS) {
    const task = stack.pop() as Task;
    if ('report' in task) {
      found.add(task.report);
      continue;
    }
    const { from, to, path } = task;
    if (from === to || typeof from !== 'object' || from === null || below.has(from) || walked(seen, from, to)) continue;
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

/**
 * Pairs (from, to) a walk has been through, so shared or cyclic values end. An answer is a tree, so nearly every
 * `from` comes once: its first partner is kept as is, and a set is made only for a `from` met with a second one.
 */
type Walked = Map<object, unknown>;

function walked(seen: Walked, from: object, to: unknown): boolean {
  if (typeof to !== 'object' || to === null) return false;
  if (!seen.has(from)) {
    seen.set(from, to);
    return false;
  }
  const partners = seen.get(from);
  if (partners === to) return true;
  if (partners instanceof PartnerSet) {
    if (partners.has(to)) return true;
    partners.add(to);
    return false;
  }
  seen.set(from, new PartnerSet([partners, to]));
  return false;
}

/** Several partners of one `from` (its own class, so a partner that is itself a Set is not mistaken for one). */
class PartnerSet extends Set<unknown> {}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// ---------------------------------------------------------------- keep: put undeclared keys back

/**
 * The parsed value with the original's undeclared keys put back, at every level but at and below the values in `below`
 * (a transform's output stays as it made it). A new value; inputs untouched.
 */
export function withUndeclaredKeys(original: unknown, parsed: unknown, below: ReadonlySet<object> = NOWHERE): unknown {
  return putBackUndeclaredKeys(original, parsed, below).merged;
}

/**
 * withUndeclaredKeys, and whether every key of the original found its place (`complete`). When it is false some
 * original object met a parsed value it could not merge into (a primitive, an array, a shorter array, a cycle), and
 * findDroppedKeys(original, merged) names the keys that were lost; when it is true, none were.
 */
function putBackUndeclaredKeys(original: unknown, parsed: unknown, below: ReadonlySet<object>): { merged: unknown; complete: boolean } {
  const root: { value?: unknown } = {};
  const seen: Walked = new Map();
  let complete = true;
  // Each frame fills `into[key]`, a slot its parent already holds with the parsed value (so key order is the parse's).
  const stack: Array<{ from: unknown; to: unknown; into: Record<string, unknown> | unknown[]; key: string | number }> = [{ from: original, to: parsed, into: root, key: 'value' }];
  while (stack.length > 0) {
    const { from, to, into, key } = stack.pop() as (typeof stack)[number];
    let value: unknown = to;
    if (from === to || typeof from !== 'object' || from === null || below.has(from)) {
      // nothing of the original to put back, or a transform's output
    } else if (typeof to !== 'object' || to === null || walked(seen, from, to)) {
      complete = false;
    } else if (Array.isArray(from) && Array.isArray(to)) {
      const out: unknown[] = to.slice();
      value = out;
      if (from.length > to.length) complete = false;
      for (let i = 0; i < to.length; i++) stack.push({ from: from[i], to: to[i], into: out, key: i });
    } else if (!Array.isArray(from) && isRecord(to)) {
      const out: Record<string, unknown> = {};
      value = out;
      for (const k of Object.keys(to)) {
        define(out, k, to[k]);
        if (Object.hasOwn(from, k)) stack.push({ from: (from as Record<string, unknown>)[k], to: to[k], into: out, key: k });
      }
      for (const k of Object.keys(from)) if (!Object.hasOwn(to, k)) define(out, k, (from as Record<string, unknown>)[k]);
    } else {
      complete = false;
    }
    if (Array.isArray(into)) into[key as number] = value;
    else define(into, key as string, value);
  }
  return { merged: root.value, complete };
}

/** Sets an own data property; only `__proto__` needs defineProperty (plain assignment would set the prototype instead). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

// ---------------------------------------------------------------- toJson: what the wire carries

/**
 * JSON.stringify + JSON.parse: toJSON, dropped undefined, non-finite → null; throws on BigInt and cycles. The native
 * pair is tried first; when it throws (a value too deep for its recursion, or no JSON form) the iterative walk decides,
 * with its own stable messages.
 */
export function toJson(root: unknown): Json | undefined {
  try {
    const text = JSON.stringify(root);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return toJsonIteratively(root);
  }
}

/** toJson without recursion, so depth is bounded by memory, not the stack. */
function toJsonIteratively(root: unknown): Json | undefined {
  const holder: Record<string, Json> = {};
  const ancestors = new Set<object>();
  type Frame = { leave: object } | { value: unknown; key: string; into: Record<string, Json> | Json[]; at: string | number };
  const stack: Frame[] = [{ value: root, key: '', into: holder, at: 'value' }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if ('leave' in frame) {
      ancestors.delete(frame.leave);
      continue;
    }
    const value = unbox(jsonOf(frame.value, frame.key));
    let out: Json | undefined;
    if (typeof value !== 'object' || value === null) {
      out = primitive(value);
    } else {
      if (ancestors.has(value)) throw new TypeError('Converting circular structure to JSON');
      ancestors.add(value);
      stack.push({ leave: value });
      if (Array.isArray(value)) {
        const items: Json[] = [];
        out = items;
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), into: items, at: i });
      } else {
        const fields: Record<string, Json> = {};
        out = fields;
        const keys = Object.keys(value);
        for (let k = keys.length - 1; k >= 0; k--) {
          const key = keys[k] as string;
          stack.push({ value: (value as Record<string, unknown>)[key], key, into: fields, at: key });
        }
      }
    }
    // Frames run in key order and a container is placed before its children fill it, so keys keep their order.
    if (Array.isArray(frame.into)) frame.into[frame.at as number] = out ?? null;
    else if (out !== undefined) define(frame.into, frame.at as string, out);
  }
  return holder['value'];
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

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
