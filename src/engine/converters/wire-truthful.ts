/**
 * The `wire-truthful` converter of MCP SDK PR #2556 (unreleased), on top of the v2 server's listing rules.
 * The server validates with zod but ships the raw answer, so the listing must describe that raw answer.
 */
import type { z } from 'zod';
import type { Role } from '../contract/catalog.ts';
import type { Json } from '../report.ts';
import { isSchemaNode, mapSubschemas, resolveLocalRef, type SchemaNode } from '../lib/schema-walk.ts';
import type { Converter, Listing } from '../types.ts';
import { listingOrError, perSchema } from './support/listing.ts';
import { nonObjectRootMessage, nonObjectVerdict } from './support/non-object-root.ts';
import { knownGaps } from './support/wire-truthful-gaps.ts';
import { wireTruthfulOverride, type OverrideState } from './support/wire-truthful-override.ts';
import { toJsonSchema, ZOD_DEFAULTS } from './zod.ts';
import type { ZodV4 } from '../worlds/zod-modules.ts';

function list(schema: z.ZodType, role: Role, zod: ZodV4, modern: boolean): Listing {
  return listingOrError(() => {
    const state: OverrideState = { loosened: false, objectCatch: false };
    const root = listRoot(schema, role, state, zod, modern);
    return { ...root, listError: null, warning: knownGaps(schema, role, state) };
  });
}

function listRoot(schema: z.ZodType, role: Role, state: OverrideState, zod: ZodV4, modern: boolean): Pick<Listing, 'listed' | 'wrapsResult'> {
  let result = toJsonSchema(schema, { ...ZOD_DEFAULTS, unrepresentable: 'any', io: role, override: wireTruthfulOverride(role, state) }, zod);
  // Loosened members of a oneOf may now overlap, and "exactly one" would then reject every answer.
  if (state.loosened) result = mapSubschemas(result, renameOneOf);
  if (!isSchemaNode(result)) return { listed: result };
  const type = result['type'];
  if (role === 'input' && type !== undefined && type !== 'object') {
    throw new Error(`MCP tool and prompt schemas must describe objects (got type: ${JSON.stringify(type)}). Wrap your schema in z.object({...}) or equivalent.`);
  }
  const verdict = nonObjectVerdict(schema, role);
  if (verdict?.loud) throw new Error(nonObjectRootMessage(verdict.type));
  if (type === 'object' || (type === undefined && (role === 'input' || isProvablyObject(result, result)))) {
    return { listed: { type: 'object', ...result } };
  }
  // The v2 server's era rule (engine/era.ts): the 2026-07-28 codec lists a non-object root as it is and ships it bare.
  return modern ? { listed: result } : { listed: wrapAsResult(result), wrapsResult: true };
}

function renameOneOf(node: SchemaNode): void {
  if (!Array.isArray(node['oneOf'])) return;
  // A user `.meta({ anyOf })` may sit beside it; both must hold, so the renamed list goes under allOf.
  if (node['anyOf'] === undefined) node['anyOf'] = node['oneOf'];
  else node['allOf'] = [...(Array.isArray(node['allOf']) ? node['allOf'] : []), { anyOf: node['oneOf'] }];
  delete node['oneOf'];
}

/** The v2 server's test: object keywords at the root, or a composition of object members (a `$ref` followed one hop). */
function isProvablyObject(node: SchemaNode, root: SchemaNode): boolean {
  if (['properties', 'patternProperties', 'additionalProperties', 'required'].some((k) => k in node)) return true;
  const ref = node['$ref'];
  if (typeof ref === 'string' && /^#\/(\$defs|definitions)\/[^/~%]+$/.test(ref)) {
    const target = resolveLocalRef(root, ref);
    if (isSchemaNode(target) && target['type'] === 'object') return true;
  }
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const members = node[key];
    if (Array.isArray(members) && members.length > 0) {
      return members.every((m) => isSchemaNode(m) && (m['type'] === 'object' || isProvablyObject(m, '$id' in m ? {} : root)));
    }
  }
  return false;
}

/** The 2025-11-25 wire's envelope for a non-object output root; same-document `$ref`s move under `result`. */
function wrapAsResult(natural: SchemaNode): SchemaNode {
  const result = mapSubschemas(natural, (node) => {
    const ref = node['$ref'];
    if (typeof ref === 'string' && (ref === '#' || ref.startsWith('#/'))) node['$ref'] = `#/properties/result${ref.slice(1)}`;
  });
  const envelope: SchemaNode = { type: 'object', properties: { result }, required: ['result'] };
  const dialect: Json | undefined = natural['$schema'];
  return dialect === undefined ? envelope : { $schema: dialect, ...envelope };
}

/** MCP SDK PR #2556: z.date() as a date-time string, unrepresentable types as `{}`, outputs opened and un-required where zod tolerates it. */
export const wireTruthfulConverter: Converter<'wire-truthful'> = {
  id: 'wire-truthful',
  needsZod4: true,
  list: perSchema(list),
};
