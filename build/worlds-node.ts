/** Registers the version worlds' Node hook (build/worlds-hook.mjs) with the one table (src/engine/worlds/table.ts). */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { WORLD_TAGS, ZOD_RANGES, zodPackageFor } from '../src/engine/worlds/table.ts';

let registered = false;

/** Registers the hook once; modules imported afterwards with `?world=<tag>` load into that world. */
export function registerWorlds(): void {
  if (registered) return;
  registered = true;
  const root = join(import.meta.dirname, '..');
  const zodFor = Object.fromEntries(
    WORLD_TAGS.map((tag) => [tag, { '': zodPackageFor(null, tag), ...Object.fromEntries(Object.keys(ZOD_RANGES).map((pkg) => [pkg, zodPackageFor(pkg, tag)])) }]),
  );
  register(pathToFileURL(join(import.meta.dirname, 'worlds-hook.mjs')), { data: { root: pathToFileURL(join(root, 'package.json')).href, zodFor } });
}
