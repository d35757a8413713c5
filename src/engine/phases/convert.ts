/** The convert phase: every converter lists the schema. */
import type { ConverterId } from '../report.ts';
import { CONVERTERS } from '../converters/index.ts';
import { messageOf } from '../lib/message.ts';
import type { Listing, LoadedCase } from '../types.ts';
import { converterNeedsZod4 } from '../worlds/needs-zod4.ts';
import { isZod4 } from '../worlds/zod-kind.ts';

/** Each converter's listing, in catalog order; a converter that throws reports it as its listError. */
export async function convertAll(loaded: LoadedCase): Promise<Array<[ConverterId, Listing]>> {
  return Promise.all(
    CONVERTERS.map(async (conv): Promise<[ConverterId, Listing]> => {
      if (conv.needsZod4 && loaded.world && !isZod4(loaded.schema)) return [conv.id, { listed: null, listError: converterNeedsZod4(conv.id, loaded.world.versions.zod), warning: null }];
      try {
        return [conv.id, await conv.list(loaded)];
      } catch (e) {
        return [conv.id, { listed: null, listError: messageOf(e), warning: null }];
      }
    }),
  );
}
