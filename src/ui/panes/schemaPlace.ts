/**
 * The subschema of a listed JSON Schema that describes a place in the value (a JSON pointer into the answer, array
 * indexes as numbers or `[]`), as a path into the schema. Follows properties, items/prefixItems, additionalProperties,
 * local $refs and the first anyOf/oneOf/allOf branch that goes on; stops at the deepest schema it reaches.
 */
import type { Json } from '../../engine/report.ts';

type Obj = { readonly [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** At most this many $ref hops per segment (a self-referencing schema must not loop). */
const MAX_REFS = 32;

/**
 * The path into `schema` of the deepest subschema that describes `place` (the root's path is []); for a place the
 * schema does not declare (an undeclared key), the `additionalProperties` (or `unevaluatedProperties`) that refuses it.
 */
export function schemaPathFor(schema: Json, place: readonly string[]): Array<string | number> {
  let path: Array<string | number> = [];
  let node: Json | undefined = schema;
  for (const seg of place) {
    const next = step(schema, node, path, seg);
    if (!next) {
      const refuser = ['additionalProperties', 'unevaluatedProperties'].find((k) => isObj(node) && Object.hasOwn(node, k));
      return refuser ? [...path, refuser] : path;
    }
    [node, path] = next;
  }
  return path;
}

/** One segment down from `node` at `path`, or null when the schema does not describe it. */
function step(root: Json, node: Json | undefined, path: Array<string | number>, seg: string): [Json, Array<string | number>] | null {
  for (let hops = 0; isObj(node) && typeof node['$ref'] === 'string' && hops < MAX_REFS; hops++) {
    const ref = node['$ref'];
    if (!ref.startsWith('#')) return null;
    path = ref === '#' ? [] : ref.slice(2).split('/').map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
    node = at(root, path);
  }
  if (!isObj(node)) return null;
  const index = /^\d+$/.test(seg) ? Number(seg) : seg === '[]' ? 0 : null;
  const direct: Array<Array<string | number>> =
    index !== null
      ? [['prefixItems', index], ['items', index], ['items']]
      : [['properties', seg], ['additionalProperties']];
  for (const rel of direct) {
    const child = at(node, rel);
    if (isObj(child)) return [child, [...path, ...rel]];
  }
  for (const branch of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[branch];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const next = step(root, list[i], [...path, branch, i], seg);
      if (next) return next;
    }
  }
  return null;
}

function at(value: Json | undefined, path: ReadonlyArray<string | number>): Json | undefined {
  let v = value;
  for (const k of path) {
    if (Array.isArray(v) && typeof k === 'number') v = v[k];
    else if (isObj(v) && typeof k === 'string') v = Object.hasOwn(v, k) ? v[k] : undefined;
    else return undefined;
  }
  return v;
}

/** As schemaPathFor, for a place in the answer as typed: a listing that wraps a non-object answer in `{ result }` is entered there. */
export function listedPathFor(schema: Json, place: readonly string[]): Array<string | number> {
  const props = isObj(schema) ? schema['properties'] : undefined;
  const wrapped = isObj(props) && Object.keys(props).length === 1 && Object.hasOwn(props, 'result') && place[0] !== 'result';
  return schemaPathFor(schema, wrapped ? ['result', ...place] : place);
}
