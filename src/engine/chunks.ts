/**
 * The engine's lazily loaded parts. Engine code reaches a big dependency through a chunk here (a dynamic import with
 * a static specifier): in Node it is a plain dynamic import; in the sandbox worker the build makes each one its own
 * chunk, which the app fetches on first need and the worker evaluates (vite.config.ts, src/sandbox/chunkHost.ts).
 * The worker loads the chunks a case needs (chunksFor) before the case's schema code runs: code evaluated in a realm
 * after schema code ran there could meet globals that code patched (docs/security.md).
 */

import { chunk, type Chunk } from './chunk.ts';
import { worldChunksFor } from './worlds/entries.ts';

export { chunk, type Chunk };

/** The v2 SDK's server, client and transport (`@modelcontextprotocol/server` and `/client`, about 100 KB gzip). */
export const sdkV2 = chunk('sdk-v2', () => import('./real-sdk/v2.ts'));

/** Every chunk, loaded before a case's schema code runs (today each case needs them all: the Report has every row). */
export const CHUNKS: ReadonlyArray<Chunk<unknown>> = [sdkV2];

/** The chunks a case needs: every engine part, and the version world it picked (worlds/entries.ts). */
export function chunksFor(input: unknown): ReadonlyArray<Chunk<unknown>> {
  const world = worldChunksFor(input);
  return world.length === 0 ? CHUNKS : [...CHUNKS, ...world];
}

/** Loads the chunks a case needs. Rejects when one cannot be loaded (the caller reports it). */
export async function preload(input: unknown): Promise<void> {
  await Promise.all(chunksFor(input).map((c) => c.load()));
}
