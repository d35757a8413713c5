/**
 * The `lenient-output` converter of neomjs PR #10067. Output objects that declare no unknown-key handling are
 * listed open (`additionalProperties: true`, what zod-to-json-schema emits for `.passthrough()`), at every level; a
 * non-object output is listed as an open `{ result }` envelope. Inputs stay as zod lists them.
 */
import type { z } from 'zod';
import type { Role } from '../contract/catalog.ts';
import type { JsonSchema } from '../report.ts';
import { isSchemaNode } from '../lib/schema-walk.ts';
import type { Converter, Listing } from '../types.ts';
import { listingOrError, perSchema } from './support/listing.ts';
import { toJsonSchema, ZOD_DEFAULTS } from './zod.ts';
import { defIf } from '../lib/zod-walk.ts';
import type { ZodV4 } from '../worlds/zod-modules.ts';

/** zod-to-json-schema, which the neomjs server uses, targets draft-07 by default. */
// Spelled 'draft-7': zod 4.0 and zod 3.25's zod/v4 know only that spelling (4.1+ reads it as 'draft-07'); 'draft-07' made them warn and drop $schema.
const PARAMS = { ...ZOD_DEFAULTS, target: 'draft-7' } as const;

/** A plain `z.object` (no `.strict()`, `.passthrough()` or `.catchall()`) declares nothing, so it is listed open. */
const openPlainObjects: NonNullable<z.core.ToJSONSchemaParams['override']> = ({ zodSchema, jsonSchema }) => {
  const object = defIf(zodSchema, 'object');
  if (object && object.catchall === undefined) jsonSchema.additionalProperties = true;
};

function convert(schema: z.ZodType, zod: ZodV4): JsonSchema {
  return toJsonSchema(schema, { ...PARAMS, io: 'output', override: openPlainObjects }, zod);
}

function list(schema: z.ZodType, role: Role, zod: ZodV4, modern: boolean): Listing {
  if (role === 'input') return { listed: toJsonSchema(schema, { ...PARAMS, io: 'input' }, zod), listError: null, warning: null };
  const natural = convert(schema, zod);
  // In the 2026-07-28 era (engine/era.ts) nothing is wrapped: a non-object output is listed as it is.
  if (modern || (isSchemaNode(natural) && natural['type'] === 'object')) return { listed: natural, listError: null, warning: null };
  // The neomjs server wraps in zod before converting, so zod itself places the envelope and rewrites references under it.
  return { listed: convert(zod.object({ result: schema }), zod), listError: null, warning: null, wrapsResult: true };
}

/** neomjs PR #10067: lenient output (open objects, open `{ result }` envelope for non-objects in the 2025 era), strict input; draft-07. */
export const lenientOutputConverter: Converter<'lenient-output'> = {
  id: 'lenient-output',
  needsZod4: true,
  list: perSchema((schema, role, zod, modern) => listingOrError(() => list(schema, role, zod, modern))),
};
