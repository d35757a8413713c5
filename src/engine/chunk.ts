/** One lazily loaded engine part (chunks.ts has the list): kept apart so the parts' own modules can make chunks without an import circle. */

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
