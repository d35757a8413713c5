/**
 * What each specifier a schema may import gives it in the default world, as in the bundled zod 4 package (the instance
 * the SDKs use): `zod` and `zod/v4` are zod 4 classic, `zod/v4/mini` and `zod/mini` zod 4 mini, `zod/v3` the zod 3 inside
 * it. Its own module, so that the loader (modules.ts) and the default world (worlds/world.ts) share it without a circle.
 */
import * as zodModule from 'zod';
import * as zodV3Module from 'zod/v3';
import * as zodMiniModule from 'zod/mini';

const asModule = (m: object): Readonly<Record<string, unknown>> => Object.freeze({ ...m, __esModule: true });
const ZOD_MODULE = asModule(zodModule);
const ZOD_MINI_MODULE = asModule(zodMiniModule);

export const DEFAULT_IMPORTABLE: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  zod: ZOD_MODULE,
  'zod/v3': asModule(zodV3Module),
  'zod/v4': ZOD_MODULE,
  'zod/v4/mini': ZOD_MINI_MODULE,
  'zod/mini': ZOD_MINI_MODULE,
};
