/**
 * The sandbox frame's worlds' client realm (clientRealmWorlds.ts): a version world's own SDK 1.x client runs there, in
 * a worker that never runs schema code, like the default world's clients in the frame's client realm (frameClients.ts
 * runs both, each with its watchdog). Started only when a schema worker first asks (`need-world-clients`): its script
 * is fetched by the app like an engine chunk (`fetch`), so a page that never runs a world case never loads it. Each
 * schema worker that asked gets a port to it (`world-clients`), and a port to the next one when it is restarted.
 */
import { clientRealmHost, WORLDS_CLIENT_REALM_CHUNK, type ClientRealmHost } from './frameClients.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { WorldClientsPort } from './protocol.ts';

/** A schema worker as this host needs it: its port to the frame, and whether it asked for the worlds' realm. */
interface WorldSlot {
  port: { postMessage(m: WorldClientsPort, transfer?: Transferable[]): void };
  worlds: boolean;
}

export interface WorldClientsHost<S extends WorldSlot> {
  /** A schema worker asks for the realm: a port now, or once its script arrived and it started. */
  need(slot: S): void;
  /** Ends the realm if it is in a batch (a run ran out of time). */
  endIfBusy(reason: string): boolean;
}

export interface WorldClientsEvents<S> {
  /** The live schema workers (current and spare). */
  slots(): Array<S | null>;
  /** The texts of these chunks, fetched by the app (the realm's script is one). */
  fetch(names: string[]): Promise<string[]>;
  /** How long one batch may take now. */
  budgetMs(): number;
  /** A realm just became ready and the workers that asked have their ports (its cold start is not their run's time). */
  started(): void;
}

/** The worlds' client realm of a frame, not started until a schema worker asks. */
export function worldClientsHost<S extends WorldSlot>(on: WorldClientsEvents<S>): WorldClientsHost<S> {
  let realm: ClientRealmHost | null = null;
  /** The realm's script ran and its clients loaded: a schema worker gets its port only then (a cold realm's start is not a run's time). */
  let ready = false;
  let asked = false;
  const asking = () => on.slots().filter((s): s is S => s !== null && s.worlds);
  /** The workers waiting get no port and the reason (their world checks say it); a later ask tries again. */
  const failed = (error: string) => {
    for (const slot of asking()) {
      slot.worlds = false;
      const m: WorldClientsPort = { type: 'world-clients', error };
      slot.port.postMessage(m);
    }
  };
  /** A port to the realm for `slot` (null: only start the realm, its port closed). */
  const give = (slot: S | null, reason: string | null) => {
    if (!realm) return;
    try {
      const port = realm.connect();
      if (!slot) return port.close();
      const m: WorldClientsPort = { type: 'world-clients', port, reason };
      slot.port.postMessage(m, [port]);
    } catch (e) {
      realm = null;
      failed(`the worlds' client realm could not start: ${messageOf(e)}`);
    }
  };
  const script = (text: string) => {
    // A blob: URL: the worker inherits the frame's CSP (no network) and opaque origin.
    const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
    ready = false;
    realm = clientRealmHost(
      url,
      {
        budgetMs: on.budgetMs,
        restarted: (reason) => asking().forEach((slot) => give(slot, reason)),
        failed: (message) => {
          realm = null;
          failed(`the worlds' client realm could not start: ${message}`);
        },
        ready: () => {
          if (ready) return;
          ready = true;
          for (const slot of asking()) give(slot, null);
          on.started();
        },
      },
      'worlds-client-realm',
    );
    // Starts it (its first port); the workers that asked get theirs once it is ready.
    give(null, null);
  };
  return {
    need(slot) {
      slot.worlds = true;
      if (realm && ready) return give(slot, null);
      if (realm) return;
      if (asked) return;
      asked = true;
      void on.fetch([WORLDS_CLIENT_REALM_CHUNK]).then(
        ([text]) => {
          asked = false;
          if (text === undefined) failed("the worlds' client realm could not be loaded (no script)");
          else script(text);
        },
        (e: unknown) => {
          asked = false;
          failed(`the worlds' client realm could not be loaded (${messageOf(e)})`);
        },
      );
    },
    endIfBusy: (reason) => realm?.endIfBusy(reason) ?? false,
  };
}
