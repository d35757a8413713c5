/**
 * The load phase: TypeScript source → zod schema, in four steps under ./load: transpile (imports turned into `require`
 * calls: plain JavaScript rewritten in place, TypeScript through sucrase, an engine part loaded before: `sucraseChunk`),
 * execute (`new Function` runs the result with a module map that knows only zod; errors are located through the source
 * map), pick (which value is the schema), and bounded (a schema that never ends is refused). Runs in Node, a worker
 * and the main thread (no `node:` imports). Never throws.
 */
import type { z } from 'zod';
import type { Role } from './case.ts';
import type { ErrorInfo } from './report.ts';
import { bounded } from './load/bounded.ts';
import { execute } from './load/execute.ts';
import { pick } from './load/pick.ts';
import { messageOf } from './lib/message.ts';
import { fail } from './load/step.ts';
import { transpile } from './load/transpile.ts';
import type { ZodModules } from './worlds/world.ts';
import { isZod4 } from './worlds/zod-kind.ts';

export { sucraseChunk } from './load/transpile.ts';
export { MAX_SCHEMA_DEPTH } from './load/bounded.ts';
export { IMPORTABLE } from './load/modules.ts';
export { NO_SCHEMA } from './load/pick.ts';
export { SOURCE_NAME } from './load/step.ts';

/** What `loadSchema` returns: the schema, or an error with a 1-based position in the user's source where one exists. */
export type LoadResult = { ok: true; schema: z.ZodType } | { ok: false; error: ErrorInfo };

const CACHE_SIZE = 50;
const cache = new Map<string, LoadResult>();

/** Loads the zod schema a TypeScript source defines (with a world's zod; default the bundled one). The same source and role give the same schema object. */
export function loadSchema(source: string, role: Role, zod?: ZodModules): LoadResult {
  const key = `${zod?.version ?? ''}\u0000${role}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = loadUncached(source, role, zod);
  cache.set(key, result);
  const oldest = cache.keys().next();
  if (cache.size > CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
  return result;
}

function loadUncached(source: string, role: Role, zod: ZodModules | undefined): LoadResult {
  try {
    const compiled = transpile(source);
    if (!compiled.ok) return compiled;
    const run = execute(source, compiled.value, zod);
    if (!run.ok) return run;
    const picked = pick(source, run.value, role, zod);
    // A zod 3 schema has no `_zod` tree to walk (the endless-schema check reads zod 4's).
    const schema = picked.ok && isZod4(picked.value) ? bounded(source, picked.value) : picked;
    return schema.ok ? { ok: true, schema: schema.value } : schema;
  } catch (e) {
    return fail({ message: `Internal error loading the schema: ${messageOf(e)}` });
  }
}
