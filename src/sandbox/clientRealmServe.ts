/**
 * What a client realm does with its ports (clientRealm.ts for the default world, clientRealmWorlds.ts for the version
 * worlds' SDK 1.x clients): the frame posts `init` with a port per schema worker on the realm's global (only the frame
 * can post there: no schema code runs in a client realm), and over each port it receives only data, a batch of
 * VerifyRequests, answered with their verdicts, or a real run's client request (when the realm serves them). While any
 * request is in hand it tells the frame `busy` at each start and each end (`idle` once none is left): the frame's
 * watchdog ends a realm that makes no progress within its budget.
 */
import type { VerifyRequest } from '../engine/phases/verifier.ts';
import type { Verdict } from '../engine/report.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { ChunkTexts, ClientRealmReply, ClientRealmRequest, ClientRealmSdkRequest, ClientRealmStatus, FrameToClientRealm } from './protocol.ts';
import { readDeep } from '../engine/lib/deep-post.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
  postMessage?(message: ClientRealmStatus): void;
}

/**
 * The parts of a realm's bundle it loads after its script (the default world's realm: the v2 SDK's client half, so
 * that the first verdict waits only for the selected client): asked for when a message needs one, or all at once
 * when the frame says `load`. Their texts come from the frame on the realm's global, never over a schema realm's port.
 */
export interface LaterParts {
  /** What one message needs loaded before it is answered (resolved at once when it needs none). */
  need(m: readonly VerifyRequest[] | ClientRealmSdkRequest): Promise<unknown>;
  /** Loads every later part. */
  loadAll(): Promise<unknown>;
  /** The frame's answer to the realm's `need-chunks`. */
  texts(m: ChunkTexts): void;
}

export interface ClientRealmParts {
  /** What must be loaded before any request is answered (bundled into the one script: nothing to fetch). */
  parts: Promise<unknown>;
  /** What is loaded on need after the script (the load counted in the time of the request that needs it). */
  later?: LaterParts;
  /** What the parts are, in the message of a realm that could not load them. */
  partsName: string;
  /** The verdicts of one batch. */
  verdicts(requests: readonly VerifyRequest[]): Verdict[];
  /** The real runs' clients, when this realm holds them: whether a message is such a request, and its answer. */
  sdk?: { is(m: unknown): m is ClientRealmSdkRequest; answer(port: MessagePort, req: ClientRealmSdkRequest): Promise<void> };
}

/** Serves every port the frame hands this realm. */
export function serveClientRealm(realm: ClientRealmParts): void {
  const scope = self as unknown as WorkerScope;
  /** The requests in hand, across every port; the frame hears of each start and end (frameClients.ts). */
  const inHand = { count: 0 };
  const started = () => {
    inHand.count++;
    scope.postMessage?.({ type: 'busy' });
  };
  const ended = () => {
    inHand.count--;
    scope.postMessage?.({ type: inHand.count > 0 ? 'busy' : 'idle' });
  };
  // The frame hears once the script ran and the parts are in (the worlds' realm is handed to schema workers only then).
  void realm.parts.then(() => scope.postMessage?.({ type: 'ready' }), () => undefined);
  scope.addEventListener('message', (e) => {
    const m = e.data as FrameToClientRealm | null;
    if (typeof m !== 'object' || m === null) return;
    if (m.type === 'init' && m.port instanceof MessagePort) servePort(m.port, realm, { started, ended });
    else if (m.type === 'chunks') realm.later?.texts(m);
    else if (m.type === 'load' && realm.later) {
      // Timed like a batch: a part that does not arrive or evaluate within the budget ends the realm.
      started();
      void realm.later.loadAll().catch(() => undefined).finally(ended);
    }
  });
}

/**
 * Answers what arrives on one schema realm's port (a batch of checks, a real run's client request): here for a port
 * the frame handed this realm, and in the CLI's client realm (src/node-realm/host.ts) for its schema worker's.
 */
export function servePort(port: MessagePort, realm: ClientRealmParts, inHand: { started(): void; ended(): void } = { started: () => undefined, ended: () => undefined }): void {
  const { started, ended } = inHand;
  const answer = (id: number, requests: readonly VerifyRequest[]) => port.postMessage({ id, verdicts: realm.verdicts(requests) } satisfies ClientRealmReply);
  port.onmessage = (ev: MessageEvent<unknown>) => {
    const req = readDeep(ev.data) as Partial<ClientRealmRequest> | null;
    // A real run's client (clientRealmSdk.ts): opened on the port the schema worker transferred, driven with data.
    if (realm.sdk?.is(req)) {
      const sdk = realm.sdk;
      started();
      // A part that could not load: the client's own answer says so (its classes are not there).
      void Promise.all([realm.parts, realm.later?.need(req)]).catch(() => undefined).then(() => sdk.answer(port, req)).finally(ended);
      return;
    }
    if (typeof req !== 'object' || req === null || typeof req.id !== 'number' || !Array.isArray(req.requests)) return;
    const { id, requests } = req as ClientRealmRequest;
    started();
    void Promise.all([realm.parts, realm.later?.need(requests)])
      .then(
        () => answer(id, requests),
        (err: unknown) => port.postMessage({ id, verdicts: requests.map(() => ({ valid: false, message: `The client realm could not load ${realm.partsName}: ${messageOf(err)}` })) } satisfies ClientRealmReply),
      )
      .finally(ended);
  };
}
