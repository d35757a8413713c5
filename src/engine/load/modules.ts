/**
 * The module map the user's code runs with: the world's zod package (worlds/world.ts) and nothing else. In every world,
 * the default one included (default-zod.ts), each of `zod`, `zod/v3`, `zod/v4`, `zod/v4/mini` (and `zod/mini` on 4.x)
 * means what it means in that zod package.
 */
import * as zodModule from 'zod';
import { DEFAULT_IMPORTABLE } from './default-zod.ts';
import type { ZodModules } from '../worlds/world.ts';

/** The modules a schema may import in the default world. */
export const IMPORTABLE: readonly string[] = Object.keys(DEFAULT_IMPORTABLE);

/** Thrown by `require` for a module other than zod; it names the module so the error can point at the import. */
export class ImportRefused extends Error {
  constructor(
    readonly module: string,
    readonly importable: readonly string[] = IMPORTABLE,
  ) {
    super(`Cannot import "${module}": only ${importable.map((m) => `"${m}"`).join(importable.length > 2 ? ', ' : ' and ')} can be imported here.`);
  }
}

/** The `require` the transpiled code calls in the default world. */
export function requireModule(name: unknown): unknown {
  if (typeof name === 'string' && Object.hasOwn(DEFAULT_IMPORTABLE, name)) return DEFAULT_IMPORTABLE[name];
  throw new ImportRefused(String(name));
}

const requires = new WeakMap<ZodModules, (name: unknown) => unknown>();

/** The `require` of a world's zod package (the default world's is `requireModule`). */
export function requireIn(zod: ZodModules | undefined): (name: unknown) => unknown {
  if (!zod || zod.root === zodModule) return requireModule;
  let require = requires.get(zod);
  if (!require) {
    const modules = new Map(Object.entries(zod.importable).map(([name, m]) => [name, Object.freeze({ ...(m as object), __esModule: true })]));
    const names = [...modules.keys()];
    require = (name) => {
      const m = typeof name === 'string' ? modules.get(name) : undefined;
      if (m) return m;
      throw new ImportRefused(String(name), names);
    };
    requires.set(zod, require);
  }
  return require;
}
