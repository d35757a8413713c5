/**
 * The engine's lazily loaded parts. Engine code reaches a big dependency through a chunk here (a dynamic import with
 * a static specifier): in Node it is a plain dynamic import; in the sandbox worker the build makes each one its own
 * chunk, which the app fetches on first need and the worker evaluates (vite.config.ts, src/sandbox/chunkHost.ts).
 * The worker loads the chunks a case needs (chunksFor) before the case's schema code runs: code evaluated in a realm
 * after schema code ran there could meet globals that code patched (docs/security.md).
 */

/** A chunk: `load()` once (the same promise for every caller), then `get()` synchronously. */
export interface Chunk<T> {
  load(): Promise<T>;
  /** The loaded module; throws when it was not loaded before (a missing entry in chunksFor). */
  get(): T;
}

/** A chunk over a dynamic import. */
export function chunk<T>(name: string, importer: () => Promise<T>): Chunk<T> {
  let loaded: { value: T } | null = null;
  let pending: Promise<T> | null = null;
  return {
    load: () => {
      pending ??= importer().then((value) => {
        loaded = { value };
        return value;
      });
      // A failed load may be retried (the app could not fetch it this time).
      pending.catch(() => {
        pending = null;
      });
      return pending;
    },
    get: () => {
      if (!loaded) throw new Error(`The engine part "${name}" was not loaded before this case ran`);
      return loaded.value;
    },
  };
}

/** The v2 SDK's server, client and transport (`@modelcontextprotocol/server` and `/client`, about 100 KB gzip). */
export const sdkV2 = chunk('sdk-v2', () => import('./real-sdk/v2.ts'));

/** Every chunk, loaded before a case's schema code runs (today each case needs them all: the Report has every row). */
export const CHUNKS: ReadonlyArray<Chunk<unknown>> = [sdkV2];

/** The chunks a case needs. */
export function chunksFor(_input: unknown): ReadonlyArray<Chunk<unknown>> {
  return CHUNKS;
}

/** Loads the chunks a case needs. Rejects when one cannot be loaded (the caller reports it). */
export async function preload(input: unknown): Promise<void> {
  await Promise.all(chunksFor(input).map((c) => c.load()));
}
