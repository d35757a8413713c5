/**
 * What a listed JSON Schema says on its face, before any client runs it: closed objects, defaulted keys listed as
 * required, `$ref`s that point nowhere, a non-object root, and the keywords whose meaning depends on the dialect. Pure.
 */
import type { Json, JsonSchema } from '../engine/report.ts';
import { isSchemaNode, isSubschemaKeyword, resolveLocalRef, type SchemaNode } from '../engine/lib/schema-walk.ts';

/** Keywords whose value maps names (data, never keywords) to subschemas. */
const MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/** A schema node, its JSON Pointer from the root, and the keyword it sits under (null for the root). */
interface Visited {
  node: SchemaNode;
  at: string;
  via: string | null;
}

/** Every schema object node with its JSON Pointer, without recursion. */
export function walk(schema: JsonSchema): Visited[] {
  const out: Visited[] = [];
  const stack: Array<{ node: Json; at: string; via: string | null }> = [{ node: schema, at: '', via: null }];
  while (stack.length > 0) {
    const { node, at, via } = stack.pop() as { node: Json; at: string; via: string | null };
    if (!isSchemaNode(node)) continue;
    out.push({ node, at, via });
    for (const [key, value] of Object.entries(node)) {
      if (!isSubschemaKeyword(key) || value === null || typeof value !== 'object') continue;
      const here = `${at}/${escape(key)}`;
      if (Array.isArray(value)) value.forEach((v, i) => stack.push({ node: v, at: `${here}/${i}`, via: key }));
      else if (MAPS.has(key)) for (const [name, v] of Object.entries(value)) stack.push({ node: v, at: `${here}/${escape(name)}`, via: key });
      else stack.push({ node: value, at: here, via: key });
    }
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The pointers of the objects listed closed (`additionalProperties: false`): one undeclared key there fails strict clients. */
export function closedObjects(schema: JsonSchema): string[] {
  return walk(schema).filter(({ node }) => node['additionalProperties'] === false || node['unevaluatedProperties'] === false).map(({ at }) => at || '/');
}

/** The keys that have a `default` and are listed as required, as `pointer-of-the-object: key`. */
export function defaultsRequired(schema: JsonSchema): Array<{ at: string; key: string }> {
  const out: Array<{ at: string; key: string }> = [];
  for (const { node, at } of walk(schema)) {
    const required = Array.isArray(node['required']) ? node['required'] : [];
    const properties = isSchemaNode(node['properties']) ? node['properties'] : {};
    for (const key of required) {
      const property = typeof key === 'string' && Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (typeof key === 'string' && isSchemaNode(property) && Object.hasOwn(property, 'default')) out.push({ at: at || '/', key });
    }
  }
  return out;
}

/** The `$ref`s that resolve neither to a place in the schema nor to an `$id` or `$anchor` it declares. */
export function unresolvableRefs(schema: JsonSchema): Array<{ at: string; ref: string }> {
  const nodes = walk(schema);
  const names = new Set<string>();
  for (const { node } of nodes) {
    if (typeof node['$id'] === 'string') names.add(node['$id'].replace(/#$/, ''));
    if (typeof node['$anchor'] === 'string') names.add(`#${node['$anchor']}`);
    if (typeof node['$dynamicAnchor'] === 'string') names.add(`#${node['$dynamicAnchor']}`);
  }
  const out: Array<{ at: string; ref: string }> = [];
  for (const { node, at } of nodes) {
    for (const keyword of ['$ref', '$dynamicRef'] as const) {
      const ref = node[keyword];
      if (typeof ref !== 'string') continue;
      const resolves = ref.startsWith('#/') || ref === '#' ? resolveLocalRef(schema, ref) !== undefined : names.has(ref.replace(/#$/, ''));
      if (!resolves) out.push({ at: `${at}/${keyword}`, ref });
    }
  }
  return out;
}

/** The root's `type` when it is not `"object"` (a missing `type` counts: the MCP spec lists objects), else null. */
export function nonObjectRoot(schema: JsonSchema): string | null {
  if (!isSchemaNode(schema)) return JSON.stringify(schema);
  const type = schema['type'];
  if (type === 'object') return null;
  return type === undefined ? 'no type' : JSON.stringify(type);
}

/** Keywords whose subschemas describe a value of their own (a property, an item, a definition): where a type matters. */
const VALUE_PLACES: ReadonlySet<string> = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'items', 'prefixItems', 'additionalItems',
  'unevaluatedItems', 'contains', '$defs', 'definitions',
]);

/** Keywords that say what a value is: a schema with none of them accepts any JSON value. */
const TYPING: readonly string[] = ['type', '$ref', '$dynamicRef', '$recursiveRef', 'enum', 'const', 'anyOf', 'oneOf', 'allOf'];

/**
 * The pointers of the untyped schemas that describe a value: an object schema with none of `type`, `$ref`, `enum`,
 * `const`, `anyOf`, `oneOf`, `allOf` (`{}` is the usual one, from zod's `z.any()` or `z.unknown()`), under
 * `properties`, `items`, `additionalProperties` and the other keywords whose subschemas stand for a value. The root is
 * non-object-root's; a branch of `allOf`/`anyOf`/`oneOf`/`if`/`not` narrows its parent (often with no type of its own)
 * and is left out; a boolean `true` schema is an explicit "anything" and is left out.
 */
export function untypedSchemas(schema: JsonSchema): string[] {
  return walk(schema)
    .filter(({ node, via }) => via !== null && VALUE_PLACES.has(via) && !TYPING.some((k) => Object.hasOwn(node, k)))
    .map(({ at }) => at);
}

/** The pointers of every `type` given as an array (`"type": ["string", "null"]`), with the types it lists. */
export function typeUnions(schema: JsonSchema): Array<{ at: string; types: Json }> {
  return walk(schema)
    .filter(({ node }) => Array.isArray(node['type']))
    .map(({ node, at }) => ({ at: `${at}/type`, types: node['type'] as Json }));
}

/** The JSON Schema dialects a `$schema` can name, by the label this module uses. */
export type Dialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04' | 'unknown';

/** The dialect a listing declares; no `$schema` means 2020-12 (the MCP spec's default). */
export function declaredDialect(schema: JsonSchema): Dialect {
  if (!isSchemaNode(schema) || typeof schema['$schema'] !== 'string') return '2020-12';
  const uri = schema['$schema'].replace(/#$/, '').replace(/^http:/, 'https:');
  const known: { [uri: string]: Dialect } = {
    'https://json-schema.org/draft/2020-12/schema': '2020-12',
    'https://json-schema.org/draft/2019-09/schema': '2019-09',
    'https://json-schema.org/draft-07/schema': 'draft-07',
    'https://json-schema.org/draft-06/schema': 'draft-06',
    'https://json-schema.org/draft-04/schema': 'draft-04',
  };
  return known[uri] ?? 'unknown';
}

/** Keywords that a draft-07 validator and a 2019-09/2020-12 one read differently (or one of them ignores). */
const DIALECT_SENSITIVE: ReadonlySet<string> = new Set([
  'prefixItems', 'additionalItems', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor', 'unevaluatedProperties',
  'unevaluatedItems', 'dependentRequired', 'dependentSchemas', 'dependencies', 'minContains', 'maxContains', '$anchor',
]);

/** The keywords of the listing, with where each first appears, whose meaning differs between draft-07 and 2019-09/2020-12. */
export function dialectSensitive(schema: JsonSchema): Array<{ at: string; keyword: string }> {
  const seen = new Map<string, string>();
  for (const { node, at } of walk(schema)) {
    for (const key of Object.keys(node)) {
      // `items` as an array is a tuple in draft-07 and an error in 2020-12; `$ref` with siblings drops them in draft-07.
      const sensitive = DIALECT_SENSITIVE.has(key) || (key === 'items' && Array.isArray(node[key])) || (key === '$ref' && Object.keys(node).some((k) => !ANNOTATIONS.has(k) && k !== '$ref'));
      if (sensitive && !seen.has(key)) seen.set(key, `${at}/${escape(key)}`);
    }
  }
  return [...seen].map(([keyword, at]) => ({ keyword, at }));
}

/** Keywords beside a `$ref` that change nothing when a draft-07 validator ignores them. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['title', 'description', '$comment', 'examples', 'default', 'readOnly', 'writeOnly', 'deprecated']);

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
