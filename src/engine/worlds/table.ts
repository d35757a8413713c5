/**
 * The one mapping table of version worlds, read by both resolvers: the Vite/rolldown plugin
 * (build/worlds-plugin.ts) and the Node hook (src/worlds-node/hook.mjs, handed this table as data). A world is tagged by
 * its zod package: every module of a package that imports zod, resolved from a tagged importer, gets `?world=<tag>`
 * appended (a new module instance per world), and its `zod`, `zod/v4`… specifiers resolve into the zod package a
 * clean install gives that package. Pure data and functions: no imports but the version list.
 */
import { ZOD_VERSIONS, type ZodVersion } from '../contract/versions.ts';

/** The query key that tags a world's module graph. */
export const WORLD_QUERY = 'world';

/**
 * The zod range each package that imports zod declares (its package.json `dependencies`/`peerDependencies`:
 * test/worlds-table.test.ts reads them). `worlds` marks the engine's own world entries: they take the picked zod.
 */
export const ZOD_RANGES: Readonly<Record<string, string>> = {
  '@modelcontextprotocol/sdk': '^3.25 || ^4.0',
  'mcp-sdk-1.20': '^3.23.8',
  '@modelcontextprotocol/server': '^4.2.0',
  '@modelcontextprotocol/client': '^4.2.0',
  '@modelcontextprotocol/core': '^4.2.0',
  'zod-to-json-schema': '^3.25.28 || ^4',
};

/** Whether `version` satisfies a range of caret terms joined by `||` (the only form the ranges above use). */
export function satisfies(version: string, range: string): boolean {
  const v = version.split('.').map(Number);
  return range.split('||').some((term) => {
    const want = term.trim().replace(/^\^/, '').split('.').map(Number);
    if (v[0] !== want[0]) return false;
    for (let i = 1; i < want.length; i++) {
      const have = v[i] ?? 0;
      const need = want[i] ?? 0;
      if (have !== need) return have > need;
    }
    return true;
  });
}

/**
 * The zod package a module of `pkg` imports in the world of `picked` (a zod package name), as npm installs it: the
 * picked zod when it satisfies the package's range (schema and server share one zod), else the newest installed zod
 * that does (npm nests it under the package). `null` for the engine's own entries: the picked zod.
 */
export function zodPackageFor(pkg: string | null, picked: string): string {
  const range = pkg === null ? undefined : ZOD_RANGES[pkg];
  const pickedVersion = ZOD_VERSIONS.find((z) => z.pkg === picked)?.version;
  if (range === undefined || (pickedVersion !== undefined && satisfies(pickedVersion, range))) return picked;
  const newest = [...ZOD_VERSIONS].sort((a, b) => compare(b.version, a.version)).find((z) => satisfies(z.version, range));
  return newest?.pkg ?? picked;
}

function compare(a: ZodVersion, b: ZodVersion): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The zod tags a world can carry: each zod package name. */
export const WORLD_TAGS: readonly string[] = ZOD_VERSIONS.map((z) => z.pkg);

/** The package a resolved file belongs to (after its last `node_modules/`), or null outside node_modules. */
export function packageOf(path: string): string | null {
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  return (parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : parts[0]) ?? null;
}

/** The world tag in a module id or URL (`…?world=zod3`), or null. */
export function tagOf(id: string): string | null {
  const m = /[?&]world=([\w.@/-]+)/.exec(id);
  return m?.[1] !== undefined && WORLD_TAGS.includes(m[1]) ? m[1] : null;
}

/** Whether a resolved file joins its importer's world: it is in a package that imports zod (others stay shared). */
export function joinsWorld(path: string): boolean {
  const pkg = packageOf(path);
  return pkg !== null && pkg in ZOD_RANGES;
}

/** `zod`, `zod/v4`… : the subpath after `zod`, or null for any other specifier. */
export function zodSubpath(specifier: string): string | null {
  const m = /^zod(\/.*)?$/.exec(specifier);
  return m ? (m[1] ?? '') : null;
}

/** Appends the world tag to a resolved id or URL. */
export function withTag(id: string, tag: string): string {
  return `${id}${id.includes('?') ? '&' : '?'}${WORLD_QUERY}=${tag}`;
}
