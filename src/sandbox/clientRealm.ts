/**
 * The client realm: a worker of the sandbox frame that never runs schema code. Its bundle holds the clients (the
 * SDKs' validators, Ajv, @cfworker/json-schema) and no loader, transpiler or evaluate() (test/client-realm.test.ts
 * checks the built bundle). One per frame, warm and shared: the frame hands it a port for each schema worker it
 * starts (`init`, one per worker), and over each it receives only data: a batch of VerifyRequests (the listed JSON
 * Schema, what ships, tool, isError, client, era), answered with the verdicts and their structured errors. The real
 * runs' published clients live here too (clientRealmSdk.ts, kept per asking port): each on the client's end of a
 * MessagePort transport whose server end is in the schema's worker. Compiled validators stay cached by listing
 * across batches, workers and cases (clients/validator-cache.ts: bounded, and keyed by content only). While any
 * request is in hand it tells the frame `busy` at each start and each end (`idle` once none is left): the frame's
 * watchdog ends a realm that makes no progress within its budget, starts another and tells the schema workers.
 */
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { verdictsOf, type VerifyRequest } from '../engine/phases/verifier.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { ClientRealmInit, ClientRealmReply, ClientRealmRequest, ClientRealmStatus } from './protocol.ts';
import { answerSdk, isSdkRequest } from './clientRealmSdk.ts';
import { readDeep } from '../engine/lib/deep-post.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
  postMessage?(message: ClientRealmStatus): void;
}

const scope = self as unknown as WorkerScope;
// Bundled into this one script (no chunk to fetch): loaded before the first request is answered.
const parts = sdkV2.load();

/** The requests in hand, across every port; the frame hears of each start and end (frameClients.ts). */
const inHand = { count: 0 };
function started(): void {
  inHand.count++;
  scope.postMessage?.({ type: 'busy' });
}
function ended(): void {
  inHand.count--;
  scope.postMessage?.({ type: inHand.count > 0 ? 'busy' : 'idle' });
}

/** Serves one schema worker's port. Only the frame posts on this worker's global: no schema code runs here. */
function onInit(e: MessageEvent<unknown>): void {
  const m = e.data as Partial<ClientRealmInit> | null;
  if (typeof m !== 'object' || m === null || m.type !== 'init' || !(m.port instanceof MessagePort)) return;
  const port = m.port;
  port.onmessage = (ev: MessageEvent<unknown>) => {
    const req = readDeep(ev.data) as Partial<ClientRealmRequest> | null;
    // A real run's client (clientRealmSdk.ts): opened on the port the schema worker transferred, driven with data.
    if (isSdkRequest(req)) {
      started();
      void parts.then(() => answerSdk(port, req)).finally(ended);
      return;
    }
    if (typeof req !== 'object' || req === null || typeof req.id !== 'number' || !Array.isArray(req.requests)) return;
    const { id, requests } = req as ClientRealmRequest;
    started();
    void parts
      .then(
        () => answer(port, id, requests),
        (err: unknown) => port.postMessage({ id, verdicts: requests.map(() => ({ valid: false, message: `The client realm could not load the v2 SDK: ${messageOf(err)}` })) } satisfies ClientRealmReply),
      )
      .finally(ended);
  };
}

function answer(port: MessagePort, id: number, requests: readonly VerifyRequest[]): void {
  port.postMessage({ id, verdicts: verdictsOf(requests) } satisfies ClientRealmReply);
}

scope.addEventListener('message', onInit);
