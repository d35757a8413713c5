/**
 * The module map the user's code runs with: the world's zod package (worlds/world.ts) and nothing else. In the
 * default world `zod` and `zod/v4` are the bundled zod; in another, each specifier means what it means in that package.
 */
import * as zodModule from 'zod';
import type { ZodModules } from '../worlds/world.ts';

/** The modules a schema may import in the default world; all resolve to the bundled zod, the instance the SDKs use. */
export const IMPORTABLE = ['zod', 'zod/v4'] as const;

const ZOD_MODULE: Readonly<Record<string, unknown>> = Object.freeze({ ...zodModule, __esModule: true });

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
  if (IMPORTABLE.some((m) => m === name)) return ZOD_MODULE;
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
