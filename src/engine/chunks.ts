/**
 * The engine's lazily loaded parts. Engine code reaches a big dependency through a chunk here (a dynamic import with
 * a static specifier): in Node it is a plain dynamic import; in the sandbox worker the build makes each one its own
 * chunk, which the app fetches on first need and the worker evaluates (vite-plugins/engineBundle.ts, whose module
 * runtime is the worker's `virtual:engine-chunk-host`).
 * A realm loads the chunks its case needs (chunksFor) before the case's schema code runs: code evaluated in a realm
 * after schema code ran there could meet globals that code patched (docs/security.md).
 */

import { chunk, type Chunk } from './chunk.ts';
import { generateRequestOf } from './generate/request.ts';
import { worldChunksFor } from './worlds/entries.ts';
import { needsSucrase, sucraseChunk, type TranspileMemo } from './load/transpile.ts';
import { sdkV2 } from './real-sdk/v2-chunk.ts';
import { libraryChunksFor } from './libs/index.ts';
import { zodPartChunksFor } from './zod-parts/index.ts';

export { chunk, type Chunk };

/** The v2 SDK (its own module, so that the clients import no loader: real-sdk/v2-chunk.ts). */
export { sdkV2 };

/** fast-check (the counterexample search, generate/mutate.ts) and randexp (strings for a `pattern`, generate/sample.ts): only a case that asks for generation loads them. */
export const fastCheck = chunk('fast-check', () => import('./generate/fast-check.ts'));

/** The chunks a full report needs: the v2 SDK (every report has its rows and real run), and fast-check for a generate request. */
function reportChunks(input: unknown): ReadonlyArray<Chunk<unknown>> {
  return generateRequestOf(input) ? [sdkV2, fastCheck] : [sdkV2];
}

/**
 * The chunks a case needs: those of its version world (worlds/entries.ts), sucrase for a source that is not plain
 * JavaScript, the schema libraries its source imports (libs/index.ts), the parts of zod its source mentions
 * (zod-parts/index.ts: locales, compile, fromJSONSchema), and either those of the full report or,
 * for a realm that only computes the first report (phases/first.ts `firstChunksFor`), the ones given.
 */
export function chunksFor(input: unknown, first?: ReadonlyArray<Chunk<unknown>>, memo?: TranspileMemo): ReadonlyArray<Chunk<unknown>> {
  // The case as sent, unchecked: a schema that is not a string needs none of the source's chunks.
  const schema = typeof input === 'object' && input !== null ? (input as { schema?: unknown }).schema : undefined;
  return [...(first ?? reportChunks(input)), ...worldChunksFor(input), ...(typeof schema === 'string' ? sourceChunksFor(schema, memo) : [])];
}

/**
 * What the schema source itself asks for: sucrase when it is not a plain JavaScript module (load/transpile.ts), the
 * parts of zod it mentions, and the schema libraries it imports with the v2 SDK (a library's schema is registered on
 * the v2 server even in a first report: SDK 1.x takes zod only, load/register.ts).
 */
function sourceChunksFor(source: string, memo?: TranspileMemo): ReadonlyArray<Chunk<unknown>> {
  const libraries = libraryChunksFor(source);
  return [...(needsSucrase(source, memo) ? [sucraseChunk] : []), ...zodPartChunksFor(source), ...(libraries.length > 0 ? [sdkV2, ...libraries] : [])];
}

/** Loads the chunks a case needs (see chunksFor; `memo`: the session's, which keeps the plain rewrite it made). Rejects when one cannot be loaded (the caller reports it). */
export async function preload(input: unknown, first?: ReadonlyArray<Chunk<unknown>>, memo?: TranspileMemo): Promise<void> {
  await Promise.all(chunksFor(input, first, memo).map((c) => c.load()));
}
