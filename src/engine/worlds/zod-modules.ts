/** What a world's zod is to the engine: its module objects (world.ts builds them; load/ runs the user's code over them). */
import type * as zodRoot from 'zod';
import type { ZodVersion } from '../contract/versions.ts';

/** A zod 4 module (the bundled one, or a world's `zod/v4`). */
export type ZodV4 = typeof zodRoot.z;

/** The zod module objects of one zod package (zod 3.25 has zod 4 inside as `zod/v4`). */
export interface ZodModules {
  version: ZodVersion;
  /** `import … from "zod"`. */
  root: Record<string, unknown>;
  /** `zod/v4` (the root itself for zod 4). */
  v4: ZodV4;
  /** What each importable specifier gives the user's code. */
  importable: Readonly<Record<string, unknown>>;
}
