/** The module map the user's code runs with: `zod` and `zod/v4` are the bundled zod, and any other import is refused. */
import * as zodModule from 'zod';

/** The modules a schema may import; all resolve to the bundled zod, the instance the SDKs use. */
export const IMPORTABLE = ['zod', 'zod/v4'] as const;

const ZOD_MODULE: Readonly<Record<string, unknown>> = Object.freeze({ ...zodModule, __esModule: true });

/** Thrown by `require` for a module other than zod; it names the module so the error can point at the import. */
export class ImportRefused extends Error {
  constructor(readonly module: string) {
    super(`Cannot import "${module}": only ${IMPORTABLE.map((m) => `"${m}"`).join(' and ')} can be imported here.`);
  }
}

/** The `require` the transpiled code calls. */
export function requireModule(name: unknown): unknown {
  if (IMPORTABLE.some((m) => m === name)) return ZOD_MODULE;
  throw new ImportRefused(String(name));
}
