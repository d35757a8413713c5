/**
 * Where in the schema an "… cannot be represented in JSON Schema" listError comes from: zod's own
 * generator names the place to an `unrepresentable` callback, as a path into the JSON Schema it writes
 * (`properties/items/items/properties/createdAt`), which is read back as the key path the user wrote (`items[].createdAt`).
 */
import type { z } from 'zod';
import type { Role } from '../../contract/catalog.ts';
import type { LoadedCase } from '../../types.ts';
import { perSchema } from './listing.ts';
import type { ZodV4 } from '../../worlds/zod-modules.ts';

/** zod's wording of a type it cannot list (`Transforms cannot be represented in JSON Schema`). */
const UNREPRESENTABLE = /cannot be represented in JSON Schema$/;

/**
 * The key path of the schema node behind `listError` (`''` for the root), or null when it names none or zod gives
 * none. The message may come wrapped (`MCP error -32603: Transforms cannot …`): it ends with zod's.
 */
export function unrepresentablePlace(loaded: LoadedCase, listError: string): string | null {
  if (!UNREPRESENTABLE.test(listError)) return null;
  for (const [message, place] of placesOf(loaded)) if (listError.endsWith(message)) return place;
  return null;
}

/** Each unrepresentable message zod meets, with the place it first meets it (one run per schema and role, cached). */
const placesOf = perSchema((schema: z.ZodType, role: Role, zod: ZodV4): Map<string, string> => {
  const places = new Map<string, string>();
  try {
    zod.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: role,
      cycles: 'ref',
      reused: 'inline',
      // A callback (zod 4.1 and later): note the place and go on as `any`, so every unrepresentable place is met.
      unrepresentable: ((info: { path?: ReadonlyArray<string | number>; message?: string }) => {
        if (info.message && info.path && !places.has(info.message)) places.set(info.message, keyPath(info.path));
        return 'any';
      }) as unknown as 'any',
    });
  } catch {
    // What zod throws here it threw to the converter too; the listError stands without a place.
  }
  return places;
});

/** A JSON Schema path as the key path of the zod source: object keys joined with `.`, `[]` for array items. */
export function keyPath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (seg === 'properties' || seg === 'patternProperties') {
      const key = String(path[++i]);
      out = out ? `${out}.${key}` : key;
    } else if (seg === 'items' || seg === 'additionalItems') {
      out += '[]';
    } else if (seg === 'prefixItems') {
      out += '[]';
      i++;
    } else if (seg === 'anyOf' || seg === 'oneOf' || seg === 'allOf' || seg === '$defs' || seg === 'definitions') {
      i++;
    }
  }
  return out;
}
