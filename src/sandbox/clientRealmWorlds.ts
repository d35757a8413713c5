/**
 * The worlds' client realm: like clientRealm.ts a worker of the sandbox frame that never runs schema code, holding the
 * SDK 1.x client of every version world whose v1 client is not the default one (SDK 1.20.2 with its Ajv 6 on zod
 * 3.25.76; SDK 1.32.2 on zod 3.25.76, 4.0.17 and 4.3.6), each its own module graph tagged with the zod a clean install
 * gives it (engine/worlds/table.ts), and no loader, transpiler, evaluate() or server (test/client-realm-worlds.test.ts
 * checks the built bundle). The frame starts it only when a world case first asks (the app fetches its script like an
 * engine chunk), so the default world's first verdict never waits for it. It answers the VerifyRequests that name a
 * `world` (phases/verify.ts sets it); each world's client is built once, so its compiled validators stay cached by
 * listing content, bounded (clients/validator-cache.ts). A world's real runs open that world's own published clients
 * here too (SDK 1.x's, and @modelcontextprotocol/client on zod 4.3.6), on the client's end of the run's port transport.
 */
import { verdictsOf } from '../engine/phases/verifier.ts';
import { serveClientRealm } from './clientRealmServe.ts';
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { answerSdk, isSdkRequest } from './clientRealmSdk.ts';
import { worldClasses, worldOf } from './worldClients.ts';

// The clients' module (clients/index.ts) lists the v2 clients too, whose chunk is bundled here as in clientRealm.ts;
// this realm answers only a world's own clients, but the list is built whole.
serveClientRealm({
  parts: sdkV2.load(),
  partsName: 'the v2 SDK',
  verdicts: (requests) => verdictsOf(requests, worldOf),
  sdk: { is: isSdkRequest, answer: (port, req) => answerSdk(port, req, worldClasses) },
});
