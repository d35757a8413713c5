/**
 * The version worlds for Vite/rolldown (the browser bundle) and vitest: a module resolved from an importer tagged
 * `?world=<zod package>` joins that world when its package imports zod (src/engine/worlds/table.ts), and its zod
 * specifiers resolve into the zod package a clean install gives it. The default world is never tagged: its modules
 * resolve exactly as before.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { joinsWorld, packageOf, tagOf, withTag, zodPackageFor, zodSubpath } from '../src/engine/worlds/table.ts';

/** The plugin; `root` is the directory whose node_modules hold the zod packages. */
export function worlds(root: string): Plugin {
  return {
    name: 'version-worlds',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const tag = importer ? tagOf(importer) : null;
      const ownTag = tagOf(source);
      if (!tag && !ownTag) return null;
      const bare = source.replace(/\?.*$/, '');
      const world = (ownTag ?? tag) as string;
      const sub = zodSubpath(bare);
      const from = importer?.replace(/\?.*$/, '');
      if (sub !== null) {
        const zodPkg = zodPackageFor(from ? packageOf(from) : null, world);
        return this.resolve(`${zodPkg}${sub}`, `${root}/package.json`, { ...options, skipSelf: true });
      }
      const resolved = await this.resolve(bare, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const tags = ownTag !== null || joinsWorld(resolved.id);
      return tags ? { ...resolved, id: withTag(resolved.id.replace(/\?.*$/, ''), world) } : resolved;
    },
    async load(id) {
      if (!tagOf(id)) return null;
      return readFile(id.replace(/\?.*$/, ''), 'utf8');
    },
  };
}
