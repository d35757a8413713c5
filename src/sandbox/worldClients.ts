/**
 * The version worlds' own clients, by world (SDK 1.x on a zod of its own, @modelcontextprotocol/client on zod 4.3.6):
 * what the worlds' client realm (clientRealmWorlds.ts) and the CLI's client realm (src/node-realm/host.ts) answer
 * with. Each world's module graph is tagged with the zod a clean install gives it (engine/worlds/table.ts); in Node
 * the `?world=` imports need the worlds' module hook (src/worlds-node/register.ts) registered first.
 */
import * as v120zod3 from '../engine/worlds/entry-v1-120-client.ts?world=zod3';
import * as v132zod3 from '../engine/worlds/entry-v1-132-client.ts?world=zod3';
import * as v132zod40 from '../engine/worlds/entry-v1-132-client.ts?world=zod40';
import * as v132zod43 from '../engine/worlds/entry-v1-132-client.ts?world=zod43';
import * as v2zod43 from '../engine/worlds/entry-v2-client.ts?world=zod43';
import * as v2beta5 from '../engine/worlds/entry-v2-beta5-client.ts';
import { SDK_VERSIONS, ZOD_VERSIONS, type SdkVersion, type ServerVersion } from '../engine/contract/versions.ts';
import type { WorldClients, WorldPick } from '../engine/phases/verifier.ts';
import type { V1Api, V2ClientApi } from '../engine/worlds/world.ts';
import { DEFAULT_V1_CLIENT } from '../engine/worlds/v1-client.ts';
import { zodPackageFor } from '../engine/worlds/table.ts';
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import type { ClientClasses, ClientSpec } from '../engine/real-sdk/client-side.ts';

type ClientSide = Omit<V1Api, 'version' | 'McpServer' | 'InMemoryTransport' | 'getParseErrorMessage'>;

/** Each world's SDK 1.x client side, by SDK version and the zod package its modules import (as worlds/entries.ts picks it). */
const V1: Record<SdkVersion, Partial<Record<string, ClientSide>>> = {
  '1.32.2': { zod3: v132zod3 as unknown as ClientSide, zod40: v132zod40 as unknown as ClientSide, zod43: v132zod43 as unknown as ClientSide },
  '1.20.2': { zod3: v120zod3 as unknown as ClientSide },
};

/** Each world's @modelcontextprotocol/client 2.4.0, by the zod package its modules import (only zod 4.3.6 gives it its own). */
const V2: Partial<Record<string, ClientClasses>> = { zod43: v2zod43 as unknown as ClientClasses };

/** Each client world's own v2 client, by its version (contract/versions.ts `client`). */
const V2_CLIENT: Partial<Record<ServerVersion, V2ClientApi>> = { '2.0.0-beta.5': { ...(v2beta5 as unknown as Omit<V2ClientApi, 'version'>), version: '2.0.0-beta.5' } };

/** One object per world (clients/index.ts caches its clients, and their validators, by it): at most one per entry above. */
const worlds = new Map<string, WorldClients>();

/**
 * The world a request names, or undefined for versions that do not exist or whose clients are all the default ones:
 * its own SDK 1.x client (the default one when only its v2 client is its own) and a client world's v2 client.
 */
export function worldOf(pick: WorldPick): WorldClients | undefined {
  const zodPkg = ZOD_VERSIONS.find((z) => z.version === pick?.zod)?.pkg;
  const sdk = SDK_VERSIONS.find((s) => s.version === pick?.sdk);
  if (!zodPkg || !sdk) return undefined;
  const tag = zodPackageFor(sdk.pkg, zodPkg);
  const api = V1[sdk.version][tag];
  const v2Client = pick.server === undefined ? undefined : V2_CLIENT[pick.server];
  if (!api && !v2Client) return undefined;
  const key = `${sdk.version} ${tag} ${v2Client?.version ?? ''}`;
  let world = worlds.get(key);
  if (!world) {
    const v1 = { ...((api ?? DEFAULT_V1_CLIENT) as Omit<V1Api, 'version'>), version: sdk.version } as V1Api;
    worlds.set(key, (world = { isDefault: false, v1, ...(v2Client ? { v2Client } : {}) }));
  }
  return world;
}

/** A real run's client classes: the world's own client of the spec's major (the default world's are not here). */
export function worldClasses(spec: ClientSpec): ClientClasses {
  const pick = spec.world;
  const zodPkg = ZOD_VERSIONS.find((z) => z.version === pick?.zod)?.pkg;
  const classes = !pick || !zodPkg ? undefined : spec.version === 'v1' ? worldOf(pick)?.v1 : ((pick.server === undefined ? undefined : V2_CLIENT[pick.server]) ?? V2[zodPackageFor('@modelcontextprotocol/client', zodPkg)]);
  if (!classes) throw new Error(`This client realm holds no ${spec.version} client of SDK ${String(pick?.sdk)} with zod ${String(pick?.zod)}`);
  return classes;
}

