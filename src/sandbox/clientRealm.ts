/**
 * The client realm: a worker of the sandbox frame that never runs schema code. Its bundle holds the clients (the
 * SDKs' validators, Ajv, @cfworker/json-schema) and no loader, transpiler or evaluate() (test/client-realm.test.ts
 * checks the built bundle). It receives only data from the schema's worker, over a MessagePort the frame hands to
 * both: a batch of VerifyRequests (the listed JSON Schema, what ships, tool, isError, client, era), and answers the
 * verdicts with their structured errors. The real runs' published clients live here too (clientRealmSdk.ts): each
 * on the client's end of a MessagePort transport whose server end is in the schema's worker. Compiled validators stay cached by listing across the batches and cases
 * its schema worker runs.
 */
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { verdictsOf, type VerifyRequest } from '../engine/phases/verifier.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { ClientRealmInit, ClientRealmReply, ClientRealmRequest } from './protocol.ts';
import { answerSdk, isSdkRequest } from './clientRealmSdk.ts';
import { readDeep } from '../engine/lib/deep-post.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
// Bundled into this one script (no chunk to fetch): loaded before the first request is answered.
const parts = sdkV2.load();

function onInit(e: MessageEvent<unknown>): void {
  const m = e.data as Partial<ClientRealmInit> | null;
  if (typeof m !== 'object' || m === null || m.type !== 'init' || !(m.port instanceof MessagePort)) return;
  scope.removeEventListener('message', onInit);
  const port = m.port;
  port.onmessage = (ev: MessageEvent<unknown>) => {
    const req = readDeep(ev.data) as Partial<ClientRealmRequest> | null;
    // A real run's client (clientRealmSdk.ts): opened on the port the schema worker transferred, driven with data.
    if (isSdkRequest(req)) {
      void parts.then(() => answerSdk(port, req));
      return;
    }
    if (typeof req !== 'object' || req === null || typeof req.id !== 'number' || !Array.isArray(req.requests)) return;
    const { id, requests } = req as ClientRealmRequest;
    void parts.then(
      () => answer(port, id, requests),
      (err: unknown) => port.postMessage({ id, verdicts: requests.map(() => ({ valid: false, message: `The client realm could not load the v2 SDK: ${messageOf(err)}` })) } satisfies ClientRealmReply),
    );
  };
}

function answer(port: MessagePort, id: number, requests: readonly VerifyRequest[]): void {
  port.postMessage({ id, verdicts: verdictsOf(requests) } satisfies ClientRealmReply);
}

scope.addEventListener('message', onInit);
