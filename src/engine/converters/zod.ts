/** The `zod` converter: what `z.toJSONSchema` itself lists, with zod's own defaults spelled out. */
import { z } from 'zod';
import type { Role } from '../contract/catalog.ts';
import type { JsonSchema } from '../report.ts';
import { cloneJson } from '../lib/schema-walk.ts';
import type { Converter, Listing } from '../types.ts';
import { listingOrError, perSchema } from './support/listing.ts';
import type { ZodV4 } from '../worlds/zod-modules.ts';

/** The `z.toJSONSchema` options every converter starts from (zod's defaults, written out). */
export const ZOD_DEFAULTS = { target: 'draft-2020-12', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' } as const;

/** `z.toJSONSchema` as plain JSON (zod attaches a non-enumerable `~standard` with functions; the Report carries none). */
export function toJsonSchema(schema: z.ZodType, params: z.core.ToJSONSchemaParams, zod: ZodV4 = z): JsonSchema {
  return cloneJson(zod.toJSONSchema(schema, params) as JsonSchema);
}

/** Lists the schema as `z.toJSONSchema` does for `io` = role; a throw is the listError, verbatim. */
export function listWithZod(schema: z.ZodType, role: Role, zod: ZodV4 = z): Listing {
  return listingOrError(() => ({ listed: toJsonSchema(schema, { ...ZOD_DEFAULTS, io: role }, zod), listError: null, warning: null }));
}

/** zod 4 `z.toJSONSchema(schema, { target: 'draft-2020-12', io: role, unrepresentable: 'throw', cycles: 'ref', reused: 'inline' })`. */
export const zodConverter: Converter<'zod'> = {
  id: 'zod',
  needsZod4: true,
  list: perSchema(listWithZod),
};
