/**
 * Undeclared keys of an answer against an imported listing (a JSON Schema taken as given, no zod to parse with): the
 * keys no `properties` (or `patternProperties`, or a schema-valued `additionalProperties`) of the object's schema
 * declares, following `$ref`s in the document, `allOf`, arrays and the one `anyOf`/`oneOf` branch of the value's
 * type. Where the branch cannot be told, it says why. Iterative (an answer is a tree: each value is walked once).
 */
import type { Json, JsonSchema } from '../report.ts';
import { isSchemaNode, resolveLocalRef, type SchemaNode } from '../lib/schema-walk.ts';
import { MAX_KEY_PATHS } from '../lib/undeclared.ts';
import type { ShapeKeys } from '../lib/undeclared-shape.ts';

/** A value to walk under a schema, or an undeclared key path to report (in its place, so the paths come in answer order). */
type Task = { node: Json | undefined; value: Json; path: string } | { report: string };

/** The key paths of `answer` the listing does not declare (`lines[].margin`), and why some could not be judged. */
export function undeclaredByListing(listed: JsonSchema, answer: Json): ShapeKeys {
  const found = new Set<string>();
  const unjudged: string[] = [];
  const stack: Task[] = [{ node: listed, value: answer, path: '' }];
  while (stack.length > 0 && found.size < MAX_KEY_PATHS) {
    const task = stack.pop() as Task;
    if ('report' in task) {
      found.add(task.report);
      continue;
    }
    const { node: given, value, path } = task;
    const node = flatten(listed, given, value, path, unjudged);
    if (node === null || typeof value !== 'object' || value === null) continue;
    const next: Task[] = [];
    if (Array.isArray(value)) {
      const prefix = Array.isArray(node['prefixItems']) ? node['prefixItems'] : Array.isArray(node['items']) ? node['items'] : [];
      const rest = Array.isArray(node['items']) ? node['additionalItems'] : node['items'];
      value.forEach((item, i) => next.push({ node: prefix[i] ?? rest, value: item, path: `${path}[]` }));
    } else {
      const properties = isSchemaNode(node['properties']) ? node['properties'] : {};
      const patterns = isSchemaNode(node['patternProperties']) ? Object.entries(node['patternProperties']) : [];
      const extra = isSchemaNode(node['additionalProperties']) ? node['additionalProperties'] : undefined;
      for (const key of Object.keys(value)) {
        const at = path ? `${path}.${key}` : key;
        const item = value[key] as Json;
        const pattern = patterns.find(([p]) => matches(p, key));
        const child = Object.hasOwn(properties, key) ? properties[key] : (pattern?.[1] ?? extra);
        next.push(child === undefined ? { report: at } : { node: child, value: item, path: at });
      }
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i] as Task);
  }
  return { paths: [...found], unjudged: unjudged.length === 0 ? null : unjudged.join(' ') };
}

/**
 * The schema node that declares `value`'s keys: `$ref`s resolved, `allOf` members merged (a key any of them declares
 * is declared), the `anyOf`/`oneOf` branch of the value's JSON type taken; null when there is none to follow.
 */
function flatten(root: JsonSchema, given: Json | undefined, value: Json, path: string, unjudged: string[]): SchemaNode | null {
  const merged: SchemaNode = {};
  const pending: Array<Json | undefined> = [given];
  for (let i = 0; i < pending.length && i < 64; i++) {
    const node = pending[i];
    if (isSchemaNode(node) && typeof node['$ref'] === 'string') pending.push(resolveLocalRef(root, node['$ref']));
    if (!isSchemaNode(node)) continue;
    for (const key of ['properties', 'patternProperties'] as const) {
      if (isSchemaNode(node[key])) merged[key] = { ...(isSchemaNode(merged[key]) ? merged[key] : {}), ...node[key] };
    }
    for (const key of ['additionalProperties', 'items', 'prefixItems', 'additionalItems'] as const) if (node[key] !== undefined) merged[key] ??= node[key];
    if (Array.isArray(node['allOf'])) pending.push(...node['allOf']);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      const fitting = branches.filter((b) => fits(root, b, value));
      if (fitting.length === 1) pending.push(fitting[0]);
      else if (fitting.length > 1) unjudged.push(`Several \`${key}\` branches at ${path === '' ? 'the answer' : `\`${path}\``} fit its type, so which of its keys are declared cannot be told.`);
    }
  }
  return Object.keys(merged).length === 0 ? null : merged;
}

/** Whether a branch's `type` (through one `$ref`) admits the value's JSON type; a branch naming no type fits. */
function fits(root: JsonSchema, branch: Json, value: Json): boolean {
  const node = isSchemaNode(branch) && typeof branch['$ref'] === 'string' ? resolveLocalRef(root, branch['$ref']) : branch;
  if (!isSchemaNode(node)) return node !== false;
  const type = node['type'];
  if (type === undefined) return true;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const types = Array.isArray(type) ? type : [type];
  return types.includes(kind) || (kind === 'integer' && types.includes('number'));
}

function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}
