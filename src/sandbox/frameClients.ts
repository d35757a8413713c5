/**
 * The sandbox frame's one client realm (clientRealm.ts): started on first need, warm for the frame's life, shared by
 * every schema worker, each of which gets a port of its own to it. It runs no schema code, so sharing it lets no case
 * run beside another's code; its caches are bounded and keyed by listing content (clients/validator-cache.ts).
 * Its watchdog: the realm says `busy` and `idle` around each batch; busy past `budgetMs()` (a listing whose pattern
 * backtracks without end, say), or an error, ends it, and `restarted` tells the frame, which hands each live schema
 * worker a port to a new one (their waiting checks then fail with that reason instead of hanging).
 */
import type { ClientRealmInit, ClientRealmStatus } from './protocol.ts';

/**
 * The name the app fetches the worlds' client realm script (clientRealmWorlds.ts) under, beside the engine chunks
 * (theirs are `engine-…`): the frame asks for it like a schema worker asks for a chunk, on a world case's first need.
 */
export const WORLDS_CLIENT_REALM_CHUNK = 'client-realm-worlds.js';

/** The frame's handle on its client realm. */
export interface ClientRealmHost {
  /** A port to the client realm for a new schema worker, starting the realm if none runs (throws if it cannot start). */
  connect(): MessagePort;
  /** Ends the realm if it is in a batch (a run ran out of time: the hang may be there); whether it did. */
  endIfBusy(reason: string): boolean;
  /**
   * The page's first verdict reached the app (the scheduler calls it once): a realm whose script comes in parts may
   * load the rest now, off the first verdict's path; a batch that waits on it is timed by the realm's watchdog.
   */
  firstVerdict?(): void;
}

export interface ClientRealmEvents {
  /** How long one batch may take now. */
  budgetMs(): number;
  /** The realm was ended (`reason`): connect every live schema worker anew. */
  restarted(reason: string): void;
  /** The realm failed before it answered anything: starting another would only fail again. */
  failed(message: string): void;
  /** The realm's script ran and its parts loaded (each realm started says so once). */
  ready?(): void;
}

interface Running {
  worker: Worker;
  timer: ReturnType<typeof setTimeout> | null;
  /** It began a batch: its script loaded, so a later error is a crash, not a realm that cannot start. */
  spoke: boolean;
}

/** The client realm of a frame whose client realm script is at `url` (a blob: URL: it inherits the frame's CSP). */
export function clientRealmHost(url: string, on: ClientRealmEvents, name = 'client-realm'): ClientRealmHost {
  let realm: Running | null = null;
  const stopTimer = (r: Running) => {
    if (r.timer !== null) clearTimeout(r.timer);
    r.timer = null;
  };
  const end = (r: Running, reason: string) => {
    if (realm !== r) return;
    stopTimer(r);
    r.worker.terminate();
    realm = null;
    on.restarted(reason);
  };
  const start = (): Running => {
    const r: Running = { worker: new Worker(url, { name }), timer: null, spoke: false };
    r.worker.onmessage = (e: MessageEvent<Partial<ClientRealmStatus> | null>) => {
      if (realm !== r) return;
      r.spoke = true;
      // Not progress on a batch: a batch's watchdog keeps running.
      if (e.data?.type === 'ready') return on.ready?.();
      stopTimer(r);
      if (e.data?.type !== 'busy') return;
      const ms = on.budgetMs();
      r.timer = setTimeout(() => end(r, `the ${name.replaceAll('-', ' ')} did not answer within ${ms} ms; it was ended and another started`), ms);
    };
    r.worker.onerror = (e) => {
      e.preventDefault();
      if (realm !== r) return;
      if (r.spoke) return end(r, `the ${name.replaceAll('-', ' ')} failed (${e.message || 'an uncaught error'}); it was ended and another started`);
      stopTimer(r);
      r.worker.terminate();
      realm = null;
      on.failed(e.message || 'The client realm could not start');
    };
    realm = r;
    return r;
  };
  return {
    connect() {
      const r = realm ?? start();
      const channel = new MessageChannel();
      const init: ClientRealmInit = { type: 'init', port: channel.port2 };
      r.worker.postMessage(init, [channel.port2]);
      return channel.port1;
    },
    endIfBusy(reason) {
      if (!realm || realm.timer === null) return false;
      end(realm, reason);
      return true;
    },
  };
}
