/**
 * The sandbox frame's one client realm (clientRealm.ts): started on first need, warm for the frame's life, shared by
 * every schema worker, each of which gets a port of its own to it. It runs no schema code, so sharing it lets no case
 * run beside another's code; its caches are bounded and keyed by listing content (clients/validator-cache.ts).
 * Its watchdog: the realm says `busy` and `idle` around each batch; busy past `budgetMs()` (a listing whose pattern
 * backtracks without end, say), or an error, ends it, and `restarted` tells the frame, which hands each live schema
 * worker a port to a new one (their waiting checks then fail with that reason instead of hanging).
 * Its later part (the v2 clients, clientRealm.ts) it asks for on its global (`need-chunks`, fetched by the app like an
 * engine chunk, under a correlator id); the frame hands the text back there, and says `load` when the scheduler calls
 * `loadLater`.
 */
import { messageOf } from '../engine/lib/message.ts';
import type { ChunkTexts, ClientRealmInit, ClientRealmStatus, FrameToClientRealm } from './protocol.ts';

/**
 * The name the app fetches the worlds' client realm script (clientRealmWorlds.ts) under, beside the engine chunks
 * (theirs are `engine-…`): the frame asks for it like a schema worker asks for a chunk, on a world case's first need.
 */
export const WORLDS_CLIENT_REALM_CHUNK = 'client-realm-worlds.js';

/**
 * The clients whose checks are in the client realm's later part (clientRealm.ts: the v2 SDK's client half);
 * test/client-realm.test.ts holds this list to the clients' registry.
 */
export const LATER_PART_CLIENTS: readonly string[] = ['sdk-v2-node', 'sdk-v2-browser'];

/**
 * Whether a case selects one of those clients: its first verdict needs the later part, so the scheduler has it loaded
 * at once, beside the engine's work (else it loads once the first verdict is out: the other clients' badges come next).
 */
export function selectsLaterPart(c: unknown): boolean {
  const client = typeof c === 'object' && c !== null ? (c as { client?: unknown }).client : undefined;
  return typeof client === 'string' && LATER_PART_CLIENTS.includes(client);
}

/** The frame's handle on its client realm. */
export interface ClientRealmHost {
  /** A port to the client realm for a new schema worker, starting the realm if none runs (throws if it cannot start). */
  connect(): MessagePort;
  /** Ends the realm if it is in a batch (a run ran out of time: the hang may be there); whether it did. */
  endIfBusy(reason: string): boolean;
  /**
   * Loads the realm's later part now (clientRealm.ts: the v2 client half), off the first verdict's path: the scheduler
   * calls it when the page's first report reached the app, and at once for a request whose case selects a client in it
   * (`selectsLaterPart`). Once asked, every realm started afterwards (after a restart) loads it too; a batch that waits
   * on it is timed by the realm's watchdog.
   */
  loadLater?(): void;
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
  /** The texts of later parts of its bundle the realm asked for (the frame's chunk relay: the app fetches them). */
  fetch?(names: string[]): Promise<string[]>;
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
  /** `loadLater` was called: the realm running then, and each started after, loads its later part. */
  let later = false;
  const tellLoad = (r: Running) => r.worker.postMessage({ type: 'load' } satisfies FrameToClientRealm);
  /** Answers a realm's `need-chunks` on its global, under the id it asked with (its chunkRequests.ts). */
  const fetchFor = (r: Running, id: unknown, names: unknown) => {
    if (typeof id !== 'number' || !Array.isArray(names) || !names.every((n): n is string => typeof n === 'string')) return;
    const post = (m: ChunkTexts) => void (realm === r && r.worker.postMessage(m satisfies FrameToClientRealm));
    const texts = on.fetch ? on.fetch(names) : Promise.reject(new Error('the frame fetches no parts for this realm'));
    void texts.then(
      (t) => post({ type: 'chunks', id, names, texts: t }),
      (e: unknown) => post({ type: 'chunks', id, names, error: messageOf(e) }),
    );
  };
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
      if (e.data?.type === 'need-chunks') return fetchFor(r, e.data.id, e.data.names);
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
    if (later) tellLoad(r);
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
    loadLater() {
      if (later) return;
      later = true;
      if (realm) tellLoad(realm);
    },
  };
}
