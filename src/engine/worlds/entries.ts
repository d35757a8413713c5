/**
 * The non-default worlds' entries, one chunk per (entry, tag): a literal import each, so the bundler makes each its
 * own chunk, fetched when first picked (only the picked versions load). The tags resolve under the worlds resolver
 * (build/worlds-plugin.ts for the worker bundle and vitest, src/worlds-node/hook.mjs for the CLI). The worker loads a
 * case's world chunks before its schema code runs (chunks.ts `chunksFor`).
 */
import { chunk, type Chunk } from '../chunk.ts';
import { DEFAULT_VERSIONS, SDK_VERSIONS, SDK_VERSION_IDS, SERVER_VERSION_IDS, ZOD_VERSIONS, type SdkVersion, type ServerVersion, type Versions } from '../contract/versions.ts';
import { zodPackageFor } from './table.ts';

/** A world tag: the zod package a world's modules import (worlds/table.ts). */
export type WorldTag = 'zod3' | 'zod40' | 'zod43' | 'zod';
type Chunks = Partial<Record<WorldTag, Chunk<unknown>>>;

const ZOD: Chunks = {
  zod3: chunk('world-zod3', () => import('./entry-zod.ts?world=zod3')),
  zod40: chunk('world-zod40', () => import('./entry-zod.ts?world=zod40')),
  zod43: chunk('world-zod43', () => import('./entry-zod.ts?world=zod43')),
};
const V1: Record<SdkVersion, Chunks> = {
  '1.32.2': {
    zod3: chunk('world-sdk132-zod3', () => import('./entry-v1-132.ts?world=zod3')),
    zod40: chunk('world-sdk132-zod40', () => import('./entry-v1-132.ts?world=zod40')),
    zod43: chunk('world-sdk132-zod43', () => import('./entry-v1-132.ts?world=zod43')),
  },
  // 1.20 declares zod ^3.23.8: whatever zod is picked, npm gives it zod 3.25.76.
  '1.20.2': { zod3: chunk('world-sdk120-zod3', () => import('./entry-v1-120.ts?world=zod3')) },
};
const V2: Chunks = { zod43: chunk('world-v2-zod43', () => import('./entry-v2.ts?world=zod43')) };
/** The client worlds (contract/versions.ts `client`): a client of its own beside the default server. */
const V2_CLIENT: Partial<Record<ServerVersion, Chunk<unknown>>> = { '2.0.0-beta.5': chunk('world-v2-beta5-client', () => import('./entry-v2-beta5-client.ts')) };

/** The chunks of a world, each absent where the default (statically imported) module is the one it runs. */
export interface WorldParts {
  zod?: Chunk<unknown>;
  v1?: Chunk<unknown>;
  v2?: Chunk<unknown>;
  /** A client world's own v2 client (its Client and validator providers). */
  v2Client?: Chunk<unknown>;
}

/** Which world entries these versions need, under the tag a clean install gives each package. */
export function worldParts(versions: Versions): WorldParts {
  const picked = ZOD_VERSIONS.find((z) => z.version === versions.zod)?.pkg ?? 'zod';
  const sdkPkg = SDK_VERSIONS.find((s) => s.version === versions.sdk)?.pkg ?? '@modelcontextprotocol/sdk';
  const parts: WorldParts = {};
  const zod = ZOD[picked as WorldTag];
  const v1 = V1[versions.sdk][zodPackageFor(sdkPkg, picked) as WorldTag];
  const v2 = V2[zodPackageFor('@modelcontextprotocol/server', picked) as WorldTag];
  if (zod) parts.zod = zod;
  if (v1) parts.v1 = v1;
  if (v2) parts.v2 = v2;
  const v2Client = V2_CLIENT[versions.server];
  if (v2Client) parts.v2Client = v2Client;
  return parts;
}

/** The versions a case (as sent, unchecked) names, each left out the default; undefined when one does not exist. */
function givenVersions(input: unknown): Versions | undefined {
  const given = typeof input === 'object' && input !== null ? (input as { versions?: unknown }).versions : undefined;
  if (typeof given !== 'object' || given === null) return undefined;
  const { zod, sdk, server } = given as { zod?: unknown; sdk?: unknown; server?: unknown };
  const zodVersion = ZOD_VERSIONS.find((z) => z.version === (zod ?? DEFAULT_VERSIONS.zod))?.version;
  const sdkVersion = SDK_VERSION_IDS.find((s) => s === (sdk ?? DEFAULT_VERSIONS.sdk));
  const serverVersion = SERVER_VERSION_IDS.find((s) => s === (server ?? DEFAULT_VERSIONS.server));
  return zodVersion && sdkVersion && serverVersion ? { zod: zodVersion, sdk: sdkVersion, server: serverVersion } : undefined;
}

/** The world chunks a case (as sent, unchecked) needs; none for the default versions or versions that do not exist. */
export function worldChunksFor(input: unknown): Array<Chunk<unknown>> {
  const versions = givenVersions(input);
  return versions ? Object.values(worldParts(versions)) : [];
}

/** Whether a case (as sent, unchecked) picks a world whose SDK 1.x or v2 client is its own (not the default world's). */
export function hasOwnClients(input: unknown): boolean {
  const versions = givenVersions(input);
  if (!versions) return false;
  const parts = worldParts(versions);
  return parts.v1 !== undefined || parts.v2 !== undefined || parts.v2Client !== undefined;
}
