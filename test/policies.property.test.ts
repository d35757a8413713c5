/** Property: for random object schemas and valid answers with injected undeclared keys, findDroppedKeys names exactly those. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findDroppedKeys } from '../src/engine/policies.ts';

type Spec =
  | { kind: 'string' | 'number' | 'boolean' }
  | { kind: 'object'; fields: Array<[string, Spec]> }
  | { kind: 'array'; element: Spec };

const DECLARED = ['a', 'b', 'id', 'sku', 'lines', 'meta'];
const UNDECLARED = ['x', 'costCenter', 'margin', '__proto__', 'constructor', 'toString', 'a.b', ''];

const specs = fc.letrec<{ spec: Spec; object: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Spec>({ kind: 'string' }, { kind: 'number' }, { kind: 'boolean' }),
    tie('object'),
    tie('spec').map((element): Spec => ({ kind: 'array', element })),
  ),
  object: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...DECLARED), tie('spec')), { selector: ([key]) => key, maxLength: 4 })
    .map((fields): Spec => ({ kind: 'object', fields })),
})).object;

function schemaOf(spec: Spec): z.ZodType {
  switch (spec.kind) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(schemaOf(spec.element));
    case 'object':
      return z.object(Object.fromEntries(spec.fields.map(([k, s]) => [k, schemaOf(s)])));
  }
}

interface Answer {
  value: unknown;
  injected: string[];
}

const extraValue = fc.oneof(fc.integer(), fc.string(), fc.dictionary(fc.constantFrom('p', 'q'), fc.integer(), { maxKeys: 2 }));

/** A valid answer for `spec`, with undeclared keys added to its objects, and the paths of what was added. */
function answerOf(spec: Spec, path: string): fc.Arbitrary<Answer> {
  switch (spec.kind) {
    case 'string':
      return fc.string({ maxLength: 3 }).map((value) => ({ value, injected: [] }));
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ value, injected: [] }));
    case 'boolean':
      return fc.boolean().map((value) => ({ value, injected: [] }));
    case 'array':
      return fc.array(answerOf(spec.element, `${path}[]`), { maxLength: 3 }).map((items) => ({
        value: items.map((i) => i.value),
        injected: items.flatMap((i) => i.injected),
      }));
    case 'object': {
      const declared = new Set(spec.fields.map(([k]) => k));
      const extras = fc.uniqueArray(fc.tuple(fc.constantFrom(...UNDECLARED.filter((k) => !declared.has(k))), extraValue), { selector: ([k]) => k, maxLength: 2 });
      const fields = fc.tuple(...spec.fields.map(([k, s]) => answerOf(s, path ? `${path}.${k}` : k)));
      return fc.tuple(fields, extras).map(([values, added]) => {
        const value: Record<string, unknown> = {};
        const injected: string[] = [];
        spec.fields.forEach(([k], i) => define(value, k, values[i]?.value));
        values.forEach((v) => injected.push(...v.injected));
        for (const [k, v] of added) {
          define(value, k, v);
          injected.push(path ? `${path}.${k}` : k);
        }
        return { value, injected };
      });
    }
  }
}

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

describe('findDroppedKeys (property)', () => {
  it('reports exactly the injected key paths', () => {
    const cases = specs.chain((spec) => answerOf(spec, '').map((answer) => ({ spec, answer })));
    fc.assert(
      fc.property(cases, ({ spec, answer }) => {
        // Round-trip through JSON: answers arrive as JSON text, `__proto__` included as an own key.
        const value = JSON.parse(JSON.stringify(answer.value)) as unknown;
        const parsed = schemaOf(spec).parse(value);
        expect(new Set(findDroppedKeys(value, parsed))).toEqual(new Set(answer.injected));
      }),
      { seed: 20260101, numRuns: 200 },
    );
  });
});
