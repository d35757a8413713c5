/**
 * A value for a JSON Schema node that reads like real data: the first try at a sample answer, and the seed
 * the search mutates. A listed const, default or example first, then the first enum value; numbers inside their
 * bounds and near zero; strings shaped by their format, else by their pattern (randexp, when the generation chunk is
 * loaded); one item per array (or minItems).
 */
import type { Json, JsonSchema } from '../report.ts';
import { fastCheck } from '../chunks.ts';
import { define } from '../lib/json.ts';
import { isSchemaNode, resolveLocalRef, type SchemaNode } from '../lib/schema-walk.ts';

/** Deepest nesting the sample builds (a recursive schema stops here with its smallest choice). */
const MAX_DEPTH = 12;

const FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': 'https://example.com',
  hostname: 'example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  guid: '00000000-0000-4000-8000-000000000000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

/** The plain string a sample uses, cut or padded to the listed lengths. */
const WORD = 'example';

/** A value for `schema` (JSON Schema as a converter lists it): every listed key, the first branch of a union. */
export function sampleOf(root: JsonSchema, node: Json | undefined = root, depth = 0): Json {
  if (!isSchemaNode(node)) return node === false ? null : {};
  if (typeof node['$ref'] === 'string') return depth > MAX_DEPTH ? null : sampleOf(root, resolveLocalRef(root, node['$ref']), depth + 1);
  const listed = listedValue(node);
  if (listed) return listed.value;
  const branches = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(branches) && branches.length > 0) return sampleOf(root, branches.find((b) => !(isSchemaNode(b) && b['$ref'])) ?? branches[0], depth + 1);
  if (Array.isArray(node['allOf']) && node['allOf'][0] !== undefined) return sampleOf(root, node['allOf'][0], depth + 1);
  const type = Array.isArray(node['type']) ? node['type'].find((t) => t !== 'null') ?? 'null' : node['type'];
  return byType(root, node, typeof type === 'string' ? type : guessType(node), depth);
}

/** A value the schema lists itself: const, default, the first example, the first enum value. */
function listedValue(node: SchemaNode): { value: Json } | null {
  if ('const' in node) return { value: node['const'] as Json };
  if ('default' in node) return { value: node['default'] as Json };
  if (Array.isArray(node['examples']) && node['examples'].length > 0) return { value: node['examples'][0] as Json };
  if (Array.isArray(node['enum']) && node['enum'].length > 0) return { value: node['enum'][0] as Json };
  return null;
}

function byType(root: JsonSchema, node: SchemaNode, type: string, depth: number): Json {
  switch (type) {
    case 'string':
      return stringOf(node);
    case 'integer':
    case 'number':
      return numberOf(node, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const max = numberIn(node['maxItems']) ?? 1;
      const count = depth > MAX_DEPTH ? 0 : Math.max(numberIn(node['minItems']) ?? 0, Math.min(1, max));
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

/** The number nearest zero inside the bounds (an exclusive bound stepped inside by 1, or halfway), on a multipleOf when listed. */
function numberOf(node: SchemaNode, integer: boolean): number {
  const exMin = numberIn(node['exclusiveMinimum']);
  const exMax = numberIn(node['exclusiveMaximum']);
  const lo = Math.max(numberIn(node['minimum']) ?? -Infinity, exMin ?? -Infinity);
  const hi = Math.min(numberIn(node['maximum']) ?? Infinity, exMax ?? Infinity);
  let n = Math.min(Math.max(0, lo), hi);
  if (n === exMin) n = exMin + 1 < hi ? exMin + 1 : (exMin + hi) / 2;
  else if (n === exMax) n = exMax - 1 > lo ? exMax - 1 : (lo + exMax) / 2;
  if (integer && !Number.isInteger(n)) n = Math.ceil(n) < hi || Math.ceil(n) === numberIn(node['maximum']) ? Math.ceil(n) : Math.floor(n);
  const multiple = numberIn(node['multipleOf']);
  if (multiple !== undefined && multiple > 0 && n % multiple !== 0) {
    const up = Math.ceil(n / multiple) * multiple;
    n = up <= hi ? up : Math.floor(n / multiple) * multiple;
  }
  return n;
}

/** A string of the listed format, else one its pattern matches (when randexp is loaded), else a word of the listed length. */
function stringOf(node: SchemaNode): string {
  const format = typeof node['format'] === 'string' ? FORMATS[node['format']] : undefined;
  if (format !== undefined) return format;
  const min = numberIn(node['minLength']) ?? 0;
  const max = numberIn(node['maxLength']) ?? Infinity;
  const patterned = typeof node['pattern'] === 'string' ? matching(node['pattern'], min, max) : null;
  if (patterned !== null) return patterned;
  const word = WORD.slice(0, Math.max(1, Math.min(max, WORD.length)));
  return word.length >= min ? word : word + 'x'.repeat(min - word.length);
}

/**
 * The first string randexp builds for `pattern` always taking the smallest choice (shortest repeat, first branch,
 * lowest character), so a sample is the same every time; null when the chunk is not loaded or it cannot build one.
 */
function matching(pattern: string, min: number, max: number): string | null {
  try {
    const { RandExp } = fastCheck.get();
    const gen = new RandExp(pattern);
    gen.randInt = (a: number) => a;
    const text = gen.gen();
    return text.length >= min && text.length <= max && new RegExp(pattern, 'u').test(text) ? text : null;
  } catch {
    return null;
  }
}

function numberIn(value: Json | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function guessType(node: SchemaNode): string {
  if ('properties' in node) return 'object';
  if ('items' in node || 'prefixItems' in node) return 'array';
  return 'object';
}
