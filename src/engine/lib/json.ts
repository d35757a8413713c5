/** JSON helpers: the wire form of a value (toJson), plain-JSON checks and equality. Every walk is iterative. */
import type { Json } from '../report.ts';

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

/**
 * Whether `toJson(value)` would equal `value` itself: plain objects and arrays (no holes, no symbol keys, each object
 * met once), strings, booleans, finite numbers and null. Iterative.
 */
export function isPlainJson(root: unknown): root is Json {
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

/** Whether a value is a plain object (prototype Object.prototype or null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Sets an own data property; only `__proto__` needs defineProperty (plain assignment would set the prototype instead). */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
