/**
 * Compiled validators keyed by schema content: compiling is the expensive part of verifying. In the sandbox these
 * caches live in the client realm (src/sandbox/clientRealm.ts), which serves every case of a page: they are bounded
 * by entries and by the characters of the listings they hold, and what they hold depends on a listing's content only
 * (docs/security.md, "one case cannot steer another's verdict").
 */
import type { JsonSchema } from '../report.ts';
import { Lru } from '../lib/lru.ts';

/** A validator function as the SDKs' providers return it. */
export type ValidateFn = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** How many compiled listings a cache keeps, and how many characters of listing JSON in all. */
export const CACHE_LIMITS = { entries: 200, chars: 2 * 1024 * 1024 } as const;

/**
 * A bounded LRU memo of `compile`, keyed by the schema's JSON text: at most `limit.entries` listings and
 * `limit.chars` characters of their text (a listing larger than that is compiled each time, never kept).
 */
export function compileCache<V>(compile: (schema: JsonSchema, key: string) => V, limit: { entries: number; chars: number } = CACHE_LIMITS): (schema: JsonSchema) => V {
  let chars = 0;
  const entries = new Lru<string, V>(limit.entries, (key) => void (chars -= key.length));
  // Every policy row re-verifies against the same listed object: identity is the cheap first look.
  const byObject = new WeakMap<object, { key: string; value: V }>();
  return (schema) => {
    const known = typeof schema === 'object' ? byObject.get(schema) : undefined;
    if (known && entries.has(known.key)) return known.value;
    const key = JSON.stringify(schema);
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = compile(schema, key);
    if (key.length > limit.chars) return value;
    chars += key.length;
    entries.set(key, value);
    if (typeof schema === 'object') byObject.set(schema, { key, value });
    while (chars > limit.chars) entries.evictOldest();
    return value;
  };
}

/**
 * Provider instances shared by up to `limit.entries` compiles (or `limit.chars` characters of listings), then
 * replaced: Ajv keeps every schema it compiled, so a retired instance is freed once the LRU drops its validators.
 * A schema that names an `$id` anywhere gets an instance of its own, as in a real client session (one Ajv refuses a
 * second, different schema under the same `$id`, and would resolve another listing's `$ref` to it): so no listing can
 * plant a schema that a later listing, of this case or another, resolves against.
 */
export function providerPool<P>(make: () => P, limit: { entries: number; chars: number } = CACHE_LIMITS): (key: string) => P {
  // Made on first use: a provider may come from a lazily loaded engine part (chunks.ts).
  let current: P | undefined;
  let uses = 0;
  let chars = 0;
  return (key) => {
    if (key.includes('"$id"')) return make();
    if (current === undefined || uses >= limit.entries || chars + key.length > limit.chars) {
      current = make();
      uses = 0;
      chars = 0;
    }
    uses++;
    chars += key.length;
    return current;
  };
}
