/** schema-walk: the one JSON Schema walker, `openListing` built on it, and `$ref` resolution. */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../src/engine/report.ts';
import { cloneJson, mapSubschemas, openListing, resolveLocalRef } from '../src/engine/lib/schema-walk.ts';

const closed = (extra: Record<string, unknown> = {}) => ({ type: 'object', additionalProperties: false, ...extra });

/** A schema with `additionalProperties: false` in every position a subschema can take. */
function everywhere(): JsonSchema {
  return JSON.parse(
    JSON.stringify({
      ...closed(),
      properties: { p: closed() },
      patternProperties: { '^x': closed() },
      additionalProperties: false,
      items: closed(),
      prefixItems: [closed()],
      anyOf: [closed()],
      oneOf: [closed()],
      allOf: [closed()],
      not: closed(),
      if: closed(),
      then: closed(),
      else: closed(),
      dependentSchemas: { d: closed() },
      contains: closed(),
      propertyNames: closed(),
      $defs: { D: closed({ properties: { deep: { anyOf: [closed()] } } }) },
      definitions: { E: closed() },
      const: { additionalProperties: false },
      default: { additionalProperties: false },
    }),
  );
}

function countClosed(value: unknown): number {
  return JSON.stringify(value).split('"additionalProperties":false').length - 1;
}

describe('openListing', () => {
  it('removes additionalProperties: false from every subschema position, root included', () => {
    const opened = openListing(everywhere()) as Record<string, unknown>;
    // Only the two data-valued keywords keep it: const and default are instance data, not schemas.
    expect(countClosed(opened)).toBe(2);
    expect(opened['const']).toEqual({ additionalProperties: false });
    expect(opened['default']).toEqual({ additionalProperties: false });
    expect(opened).not.toHaveProperty('additionalProperties');
    expect((opened['$defs'] as Record<string, Record<string, unknown>>)['D']).toEqual({ type: 'object', properties: { deep: { anyOf: [{ type: 'object' }] } } });
  });

  it('keeps open and schema-valued additionalProperties as they are, and opens the schema inside', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { additionalProperties: {} }, b: { additionalProperties: true } }, additionalProperties: closed() };
    expect(openListing(schema)).toEqual({ type: 'object', properties: { a: { additionalProperties: {} }, b: { additionalProperties: true } }, additionalProperties: { type: 'object' } });
  });

  it('opens draft-07 array-form items and additionalItems', () => {
    const schema: JsonSchema = { type: 'array', items: [closed(), closed()], additionalItems: closed() };
    expect(openListing(schema)).toEqual({ type: 'array', items: [{ type: 'object' }, { type: 'object' }], additionalItems: { type: 'object' } });
  });

  it('never mutates its input and returns a new object', () => {
    const input = everywhere();
    const before = JSON.stringify(input);
    const opened = openListing(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(opened).not.toBe(input);
  });

  it('keeps a property literally named __proto__ as an own property, without touching any prototype', () => {
    const input = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","additionalProperties":false},"constructor":{"type":"string"}},"additionalProperties":false}') as JsonSchema;
    const opened = openListing(input) as { properties: Record<string, unknown> };
    expect(Object.keys(opened.properties)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(opened.properties, '__proto__')?.value).toEqual({ type: 'object' });
    expect(Object.getPrototypeOf(opened.properties)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['type']).toBeUndefined();
  });

  it('handles a schema nested 20 000 levels deep without overflowing the stack', () => {
    const root: Record<string, unknown> = closed();
    let node = root;
    for (let i = 0; i < 20_000; i++) node = (node['items'] = closed()) as Record<string, unknown>;
    let depth = 0;
    let stillClosed = 0;
    for (let n = openListing(root as JsonSchema) as Record<string, unknown> | undefined; n; n = n['items'] as Record<string, unknown> | undefined) {
      if ('additionalProperties' in n) stillClosed++;
      depth++;
    }
    expect([depth, stillClosed]).toEqual([20_001, 0]);
  });

  it('returns boolean schemas unchanged', () => {
    expect(openListing(true)).toBe(true);
    expect(openListing(false)).toBe(false);
  });
});

describe('mapSubschemas', () => {
  it('visits a shared node once and shares its copy the way the input shares it', () => {
    const shared: Record<string, unknown> = closed();
    const input = { anyOf: [shared, shared] } as unknown as JsonSchema;
    let visits = 0;
    const out = mapSubschemas(input, () => void visits++) as { anyOf: unknown[] };
    expect(visits).toBe(2);
    expect(out.anyOf[0]).toBe(out.anyOf[1]);
    expect(out.anyOf[0]).not.toBe(shared);
  });

  it('terminates on a cyclic input', () => {
    const node: Record<string, unknown> = closed();
    node['items'] = node;
    const out = openListing(node as JsonSchema) as Record<string, unknown>;
    expect(out['items']).toBe(out);
    expect(out).not.toHaveProperty('additionalProperties');
  });

  it('walks into a replacement the visitor returns', () => {
    const out = mapSubschemas({ $ref: 'X' }, (node) => (node['$ref'] === 'X' ? { anyOf: [{ $ref: 'Y' }] } : node['$ref'] === 'Y' ? { type: 'null' } : node));
    expect(out).toEqual({ anyOf: [{ type: 'null' }] });
  });
});

describe('cloneJson', () => {
  it('deep-copies arrays and objects, __proto__ keys included', () => {
    const input = JSON.parse('{"a":[{"__proto__":1}],"b":null}') as JsonSchema;
    const copy = cloneJson(input) as { a: Array<Record<string, unknown>> };
    expect(copy).toEqual(input);
    expect(copy.a).not.toBe((input as { a: unknown }).a);
    expect(Object.keys(copy.a[0] ?? {})).toEqual(['__proto__']);
  });
});

describe('resolveLocalRef', () => {
  const root = JSON.parse('{"$defs":{"A":{"type":"object"},"a/b":{"type":"string"},"__proto__":{"type":"null"}},"items":[{"type":"number"}]}') as JsonSchema;
  it('follows #, $defs entries, escaped names, own __proto__ keys and array indexes', () => {
    expect(resolveLocalRef(root, '#')).toBe(root);
    expect(resolveLocalRef(root, '#/$defs/A')).toEqual({ type: 'object' });
    expect(resolveLocalRef(root, '#/$defs/a~1b')).toEqual({ type: 'string' });
    expect(resolveLocalRef(root, '#/$defs/__proto__')).toEqual({ type: 'null' });
    expect(resolveLocalRef(root, '#/items/0')).toEqual({ type: 'number' });
  });
  it('is undefined for missing targets, inherited names and other documents', () => {
    expect(resolveLocalRef(root, '#/$defs/B')).toBeUndefined();
    expect(resolveLocalRef(root, '#/$defs/toString')).toBeUndefined();
    expect(resolveLocalRef(root, 'other.json#/x')).toBeUndefined();
  });
});
