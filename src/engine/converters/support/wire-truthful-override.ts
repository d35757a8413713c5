/**
 * The `override` hook of MCP SDK PR #2556: it rewrites each node zod emits so the listing describes the raw
 * value the server ships (the server validates with zod but sends the unparsed answer), not zod's parsed output.
 */
import type { z } from 'zod';
import type { Role } from '../../contract/catalog.ts';
import { isSchemaNode, isSubschemaKeyword } from '../../lib/schema-walk.ts';
import { defIf, dispatch, kindOf, type ZodKind, type ZodVisitor } from '../../lib/zod-walk.ts';

type OverrideContext = Parameters<NonNullable<z.core.ToJSONSchemaParams['override']>>[0];
type JsonNode = Record<string, unknown>;

/** Keywords a validator enforces that carry no subschema; a degraded `.catch()` node drops them with the subschemas. */
const ENFORCED_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'const', 'enum', 'required', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minContains', 'maxContains',
  'minProperties', 'maxProperties', 'dependentRequired', 'contentEncoding', 'contentMediaType', '$ref', '$dynamicRef',
]);
const COMPOSITIONS = ['anyOf', 'oneOf', 'allOf'] as const;
/** Schemas that accept `undefined` by construction, whatever the probe below would say about later async stages. */
const TOLERANT_TYPES: ReadonlySet<ZodKind> = new Set(['default', 'optional', 'catch', 'any', 'unknown', 'undefined', 'void']);

/** What one conversion did that the listing's reader should know. */
export interface OverrideState {
  /** An output node was made more permissive. */
  loosened: boolean;
  /** A `.catch()` on an object, or on a union of objects, still requires an object (the PR keeps it; the raw value may be anything). */
  objectCatch: boolean;
}

/** Whether zod accepts `undefined` for this schema (what an absent record key is validated as). */
export function acceptsUndefined(schema: z.core.$ZodType | undefined): boolean {
  if (schema === undefined) return false;
  if (TOLERANT_TYPES.has(kindOf(schema)) && !schema._zod.def.checks?.length) return true;
  // `.default(7).transform(async …)`: the default fills before the transform, which the probe cannot run synchronously.
  const pipe = defIf(schema, 'pipe');
  if (pipe && defIf(pipe.out, 'transform')) return acceptsUndefined(pipe.in);
  try {
    const result = schema['~standard'].validate(undefined);
    if (result instanceof Promise) {
      // An async stage cannot prove tolerance here; never leave its rejection unhandled.
      result.catch(() => {});
      return false;
    }
    return result.issues === undefined;
  } catch {
    return false;
  }
}

/**
 * Whether a z.object accepts an answer without this key. zod 4.6.7 rejects an absent key ("expected nonoptional")
 * unless the field is optional-in (`.optional()`, `.default()`, `.prefault()`, `.catch()`, …): a z.any() field must be present.
 */
export function fieldMayBeAbsent(field: z.core.$ZodType | undefined): boolean {
  if (field === undefined || field._zod.optin === undefined) return false;
  return field._zod.optout === 'optional' || acceptsUndefined(field);
}

/** Creates the hook for one conversion; it records in `state` what it changed. */
export function wireTruthfulOverride(io: Role, state: OverrideState): (ctx: OverrideContext) => void {
  return ({ zodSchema, jsonSchema }) => {
    if (dispatch(zodSchema, OVERRIDE, jsonSchema as JsonNode, io, state)) state.loosened = true;
  };
}

/** What the hook does by kind; each handler returns whether it loosened an output node. */
const OVERRIDE: ZodVisitor<boolean, [json: JsonNode, io: Role, state: OverrideState]> = {
  kinds: {
    date: (_def, _, json) => {
      // Under `unrepresentable: 'any'` the node holds only the user's annotations: keep them.
      json['type'] = 'string';
      json['format'] = 'date-time';
      return false;
    },
    catch: (_def, _, json, io, state) => {
      if (io !== 'output') return false;
      degradeCatch(json);
      if (requiresObject(json)) state.objectCatch = true;
      return true;
    },
    record: (def, _, json, io) => {
      // An enum-keyed record lists every key as required; they all share one value schema.
      if (io !== 'output' || !Array.isArray(json['required']) || !acceptsUndefined(def.valueType)) return false;
      delete json['required'];
      return true;
    },
    object: (def, _, json, io) => io === 'output' && loosenObject(json, def.shape, def.catchall),
  },
  other: () => false,
};

/** `.catch()` accepts any raw value (the fallback replaces it only in the parsed result, which is never shipped). */
function degradeCatch(json: JsonNode): void {
  for (const key of Object.keys(json)) {
    if (key === 'type' && json['type'] === 'object') continue;
    if ((COMPOSITIONS as readonly string[]).includes(key) && Array.isArray(json[key])) json[key] = json[key].map(skeleton);
    else if (isSubschemaKeyword(key) || ENFORCED_KEYWORDS.has(key)) delete json[key];
  }
}

/** A composition member reduced to whether it is an object: the root-object proof needs that much and nothing else. */
function skeleton(member: unknown): JsonNode {
  const out: JsonNode = {};
  if (!isSchemaNode(member)) return out;
  if (member['type'] === 'object') out['type'] = 'object';
  for (const key of COMPOSITIONS) {
    const members = member[key];
    if (Array.isArray(members)) out[key] = members.map(skeleton);
  }
  return out;
}

/**
 * Whether a degraded `.catch()` node still rejects every raw non-object, which the catch accepts: it keeps
 * `type: 'object'`, or a composition of object skeletons (a union of objects) needs one.
 */
function requiresObject(node: JsonNode): boolean {
  if (node['type'] === 'object') return true;
  return COMPOSITIONS.some((key) => {
    const members = node[key];
    if (!Array.isArray(members) || members.length === 0) return false;
    const needs = (m: unknown): boolean => isSchemaNode(m) && requiresObject(m);
    return key === 'allOf' ? members.some(needs) : members.every(needs);
  });
}

/** Opens a plain object and drops fields that may be missing from `required`; returns whether it changed anything. */
function loosenObject(json: JsonNode, shape: Readonly<Record<string, z.core.$ZodType>>, catchall: z.core.$ZodType | undefined): boolean {
  let changed = false;
  const strict = defIf(catchall, 'never') !== undefined;
  if (!strict && json['additionalProperties'] === false) {
    delete json['additionalProperties'];
    changed = true;
  }
  const required = json['required'];
  if (Array.isArray(required)) {
    const kept = required.filter((name) => !fieldMayBeAbsent(Object.hasOwn(shape, name) ? shape[name] : undefined));
    if (kept.length !== required.length) {
      // A new array: zod shares this one with every wrapper that inherits the node.
      if (kept.length) json['required'] = kept;
      else delete json['required'];
      changed = true;
    }
  }
  return changed;
}
