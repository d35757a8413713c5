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
 *
 * Loaded in two parts (vite-plugins/engineBundle.ts): this script holds SDK 1.32.2's client with Ajv 8 and ajv-formats,
 * the default first verdict's; the v2 SDK's client half (its Client, its Ajv provider, @cfworker/json-schema) is a
 * later part, asked for when a check or a real run needs it, or when the frame says `load` (at once when the case
 * selects a v2 client, else once the first verdict is out). Its text comes from the frame on this realm's global,
 * where no schema realm can post (docs/security.md).
 */
import chunkHost from 'virtual:engine-chunk-host';
import { CLIENT_REGISTRY } from '../engine/clients/index.ts';
import type { Chunk } from '../engine/chunk.ts';
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { verdictsOf } from '../engine/phases/verifier.ts';
import { answerSdk, isSdkRequest } from './clientRealmSdk.ts';
import { serveClientRealm, type LaterParts } from './clientRealmServe.ts';
import { chunkRequests } from './chunkRequests.ts';
import type { ClientRealmStatus } from './protocol.ts';

const scope = self as unknown as { postMessage(message: ClientRealmStatus): void };
const parts = chunkRequests((m) => scope.postMessage(m));
chunkHost.setFetcher(parts.fetch);

/** The later parts a client's checks need (its `chunks`); none for a name that is no client (its verdict says so). */
const chunksOf = (id: unknown): ReadonlyArray<Chunk<unknown>> => (typeof id === 'string' && Object.hasOwn(CLIENT_REGISTRY, id) ? (CLIENT_REGISTRY[id as keyof typeof CLIENT_REGISTRY].chunks ?? []) : []);

const later: LaterParts = {
  need: (m) =>
    isSdkRequest(m)
      ? // A real run's v2 client (clientRealmSdk.ts `defaultClasses`); the others drive a client already open.
        m.sdk === 'open' && (m.spec as { version?: unknown } | undefined)?.version !== 'v1' ? sdkV2.load() : Promise.resolve()
      : Promise.all([...new Set(m.flatMap((r) => chunksOf((r as { client?: unknown }).client)))].map((c) => c.load())),
  loadAll: () => sdkV2.load(),
  texts: parts.answer,
};

serveClientRealm({ parts: Promise.resolve(), later, partsName: 'the v2 SDK', verdicts: (requests) => verdictsOf(requests), sdk: { is: isSdkRequest, answer: answerSdk } });
