/** Pure JSON Schema helpers shared by the converters and evaluate(): one iterative walker and what is built on it. */
import type { Json, JsonSchema } from '../report.ts';
import { define } from './json.ts';

/** A JSON Schema object node (a boolean schema has no keywords to visit). */
export type SchemaNode = { [key: string]: Json };

/** Keywords whose value is one subschema (`items` too, when it is not a draft-07 array). */
const SINGLE_KEYWORDS = [
  'additionalProperties', 'items', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else',
  'unevaluatedProperties', 'unevaluatedItems', 'contentSchema',
] as const;
/** Keywords whose value is an array of subschemas. */
const LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'] as const;
/** Keywords whose value maps names (user data, never keywords) to subschemas. */
const MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'] as const;

const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([...SINGLE_KEYWORDS, ...LIST_KEYWORDS, ...MAP_KEYWORDS]);

/** Whether a keyword's value holds subschemas (as opposed to data or annotations). */
export function isSubschemaKeyword(key: string): boolean {
  return SUBSCHEMA_KEYWORDS.has(key);
}

/** Whether a JSON value is a schema object node (not an array, not a boolean). */
export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of a JSON value built without recursion, so depth is bounded by memory, not the stack. */
export function cloneJson<T extends Json>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const copies = new Map<object, Json>();
  const pending: Array<[Json[] | SchemaNode, Json[] | SchemaNode]> = [];
  const copyOf = (v: Json): Json => {
    if (typeof v !== 'object' || v === null) return v;
    const known = copies.get(v);
    if (known !== undefined) return known;
    const copy: Json = Array.isArray(v) ? [] : {};
    copies.set(v, copy);
    pending.push([v, copy]);
    return copy;
  };
  const root = copyOf(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    if (Array.isArray(source)) for (const item of source) (target as Json[]).push(copyOf(item));
    else for (const [key, item] of Object.entries(source)) define(target as SchemaNode, key, copyOf(item));
  }
  return root as T;
}

/**
 * Visits every schema node of a copy of `schema` (root, `$defs`, compositions, items, properties, `not`, `if`/`then`/`else`, …).
 * `visit` may change the node it is given in place, or return a replacement whose subschemas are then visited.
 * Never mutates `schema`; the walk is iterative and visits each node once, so depth and shared nodes cannot overflow it.
 */
export function mapSubschemas(schema: JsonSchema, visit: (node: SchemaNode) => JsonSchema | void): JsonSchema {
  const holder: SchemaNode = { root: cloneJson(schema) };
  const slots: Array<[Json[] | SchemaNode, string | number]> = [[holder, 'root']];
  const seen = new Set<SchemaNode>();
  for (let slot = slots.pop(); slot !== undefined; slot = slots.pop()) {
    const [container, key] = slot;
    const node = (container as Record<string | number, Json>)[key];
    if (!isSchemaNode(node) || seen.has(node)) continue;
    const next = visit(node) ?? node;
    if (next !== node) define(container as Record<string, unknown>, String(key), next);
    if (!isSchemaNode(next)) continue;
    seen.add(next);
    pushSubschemaSlots(next, slots);
  }
  return holder['root'] as JsonSchema;
}

function pushSubschemaSlots(node: SchemaNode, slots: Array<[Json[] | SchemaNode, string | number]>): void {
  for (const keyword of SINGLE_KEYWORDS) if (isSchemaNode(node[keyword])) slots.push([node, keyword]);
  for (const keyword of LIST_KEYWORDS) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((_, i) => slots.push([list, i]));
  }
  for (const keyword of MAP_KEYWORDS) {
    const map = node[keyword];
    if (isSchemaNode(map)) for (const name of Object.keys(map)) slots.push([map, name]);
  }
}

/** The listing a `keep` policy advertises: `additionalProperties: false` removed at every level. */
export function openListing(schema: JsonSchema): JsonSchema {
  return mapSubschemas(schema, (node) => {
    if (node['additionalProperties'] === false) delete node['additionalProperties'];
  });
}

/** The node a same-document `$ref` (`#`, `#/$defs/Name`, any JSON Pointer) points at, or undefined. */
export function resolveLocalRef(root: JsonSchema, ref: string): Json | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isSchemaNode(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}
