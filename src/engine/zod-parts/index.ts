/**
 * The zod parts the engine core leaves out (catalog.ts), each its own lazily loaded engine part (chunk.ts), loaded
 * before the schema code runs when its source mentions the part (chunks.ts `chunksFor`), as a schema library's is
 * when the source imports it. Loading one swaps zod's own exports in for the stand-ins (stand-in.ts).
 */
import { chunk, type Chunk } from '../chunk.ts';
import type { ZodPart } from './catalog.ts';
import { zodPartsIn } from './catalog.ts';
import { installZodPart } from './stand-in.ts';

type Part = { readonly part: Readonly<Record<string, unknown>> };

/** The chunk of a part: its module loaded, then installed in place of the stand-ins. */
function partChunk(name: ZodPart['name'], importer: () => Promise<Part>): Chunk<Part> {
  return chunk(`zod-${name}`, () =>
    importer().then((m) => {
      installZodPart(name, m.part);
      return m;
    }),
  );
}

/** A literal dynamic import each, so the bundler makes each part its own chunk. */
export const ZOD_PART_CHUNKS: Readonly<Record<ZodPart['name'], Chunk<Part>>> = {
  locales: partChunk('locales', () => import('./zod-locales.ts')),
  compile: partChunk('compile', () => import('./zod-compile.ts')),
  'from-json-schema': partChunk('from-json-schema', () => import('./zod-from-json-schema.ts')),
};

/** The chunks of the zod parts a schema source mentions. */
export function zodPartChunksFor(source: string): Array<Chunk<unknown>> {
  return zodPartsIn(source).map((p) => ZOD_PART_CHUNKS[p.name]);
}
