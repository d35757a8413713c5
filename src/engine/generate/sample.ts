/** A small valid-looking value for a JSON Schema node: the first try at a sample answer, and the seed the search mutates. */
import type { Json, JsonSchema } from '../report.ts';
import { define } from '../lib/json.ts';
import { isSchemaNode, resolveLocalRef, type SchemaNode } from '../lib/schema-walk.ts';

/** Deepest nesting the sample builds (a recursive schema stops here with its smallest choice). */
const MAX_DEPTH = 12;

const FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
};

/** A value for `schema` (JSON Schema as a converter lists it): required keys only, the first branch of a union. */
export function sampleOf(root: JsonSchema, node: Json | undefined = root, depth = 0): Json {
  if (!isSchemaNode(node)) return node === false ? null : {};
  if (typeof node['$ref'] === 'string') return depth > MAX_DEPTH ? null : sampleOf(root, resolveLocalRef(root, node['$ref']), depth + 1);
  if ('const' in node) return node['const'] as Json;
  if (Array.isArray(node['enum']) && node['enum'].length > 0) return node['enum'][0] as Json;
  if ('default' in node) return node['default'] as Json;
  const branches = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(branches) && branches.length > 0) return sampleOf(root, branches.find((b) => !(isSchemaNode(b) && b['$ref'])) ?? branches[0], depth + 1);
  if (Array.isArray(node['allOf']) && node['allOf'][0] !== undefined) return sampleOf(root, node['allOf'][0], depth + 1);
  const type = Array.isArray(node['type']) ? node['type'].find((t) => t !== 'null') ?? 'null' : node['type'];
  return byType(root, node, typeof type === 'string' ? type : guessType(node), depth);
}

function byType(root: JsonSchema, node: SchemaNode, type: string, depth: number): Json {
  const min = typeof node['minimum'] === 'number' ? node['minimum'] : typeof node['exclusiveMinimum'] === 'number' ? node['exclusiveMinimum'] + 1 : 0;
  switch (type) {
    case 'string':
      return typeof node['format'] === 'string' && FORMATS[node['format']] ? (FORMATS[node['format']] as string) : 'x'.repeat(Math.max(1, Number(node['minLength'] ?? 1)));
    case 'integer':
      return Math.ceil(min);
    case 'number':
      return min;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = depth > MAX_DEPTH ? 0 : Math.max(Number(node['minItems'] ?? 0), 1);
      const prefix = Array.isArray(node['prefixItems']) ? node['prefixItems'] : [];
      return Array.from({ length: Math.max(count, prefix.length) }, (_, i) => sampleOf(root, prefix[i] ?? (node['items'] as Json), depth + 1));
    }
    default: {
      const properties = isSchemaNode(node['properties']) ? node['properties'] : {};
      const required = Array.isArray(node['required']) ? node['required'].filter((k): k is string => typeof k === 'string') : [];
      const keys = depth > MAX_DEPTH ? required : Object.keys(properties);
      const out: { [key: string]: Json } = {};
      for (const key of keys) define(out, key, sampleOf(root, properties[key], depth + 1));
      return out;
    }
  }
}

function guessType(node: SchemaNode): string {
  if ('properties' in node) return 'object';
  if ('items' in node || 'prefixItems' in node) return 'array';
  return 'object';
}
