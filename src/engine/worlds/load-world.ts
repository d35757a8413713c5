/**
 * Picks the world for a case's versions: the default one as is, any other imported once from the world entries,
 * each tagged with the zod a clean install gives its package (worlds/table.ts), so only the picked versions load.
 */
import { DEFAULT_VERSIONS, SDK_VERSIONS, ZOD_VERSIONS, type SdkVersion, type Versions, type ZodVersion } from '../contract/versions.ts';
import { zodPackageFor } from './table.ts';
import type { WorldEntries, WorldTag } from './entries-type.ts';
import { DEFAULT_V1, DEFAULT_V2, DEFAULT_WORLD, zodModulesOf, type V1Api, type V2Api, type World, type ZodModules } from './world.ts';

type Tag = WorldTag;

/** The world entries the host made available (worlds/entries.ts); none: only the default world runs. */
let entries: WorldEntries | null = null;

/**
 * Makes the non-default worlds loadable: the host (the CLI, vitest, the sandbox worker once its bundle can hold lazy
 * chunks) passes worlds/entries.ts, whose tagged imports only resolve under the worlds resolver (build/).
 */
export function useWorldEntries(given: WorldEntries): void {
  entries = given;
}

const worlds = new Map<string, Promise<World>>();

/** The versions with each one left out filled in from the defaults. */
export function versionsOf(picked: { [K in keyof Versions]?: Versions[K] | undefined } | undefined): Versions {
  return { zod: picked?.zod ?? DEFAULT_VERSIONS.zod, sdk: picked?.sdk ?? DEFAULT_VERSIONS.sdk, server: picked?.server ?? DEFAULT_VERSIONS.server };
}

/** The world of these versions (the default one without an import). A failed import is tried again next time. */
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
  if (!entries) throw new Error(`only the default versions (zod ${DEFAULT_VERSIONS.zod}, SDK ${DEFAULT_VERSIONS.sdk}, server ${DEFAULT_VERSIONS.server}) can run here`);
  const picked = ZOD_VERSIONS.find((z) => z.version === versions.zod)?.pkg ?? 'zod';
  const [zod, v1, v2] = await Promise.all([zodOf(versions.zod, picked), v1Of(versions.sdk, picked), v2Of(picked)]);
  return { versions, isDefault: false, zod, v1, v2 };
}

async function zodOf(version: ZodVersion, picked: string): Promise<ZodModules> {
  const load = entries?.zod[picked as Tag];
  return load ? zodModulesOf(version, (await load()) as Parameters<typeof zodModulesOf>[1]) : DEFAULT_WORLD.zod;
}

async function v1Of(version: SdkVersion, picked: string): Promise<V1Api> {
  const pkg = SDK_VERSIONS.find((s) => s.version === version)?.pkg ?? '@modelcontextprotocol/sdk';
  const tag = zodPackageFor(pkg, picked) as Tag;
  const load = entries?.v1[version][tag];
  if (!load) return DEFAULT_V1;
  return { ...((await load()) as Omit<V1Api, 'version'>), version };
}

async function v2Of(picked: string): Promise<V2Api> {
  const load = entries?.v2[zodPackageFor('@modelcontextprotocol/server', picked) as Tag];
  return load ? ((await load()) as V2Api) : DEFAULT_V2;
}
