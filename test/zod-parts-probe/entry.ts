/** A worker entry for test/zod-parts.test.ts: the module objects schema code gets, and the loader of the zod parts a source mentions, bundled as the engine is. */
import host from 'virtual:engine-chunk-host';
import { requireModule } from '../../src/engine/load/modules.ts';
import { zodPartChunksFor } from '../../src/engine/zod-parts/index.ts';

(globalThis as { probe?: unknown }).probe = {
  host,
  requireModule,
  load: (schema: string) => Promise.all(zodPartChunksFor(schema).map((c) => c.load())),
};
