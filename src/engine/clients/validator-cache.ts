/** Compiled validators keyed by schema content: compiling is the expensive part of verifying. */
import type { JsonSchema } from '../report.ts';

/** A validator function as the SDKs' providers return it. */
export type ValidateFn = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** A bounded LRU memo of `compile`, keyed by the schema's JSON text. */
export function compileCache<V>(compile: (schema: JsonSchema, key: string) => V, limit = 200): (schema: JsonSchema) => V {
  const entries = new Map<string, V>();
  // Every policy row re-verifies against the same listed object: identity is the cheap first look.
  const byObject = new WeakMap<object, { key: string; value: V }>();
  return (schema) => {
    const known = typeof schema === 'object' ? byObject.get(schema) : undefined;
    if (known && entries.has(known.key)) return known.value;
    const key = JSON.stringify(schema);
    if (entries.has(key)) {
      const hit = entries.get(key) as V;
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const value = compile(schema, key);
    entries.set(key, value);
    if (typeof schema === 'object') byObject.set(schema, { key, value });
    if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

/**
 * Provider instances shared by up to `every` compiles, then replaced: Ajv keeps every schema it compiled, so a
 * retired instance is freed once the LRU drops its validators. A schema with `$id` gets an instance of its own,
 * as in a real client session (one Ajv refuses a second, different schema under the same `$id`).
 */
export function providerPool<P>(make: () => P, every = 200): (key: string) => P {
  // Made on first use: a provider may come from a lazily loaded engine part (chunks.ts).
  let current: P | undefined;
  let uses = 0;
  return (key) => {
    if (key.includes('"$id"')) return make();
    if (current === undefined || uses++ >= every) {
      current = make();
      uses = 1;
    }
    return current;
  };
}

