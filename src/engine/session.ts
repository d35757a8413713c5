/**
 * An engine session: the caches one realm's evaluations share, owned by whoever created it (a composition root: the
 * sandbox worker, the CLI, a test) and passed to `evaluate()`. Without one, an evaluation keeps nothing beyond itself.
 * The engine's modules hold no state of their own (test/module-state.test.ts); the memos they keep on objects
 * (WeakMaps keyed by a schema or a listing) are scoped by those objects, which come from a session's loads.
 */
import type { LoadResult } from './load.ts';
import { transpileMemo, type TranspileMemo } from './load/transpile.ts';
import { sessionPool, type SessionPool } from './real-sdk/pool.ts';
import type { ClientHost } from './real-sdk/client-side.ts';

export interface EngineSession {
  /** Loads by (versions, tool, role, source), least recently used first (load.ts): the same source gives the same schema object. */
  readonly loads: Map<string, LoadResult>;
  /** The last source's plain rewrite and transpiled result (load/transpile.ts). */
  readonly transpiled: TranspileMemo;
  /** The real SDKs' connected pairs, one per schema object and SDK (real-sdk/pool.ts). */
  readonly sdkSessions: SessionPool;
  /**
   * Where the real runs' clients of the default world run: the sandbox's client realm (src/sandbox/realClients.ts);
   * absent (Node), beside their servers in this realm, over the same MessagePort transport (real-sdk/session.ts).
   */
  readonly sdkClients?: ClientHost;
  /** Closes the SDK sessions (after their queued runs) and forgets the loads. */
  close(): Promise<void>;
}

/** A new session with empty caches; `sdkClients`: where the real runs' clients run (the sandbox worker's client realm). */
export function engineSession(options: { sdkClients?: ClientHost } = {}): EngineSession {
  const loads = new Map<string, LoadResult>();
  const transpiled = transpileMemo();
  const sdkSessions = sessionPool();
  return {
    loads,
    transpiled,
    sdkSessions,
    ...(options.sdkClients ? { sdkClients: options.sdkClients } : {}),
    close: async () => {
      loads.clear();
      transpiled.last = null;
      await sdkSessions.close();
    },
  };
}
