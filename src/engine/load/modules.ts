/**
 * The module map the user's code runs with: the world's zod package (worlds/world.ts), and the schema libraries
 * (libs/index.ts) whose chunks were loaded for the case. In every world, the default one included, each of `zod`,
 * `zod/v3`, `zod/v4`, `zod/v4/mini` (and `zod/mini` on 4.x) means what it means in that zod package.
 */
import * as zodModule from 'zod';
import * as zodV3Module from 'zod/v3';
import * as zodMiniModule from 'zod/mini';
import type { ZodModules } from '../worlds/zod-modules.ts';
import { LIBRARY_SPECIFIERS } from '../libs/catalog.ts';
import { libraryModule } from '../libs/index.ts';

const asModule = (m: object): Readonly<Record<string, unknown>> => Object.freeze({ ...m, __esModule: true });
const ZOD_MODULE = asModule(zodModule);
const ZOD_MINI_MODULE = asModule(zodMiniModule);

/**
 * What each specifier a schema may import gives it in the default world, as in the bundled zod 4 package (the instance
 * the SDKs use): `zod` and `zod/v4` are zod 4 classic, `zod/v4/mini` and `zod/mini` zod 4 mini, `zod/v3` the zod 3 inside it.
 */
export const DEFAULT_IMPORTABLE: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  zod: ZOD_MODULE,
  'zod/v3': asModule(zodV3Module),
  'zod/v4': ZOD_MODULE,
  'zod/v4/mini': ZOD_MINI_MODULE,
  'zod/mini': ZOD_MINI_MODULE,
};

/** The modules a schema may import in the default world. */
export const IMPORTABLE: readonly string[] = Object.keys(DEFAULT_IMPORTABLE);

const quoted = (names: readonly string[]): string => names.map((m) => `"${m}"`).join(', ');

/** Thrown by `require` for a module other than zod or a schema library; it names the module so the error can point at the import. */
export class ImportRefused extends Error {
  constructor(
    readonly module: string,
    readonly importable: readonly string[] = IMPORTABLE,
  ) {
    super(`Cannot import "${module}": only ${quoted(importable)} and the schema libraries ${quoted(LIBRARY_SPECIFIERS)} can be imported here.`);
  }
}

/** A schema library's module (its chunk was loaded for this case), or undefined for any other name. */
function libraryRequire(name: unknown): unknown {
  return typeof name === 'string' ? libraryModule(name) : undefined;
}

/** The `require` the transpiled code calls in the default world. */
export function requireModule(name: unknown): unknown {
  if (typeof name === 'string' && Object.hasOwn(DEFAULT_IMPORTABLE, name)) return DEFAULT_IMPORTABLE[name];
  const library = libraryRequire(name);
  if (library) return library;
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
      const library = libraryRequire(name);
      if (library) return library;
      throw new ImportRefused(String(name), names);
    };
    requires.set(zod, require);
  }
  return require;
}
