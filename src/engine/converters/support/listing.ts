/** Small helpers the converters share: per-schema caching and the listing of a conversion that threw. */
import type { Role } from '../../contract/catalog.ts';
import { messageOf } from '../../lib/message.ts';
import type { Listing, LoadedCase } from '../../types.ts';
import * as bundledZod from 'zod';
import { eraKey, isModern } from '../../era.ts';
import { remember } from '../../lib/lru.ts';
import type { ZodV4 } from '../../worlds/zod-modules.ts';

/**
 * Caches one result per (schema object, role, era) in the session's memo (session.ts), apart for each `compute` (each
 * converter's own). The answer editor re-evaluates the same schema object on every keystroke, and converting it again
 * would give the same listing. Cached values are shared: treat them as read-only. Without a memo, computed each time.
 */
export function perSchema<T>(compute: (schema: LoadedCase['schema'], role: Role, zod: ZodV4, modern: boolean) => T): (loaded: LoadedCase) => T {
  return (loaded) => {
    const { schema, role, world } = loaded;
    const byCompute = remember(loaded.memos?.converted, schema, () => new Map<unknown, Partial<Record<string, unknown>>>());
    const entry = byCompute.get(compute) ?? {};
    byCompute.set(compute, entry);
    // `zod` is the case's world's zod 4 (a schema object belongs to one zod, so the cache stays right); the era may change the listing.
    const key = `${role} ${eraKey(loaded)}`;
    if (!(key in entry)) entry[key] = compute(schema, role, world?.zod.v4 ?? bundledZod, isModern(loaded));
    return entry[key] as T;
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
