/**
 * The client realm: a worker of the sandbox frame that never runs schema code. Its bundle holds the clients (the
 * SDKs' validators, Ajv, @cfworker/json-schema) and no loader, transpiler or evaluate() (test/client-realm.test.ts
 * checks the built bundle). One per frame, warm and shared: the frame hands it a port for each schema worker it
 * starts (`init`, one per worker), and over each it receives only data: a batch of VerifyRequests (the listed JSON
 * Schema, what ships, tool, isError, client, era), answered with the verdicts and their structured errors. The real
 * runs' published clients live here too (clientRealmSdk.ts, kept per asking port): each on the client's end of a
 * MessagePort transport whose server end is in the schema's worker. Compiled validators stay cached by listing
 * across batches, workers and cases (clients/validator-cache.ts: bounded, and keyed by content only). Its watchdog and
 * `busy`/`idle` reports: clientRealmServe.ts and frameClients.ts. A version world's own SDK 1.x client is not here:
 * the worlds' client realm (clientRealmWorlds.ts), started only when a world case asks, holds those.
 */
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { verdictsOf } from '../engine/phases/verifier.ts';
import { answerSdk, isSdkRequest } from './clientRealmSdk.ts';
import { serveClientRealm } from './clientRealmServe.ts';

// Bundled into this one script (no chunk to fetch): loaded before the first request is answered.
serveClientRealm({ parts: sdkV2.load(), partsName: 'the v2 SDK', verdicts: (requests) => verdictsOf(requests), sdk: { is: isSdkRequest, answer: answerSdk } });
