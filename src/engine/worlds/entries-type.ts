/** The shape of worlds/entries.ts: one loader per (world entry, zod tag), kept apart so the engine can name it without importing it. */
import type { SdkVersion } from '../contract/versions.ts';

/** A world tag: the zod package a world's modules import (worlds/table.ts). */
export type WorldTag = 'zod3' | 'zod40' | 'zod43' | 'zod';
type Loader = () => Promise<unknown>;

/** The tagged world entries: the zod modules, the v1 SDK per version, the v2 server and client, per tag. */
export interface WorldEntries {
  zod: Partial<Record<WorldTag, Loader>>;
  v1: Record<SdkVersion, Partial<Record<WorldTag, Loader>>>;
  v2: Partial<Record<WorldTag, Loader>>;
}
