/**
 * The client realm: a worker of the sandbox frame that never runs schema code. Its bundle holds the clients (the
 * SDKs' validators, Ajv, @cfworker/json-schema) and no loader, transpiler or evaluate() (test/client-realm.test.ts
 * checks the built bundle). One per frame, warm and shared: the frame hands it a port for each schema worker it
 * starts (`init`, one per worker), and over each it receives only data: a batch of VerifyRequests (the listed JSON
 * Schema, what ships, tool, isError, client, era), and answers the verdicts with their structured errors. Compiled
 * validators stay cached by listing across batches, workers and cases (clients/validator-cache.ts: bounded, and
 * keyed by content only). Around each batch it tells the frame `busy` and `idle`: the frame's watchdog ends a realm
 * that stays busy past its budget, starts another and tells the schema workers (frame.ts).
 */
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { verdictsOf, type VerifyRequest } from '../engine/phases/verifier.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { ClientRealmInit, ClientRealmReply, ClientRealmRequest, ClientRealmStatus } from './protocol.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
  postMessage?(message: ClientRealmStatus): void;
}

const scope = self as unknown as WorkerScope;
// Bundled into this one script (no chunk to fetch): loaded before the first request is answered.
const parts = sdkV2.load();

/** Tells the frame (its only listener on this worker's global) that a batch started or ended. */
function status(type: ClientRealmStatus['type']): void {
  scope.postMessage?.({ type });
}

/** Serves one schema worker's port. Only the frame posts on this worker's global: no schema code runs here. */
function onInit(e: MessageEvent<unknown>): void {
  const m = e.data as Partial<ClientRealmInit> | null;
  if (typeof m !== 'object' || m === null || m.type !== 'init' || !(m.port instanceof MessagePort)) return;
  const port = m.port;
  port.onmessage = (ev: MessageEvent<unknown>) => {
    const req = ev.data as Partial<ClientRealmRequest> | null;
    if (typeof req !== 'object' || req === null || typeof req.id !== 'number' || !Array.isArray(req.requests)) return;
    const { id, requests } = req as ClientRealmRequest;
    void parts.then(
      () => answer(port, id, requests),
      (err: unknown) => port.postMessage({ id, verdicts: requests.map(() => ({ valid: false, message: `The client realm could not load the v2 SDK: ${messageOf(err)}` })) } satisfies ClientRealmReply),
    );
  };
}

function answer(port: MessagePort, id: number, requests: readonly VerifyRequest[]): void {
  status('busy');
  try {
    port.postMessage({ id, verdicts: verdictsOf(requests) } satisfies ClientRealmReply);
  } finally {
    status('idle');
  }
}

scope.addEventListener('message', onInit);
