/**
 * The schema worker's side of its client realms (clientRealm.ts, and clientRealmWorlds.ts for a version world's own
 * clients: its SDK 1.x client's checks, and its real runs' clients): the ports, their bound `postMessage`, the `onmessage` setter and the `data` getter are captured when
 * this module is evaluated, before any schema code runs in the worker (worker.ts imports it first).
 */
import { readDeep } from '../engine/lib/deep-post.ts';
import { routedVerifier, type Verifier, type VerifyRequest } from '../engine/phases/verifier.ts';
import type { ClientHost } from '../engine/real-sdk/client-side.ts';
import type { Verdict } from '../engine/report.ts';
import { remoteClients } from './realClients.ts';
import { createCorrelator } from './correlator.ts';
import type { ClientRealmReply, ClientRealmRequest, ClientRealmSdkReply, ClientRealmSdkRequest, WorkerMessage, WorldClientsPort } from './protocol.ts';

// Captured before any schema code runs: a patched `MessageEvent.prototype.data` getter would otherwise see the event,
// and through its `target`, the port.
const dataGetter = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')?.get;
if (!dataGetter) throw new Error('MessageEvent has no data getter');
export const dataOf = Function.prototype.call.bind(dataGetter) as (e: MessageEvent) => unknown;
// Likewise a port's `postMessage` and `onmessage` setter: a port to a restarted client realm arrives after schema code ran.
const portPost = MessagePort.prototype.postMessage;
const portOnMessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')?.set;
if (!portOnMessage) throw new Error('MessagePort has no onmessage setter');
const portListen: (v: unknown) => void = portOnMessage;

/** One client realm as this worker reaches it: over a port captured (with its bound postMessage) before schema code runs. */
interface RealmLink {
  connect(port: MessagePort): void;
  connected(): boolean;
  verify(requests: readonly VerifyRequest[]): Promise<Verdict[]>;
  post(message: ClientRealmRequest | ClientRealmSdkRequest, transfer?: Transferable[]): void;
  /** The checks still waiting fail with `reason` (the frame ended that realm, or none could be reached). */
  failWaiting(reason: string): void;
}

function realmLink(onSdk?: (reply: ClientRealmSdkReply) => void): RealmLink {
  const batches = createCorrelator<Verdict[]>();
  let post: ((message: ClientRealmRequest | ClientRealmSdkRequest, transfer?: Transferable[]) => void) | null = null;
  return {
    connect: (port) => {
      const bound = portPost.bind(port) as (message: unknown, transfer?: Transferable[]) => void;
      post = (message, transfer) => (transfer ? bound(message, transfer) : bound(message));
      Reflect.apply(portListen, port, [(ev: MessageEvent) => {
        const reply = readDeep(dataOf(ev)) as ClientRealmReply | ClientRealmSdkReply | null;
        if (typeof reply === 'object' && reply !== null && 'sdk' in reply) return onSdk?.(reply);
        if (typeof reply !== 'object' || reply === null || !Array.isArray(reply.verdicts)) return;
        batches.resolve(reply.id, reply.verdicts);
      }]);
    },
    connected: () => post !== null,
    verify: (requests) => {
      const to = post;
      if (!to) return Promise.reject(new Error('no client realm is connected'));
      return batches.ask((id) => to({ id, requests: [...requests] }));
    },
    post: (message, transfer) => post?.(message, transfer),
    failWaiting: (reason) => batches.rejectAll(new Error(reason)),
  };
}

/**
 * The clients' checks, asked of the client realm (clientRealm.ts) over its port: the port, its bound `postMessage` and
 * the replies' resolvers are captured here, before any schema code runs. `restarted` takes the port to a new client
 * realm (the frame ended the old one: it crashed or hung): the checks still waiting fail with the frame's reason.
 * A request naming a version world (its own SDK 1.x client) goes to the worlds' client realm (clientRealmWorlds.ts):
 * its port is asked of the frame on the first such request (`need-world-clients`) and arrives as `world-clients`.
 */
export function clientRealm(first: MessagePort, send: (message: WorkerMessage) => void): { verifier: Verifier; clients: Required<ClientHost>; restarted(port: MessagePort, reason: string): void; worlds(m: WorldClientsPort): void } {
  // The real runs' clients live in the default one too (realClients.ts): their replies carry `sdk`.
  const sdk = remoteClients((message, transfer) => link.post(message, transfer));
  const link = realmLink((reply) => sdk.answer(reply));
  link.connect(first);
  // A world's own clients (a spec naming a `world`) live in the worlds' client realm.
  const worldSdk = remoteClients((message, transfer) => worldLink.post(message, transfer));
  const worldLink = realmLink((reply) => worldSdk.answer(reply));
  let asking: { resolve(): void; reject(e: Error): void; promise: Promise<void> } | null = null;
  const worldsReady = (): Promise<void> => {
    if (worldLink.connected()) return Promise.resolve();
    if (!asking) {
      let resolve = () => {};
      let reject: (e: Error) => void = () => {};
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      asking = { resolve, reject, promise };
      send({ type: 'need-world-clients' });
    }
    return asking.promise;
  };
  const verifier = routedVerifier(link, { verify: (requests) => worldsReady().then(() => worldLink.verify(requests)) });
  const restarted = (port: MessagePort, reason: string) => {
    link.connect(port);
    link.failWaiting(reason);
    sdk.lost(reason);
  };
  const worlds = (m: WorldClientsPort) => {
    const waited = asking;
    asking = null;
    if ('error' in m) {
      worldLink.failWaiting(String(m.error));
      return waited?.reject(new Error(String(m.error)));
    }
    if (!(m.port instanceof MessagePort)) return;
    worldLink.connect(m.port);
    if (m.reason !== null) {
      worldLink.failWaiting(String(m.reason));
      worldSdk.lost(String(m.reason));
    }
    waited?.resolve();
  };
  const clients: Required<ClientHost> = { open: (spec, port) => (spec.world ? worldsReady().then(() => worldSdk.open(spec, port)) : sdk.open(spec, port)), prepare: worldsReady };
  return { verifier, clients, restarted, worlds };
}

