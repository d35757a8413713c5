/**
 * An engine session: the caches one realm's evaluations share, owned by whoever created it (a composition root: the
 * sandbox worker, the CLI, a test) and passed to `evaluate()`. Without one, an evaluation keeps nothing beyond itself.
 * The engine's modules hold no state of their own (test/module-state.test.ts); the memos they keep on objects
 * (WeakMaps keyed by a schema or a listing) are scoped by those objects, which come from a session's loads.
 */
import type { LoadResult } from './load.ts';
import { transpileMemo, type TranspileMemo } from './load/transpile.ts';
import { sessionPool, type SessionPool } from './real-sdk/pool.ts';

export interface EngineSession {
  /** Loads by (versions, tool, role, source), least recently used first (load.ts): the same source gives the same schema object. */
  readonly loads: Map<string, LoadResult>;
  /** The last source's plain rewrite and transpiled result (load/transpile.ts). */
  readonly transpiled: TranspileMemo;
  /** The real SDKs' connected pairs, one per schema object and SDK (real-sdk/pool.ts). */
  readonly sdkSessions: SessionPool;
  /** Closes the SDK sessions (after their queued runs) and forgets the loads. */
  close(): Promise<void>;
}

/** A new session with empty caches. */
export function engineSession(): EngineSession {
  const loads = new Map<string, LoadResult>();
  const transpiled = transpileMemo();
  const sdkSessions = sessionPool();
  return {
    loads,
    transpiled,
    sdkSessions,
    close: async () => {
      loads.clear();
      transpiled.last = null;
      await sdkSessions.close();
    },
  };
}
