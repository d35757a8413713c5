/**
 * The load phase: TypeScript source → zod schema, in four steps under ./load: transpile (imports turned into `require`
 * calls: plain JavaScript rewritten in place, TypeScript through sucrase, an engine part loaded before: `sucraseChunk`),
 * execute (`new Function` runs the result with a module map that knows only zod; errors are located through the source
 * map), pick (which value is the schema), and bounded (a schema that never ends is refused). Runs in Node, a worker
 * and the main thread (no `node:` imports). Never throws.
 */
import type { z } from 'zod';
import type { Role } from './contract/catalog.ts';
import type { ErrorInfo } from './report.ts';
import { bounded } from './load/bounded.ts';
import { execute } from './load/execute.ts';
import { chosenTool, pick } from './load/pick.ts';
import type { RegisteredTool } from './load/register.ts';
import type { ServerClass } from './load/execute.ts';
import { messageOf } from './lib/message.ts';
import { fail } from './load/step.ts';
import { dynamicImportIn } from './load/dynamic-import.ts';
import { transpile, type TranspileMemo } from './load/transpile.ts';
import { isZod4 } from './worlds/zod-kind.ts';
import type { ZodModules } from './worlds/zod-modules.ts';

/** The tools a registration paste registered (load/register.ts), and the one the case takes. */
export interface Registered {
  tools: ReadonlyArray<Pick<RegisteredTool, 'name' | 'description'>>;
  picked: RegisteredTool;
}

/**
 * What `loadSchema` returns: the schema, or an error with a 1-based position in the user's source where one exists;
 * either carries the registered tools when the code registers some.
 */
export type LoadResult = ({ ok: true; schema: z.ZodType } | { ok: false; error: ErrorInfo }) & { registered?: Registered };

/** What else a load takes: the picked SDK's McpServer (a registration paste registers on it) and its version, and the registered tool the case picked. */
export interface LoadOptions {
  sdk?: { version: string; McpServer: unknown };
  tool?: string;
  /** The engine session's loads (session.ts): the same source and role give the same schema object. Absent, nothing is kept. */
  cache?: Map<string, LoadResult>;
  /** The engine session's transpile memo (load/transpile.ts). */
  transpiled?: TranspileMemo;
}

/** Loads kept in a session's cache (least recently used dropped first). */
export const LOAD_CACHE_SIZE = 50;

/** Loads the zod schema a TypeScript source defines (with a world's zod; default the bundled one). With a cache, the same source and role give the same schema object. */
export function loadSchema(source: string, role: Role, zod?: ZodModules, options: LoadOptions = {}): LoadResult {
  const { cache } = options;
  if (!cache) return loadUncached(source, role, zod, options);
  const key = `${zod?.version ?? ''}\u0000${options.sdk?.version ?? ''}\u0000${options.tool ?? ''}\u0000${role}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = loadUncached(source, role, zod, options);
  cache.set(key, result);
  const oldest = cache.keys().next();
  if (cache.size > LOAD_CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
  return result;
}

function loadUncached(source: string, role: Role, zod: ZodModules | undefined, options: LoadOptions): LoadResult {
  try {
    const imported = dynamicImportIn(source);
    if (imported) return fail(imported);
    const compiled = transpile(source, options.transpiled);
    if (!compiled.ok) return compiled;
    const run = execute(source, compiled.value, zod, options.sdk?.McpServer as ServerClass | undefined);
    if (!run.ok) return run;
    const tool = chosenTool(run.value.tools, options.tool);
    const registered = tool ? { registered: { tools: run.value.tools.map(({ name, description }) => ({ name, description })), picked: tool } } : {};
    const picked = pick(source, run.value, role, zod, tool);
    // A zod 3 schema has no `_zod` tree to walk (the endless-schema check reads zod 4's).
    const schema = picked.ok && isZod4(picked.value) ? bounded(source, picked.value) : picked;
    return schema.ok ? { ok: true, schema: schema.value, ...registered } : { ...schema, ...registered };
  } catch (e) {
    return fail({ message: `Internal error loading the schema: ${messageOf(e)}` });
  }
}
