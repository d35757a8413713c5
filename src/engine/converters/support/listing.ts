/** Small helpers the converters share: per-schema caching and the listing of a conversion that threw. */
import type { Role } from '../../case.ts';
import { messageOf } from '../../lib/message.ts';
import type { Listing, LoadedCase } from '../../types.ts';

/**
 * Caches one result per (schema object, role). The answer editor re-evaluates the same schema object on every
 * keystroke, and converting it again would give the same listing. Cached values are shared: treat them as read-only.
 */
export function perSchema<T>(compute: (schema: LoadedCase['schema'], role: Role) => T): (loaded: LoadedCase) => T {
  const cache = new WeakMap<object, Partial<Record<Role, T>>>();
  return ({ schema, role }) => {
    let entry = cache.get(schema);
    if (entry === undefined) cache.set(schema, (entry = {}));
    if (!(role in entry)) entry[role] = compute(schema, role);
    return entry[role] as T;
  };
}

/** Runs a conversion; when it throws, tools/list fails with its message, verbatim. */
export function listingOrError(convert: () => Listing): Listing {
  try {
    return convert();
  } catch (e) {
    return { listed: null, listError: messageOf(e), warning: null };
  }
}
