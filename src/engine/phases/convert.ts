/** The convert phase: every converter lists the schema. */
import { CONVERTERS } from '../converters/index.ts';
import { messageOf } from '../lib/message.ts';
import { unrepresentablePlace } from '../converters/support/unrepresentable-place.ts';
import type { Converter, Listing, LoadedCase } from '../types.ts';
import { converterNeedsZod4, zod3Of } from '../worlds/needs-zod4.ts';
import { isZod4 } from '../worlds/zod-kind.ts';
import type { ConverterId } from '../contract/catalog.ts';

/** Each converter's listing, in catalog order; a converter that throws reports it as its listError. */
export async function convertAll(loaded: LoadedCase): Promise<Array<[ConverterId, Listing]>> {
  return Promise.all(CONVERTERS.map(async (conv): Promise<[ConverterId, Listing]> => [conv.id, await listOne(conv, loaded)]));
}

/** One converter's listing; what it throws is its listError; one that reads zod 4 internals says so on a zod 3 schema. */
export async function listOne(conv: Converter, loaded: LoadedCase): Promise<Listing> {
  const zod3 = conv.needsZod4 ? zod3Of(loaded) : null;
  if (zod3 !== null) return { listed: null, listError: converterNeedsZod4(conv.id, zod3), warning: null };
  let listing: Listing;
  try {
    listing = await conv.list(loaded);
  } catch (e) {
    listing = { listed: null, listError: messageOf(e), warning: null };
  }
  const at = listing.listError !== null && isZod4(loaded.schema) ? unrepresentablePlace(loaded, listing.listError) : null;
  return at === null ? listing : { ...listing, listErrorAt: at };
}
