/**
 * Picks the world for a case's versions: the default one as is, any other built once from its world chunks
 * (worlds/entries.ts), each tagged with the zod a clean install gives its package, so only the picked versions load.
 */
import { DEFAULT_VERSIONS, type Versions } from '../contract/versions.ts';
import { worldParts } from './entries.ts';
import { DEFAULT_V1, DEFAULT_V2, DEFAULT_WORLD, withV2Client, zodModulesOf, type V1Api, type V2Api, type V2ClientApi, type World } from './world.ts';

/**
 * The worlds built, like the chunks they come from (chunk.ts) a registry of loaded modules rather than an engine cache:
 * a world is immutable and the same for every session, and its identity keys the clients' compiled validators.
 */
const worlds = new Map<string, Promise<World>>();

/** The world of these versions (the default one without an import). A failed load is tried again next time. */
export function worldFor(versions: Versions): World | Promise<World> {
  if (versions.zod === DEFAULT_VERSIONS.zod && versions.sdk === DEFAULT_VERSIONS.sdk && versions.server === DEFAULT_VERSIONS.server) return DEFAULT_WORLD;
  const key = `${versions.zod} ${versions.sdk} ${versions.server}`;
  let world = worlds.get(key);
  if (!world) {
    world = build(versions);
    worlds.set(key, world);
    world.catch(() => worlds.delete(key));
  }
  return world;
}

async function build(versions: Versions): Promise<World> {
  const parts = worldParts(versions);
  const [zod, v1, v2, v2Client] = await Promise.all([parts.zod?.load(), parts.v1?.load(), parts.v2?.load(), parts.v2Client?.load()]);
  const server = v2 ? (v2 as V2Api) : DEFAULT_V2;
  const client = v2Client ? { ...(v2Client as Omit<V2ClientApi, 'version'>), version: versions.server } : undefined;
  return {
    versions,
    isDefault: false,
    zod: zod ? zodModulesOf(versions.zod, zod as Parameters<typeof zodModulesOf>[1]) : DEFAULT_WORLD.zod,
    v1: v1 ? { ...(v1 as Omit<V1Api, 'version'>), version: versions.sdk } : DEFAULT_V1,
    v2: client ? withV2Client(server, client) : server,
    ...(client ? { v2Client: client } : {}),
  };
}
