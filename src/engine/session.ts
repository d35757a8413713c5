/**
 * An engine session: every memo one realm's evaluations share, owned by whoever created it (a composition root: the
 * sandbox worker, the CLI, a test) and passed to `evaluate()`. Without one, an evaluation makes its own and drops it
 * after. The engine's modules hold no state of their own (test/module-state.test.ts lists the few realm-wide tables
 * that stay outside, each with its reason).
 *
 * Each memo's key is written beside it; a change to what a verdict depends on must keep each key covering it.
 * `engineSession({ cache: false })` keeps nothing at all, within an evaluation or between them: every load, listing,
 * real run and verdict is computed afresh. test/cache-equivalence.test.ts checks that it gives the same reports.
 *
 * The memos a session owns: `loads`, `transpiled`, `sdkSessions` (connected SDK pairs) and `memos` (the converters'
 * listings, the one place a listing is cached: the SDK converters' and the zod-based ones'; `keep`'s opened listings;
 * the verdict memo's content keys).
 * Kept elsewhere, and why:
 * - per evaluation, dropped with it: the verdict memo and its envelopes (phases/verify.ts), capped texts (caps.ts);
 * - per connected SDK pair: its tools/list (real-sdk.ts listOnce), which the SDK client must have made before it
 *   validates a call: protocol state of the pair, not a memo (the pair itself is the session's);
 * - per client object, bounded and keyed by listing content: compiled validators and provider pools
 *   (clients/validator-cache.ts); in the sandbox they live in the client realm, a session of its own;
 * - realm-wide, keyed by objects that are themselves realm-wide (test/module-state.test.ts names each): the version
 *   worlds, their clients, the loader's per-tool handler answers and per-zod require, and whether a schema object
 *   holds a transform (lib/pipes.ts); the lazily loaded engine parts (chunks.ts) are the realm's imports;
 * - the app's link encoder (state/linkEncoder.ts) is made once by main.tsx, the page's composition root.
 */
import type { LoadResult } from './load.ts';
import { transpileMemo, type TranspileMemo } from './load/transpile.ts';
import { LOAD_CACHE_SIZE } from './load.ts';
import { Lru, type ObjectMemo } from './lib/lru.ts';
import { sessionPool, type SessionPool } from './real-sdk/pool.ts';
import type { ClientHost } from './real-sdk/client-side.ts';
import type { SessionMemos } from './types.ts';

export interface EngineSession {
  /** False: the session keeps nothing (see the module comment). */
  readonly cache: boolean;
  /** Loads by `zod version␀sdk version␀tool␀role␀source` (load.ts), LOAD_CACHE_SIZE kept (none without cache): the same source gives the same schema object. */
  readonly loads: Map<string, LoadResult>;
  /** The last source's plain rewrite and transpiled result, keyed by the source text (load/transpile.ts); undefined without cache. */
  readonly transpiled: TranspileMemo | undefined;
  /**
   * The real SDKs' connected pairs by [schema object, SDK major, SDK api, tool, role, answer form, era], MAX_SESSIONS
   * kept (real-sdk/pool.ts). Without cache the evaluation does not hand it on: each real run opens its own pair and closes it after.
   */
  readonly sdkSessions: SessionPool;
  /** The per-object memos of the phases. */
  readonly memos: SessionMemos;
  /**
   * Where the real runs' clients of the default world run: the sandbox's client realm (src/sandbox/realClients.ts);
   * absent (Node), beside their servers in this realm, over the same MessagePort transport (real-sdk/session.ts).
   */
  readonly sdkClients?: ClientHost;
  /** Closes the SDK sessions (after their queued runs) and forgets the loads. */
  close(): Promise<void>;
}

/** A memo that keeps nothing. */
const NOTHING: ObjectMemo<never> = { get: () => undefined, set: () => undefined };

/**
 * A new session with empty memos. `sdkClients`: where the real runs' clients run (the sandbox worker's client realm).
 * `cache: false`: a session that keeps nothing.
 */
export function engineSession(options: { sdkClients?: ClientHost; cache?: boolean } = {}): EngineSession {
  const cache = options.cache !== false;
  const loads = new Lru<string, LoadResult>(cache ? LOAD_CACHE_SIZE : 0);
  const transpiled = cache ? transpileMemo() : undefined;
  const sdkSessions = sessionPool();
  const memos: SessionMemos = cache
    ? { keep: true, listings: new WeakMap(), converted: new WeakMap(), opened: new WeakMap(), coreListings: new WeakMap(), contentKeys: new WeakMap() }
    : { keep: false, listings: NOTHING, converted: NOTHING, opened: NOTHING, coreListings: NOTHING, contentKeys: NOTHING };
  return {
    cache,
    loads,
    transpiled,
    sdkSessions,
    memos,
    ...(options.sdkClients ? { sdkClients: options.sdkClients } : {}),
    close: async () => {
      loads.clear();
      if (transpiled) transpiled.last = null;
      await sdkSessions.close();
    },
  };
}
