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
import * as v120zod3 from '../engine/worlds/entry-v1-120-client.ts?world=zod3';
import * as v132zod3 from '../engine/worlds/entry-v1-132-client.ts?world=zod3';
import * as v132zod40 from '../engine/worlds/entry-v1-132-client.ts?world=zod40';
import * as v132zod43 from '../engine/worlds/entry-v1-132-client.ts?world=zod43';
import * as v2zod43 from '../engine/worlds/entry-v2-client.ts?world=zod43';
import { SDK_VERSIONS, ZOD_VERSIONS, type SdkVersion } from '../engine/contract/versions.ts';
import { verdictsOf, type WorldClients, type WorldPick } from '../engine/phases/verifier.ts';
import type { V1Api } from '../engine/worlds/world.ts';
import { zodPackageFor } from '../engine/worlds/table.ts';
import { serveClientRealm } from './clientRealmServe.ts';
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import type { ClientClasses, ClientSpec } from '../engine/real-sdk/client-side.ts';
import { answerSdk, isSdkRequest } from './clientRealmSdk.ts';

type ClientSide = Omit<V1Api, 'version' | 'McpServer' | 'InMemoryTransport' | 'getParseErrorMessage'>;

/** Each world's SDK 1.x client side, by SDK version and the zod package its modules import (as worlds/entries.ts picks it). */
const V1: Record<SdkVersion, Partial<Record<string, ClientSide>>> = {
  '1.32.2': { zod3: v132zod3 as unknown as ClientSide, zod40: v132zod40 as unknown as ClientSide, zod43: v132zod43 as unknown as ClientSide },
  '1.20.2': { zod3: v120zod3 as unknown as ClientSide },
};

/** Each world's @modelcontextprotocol/client 2.4.0, by the zod package its modules import (only zod 4.3.6 gives it its own). */
const V2: Partial<Record<string, ClientClasses>> = { zod43: v2zod43 as unknown as ClientClasses };

/** One object per world (clients/index.ts caches its clients, and their validators, by it): at most one per entry above. */
const worlds = new Map<string, WorldClients>();

/** The world a request names, or undefined for versions that do not exist or whose v1 client is the default one. */
export function worldOf(pick: WorldPick): WorldClients | undefined {
  const zodPkg = ZOD_VERSIONS.find((z) => z.version === pick?.zod)?.pkg;
  const sdk = SDK_VERSIONS.find((s) => s.version === pick?.sdk);
  if (!zodPkg || !sdk) return undefined;
  const tag = zodPackageFor(sdk.pkg, zodPkg);
  const api = V1[sdk.version][tag];
  if (!api) return undefined;
  const key = `${sdk.version} ${tag}`;
  let world = worlds.get(key);
  if (!world) worlds.set(key, (world = { isDefault: false, v1: { ...(api as Omit<V1Api, 'version'>), version: sdk.version } as V1Api }));
  return world;
}

/** A real run's client classes: the world's own client of the spec's major (the default world's are not here). */
function worldClasses(spec: ClientSpec): ClientClasses {
  const pick = spec.world;
  const zodPkg = ZOD_VERSIONS.find((z) => z.version === pick?.zod)?.pkg;
  const classes = !pick || !zodPkg ? undefined : spec.version === 'v1' ? worldOf(pick)?.v1 : V2[zodPackageFor('@modelcontextprotocol/client', zodPkg)];
  if (!classes) throw new Error(`This client realm holds no ${spec.version} client of SDK ${String(pick?.sdk)} with zod ${String(pick?.zod)}`);
  return classes;
}

// The clients' module (clients/index.ts) lists the v2 clients too, whose chunk is bundled here as in clientRealm.ts;
// this realm answers only a world's own clients, but the list is built whole.
serveClientRealm({
  parts: sdkV2.load(),
  partsName: 'the v2 SDK',
  verdicts: (requests) => verdictsOf(requests, worldOf),
  sdk: { is: isSdkRequest, answer: (port, req) => answerSdk(port, req, worldClasses) },
});
