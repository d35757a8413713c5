/**
 * The `frontmcp` converter of FrontMCP PR #981. An object schema, or a union of object schemas, is listed;
 * anything else is left out with one startup warning that names the tool and the reason.
 */
import type { z } from 'zod';
import type { Role } from '../contract/catalog.ts';
import { messageOf } from '../lib/message.ts';
import { hasTransform } from '../lib/pipes.ts';
import type { Json, JsonSchema } from '../report.ts';
import { isSchemaNode, resolveLocalRef, type SchemaNode } from '../lib/schema-walk.ts';
import type { Converter, Listing, LoadedCase } from '../types.ts';
import { perSchema } from './support/listing.ts';
import { listWithZod, toJsonSchema, ZOD_DEFAULTS } from './zod.ts';
import type { ZodV4 } from '../worlds/zod-modules.ts';

/** Why an output schema is left out; the PR words the first one verbatim, the others follow its sentences. */
const REASONS = {
  notObject: 'it is not an object schema or a union of object schemas.',
  transform: 'it has a transform, which zod cannot express in JSON Schema.',
  recursive: 'it is a union that refers back to itself, which a validator could follow forever.',
  noJsonForm: (zodMessage: string) => `it has no JSON Schema form (${zodMessage}).`,
} as const;

/** The startup warning for a tool whose outputSchema tools/list leaves out. */
export function leftOutWarning(tool: string, reason: string): string {
  return `Tool "${tool}": tools/list leaves out its outputSchema because ${reason}`;
}

interface OutputListing {
  listed: JsonSchema | null;
  reason: string | null;
}

/** Primitive outputs (`z.string()`, `z.number()`, `z.date()`, …) are never listed, by design, and stay quiet. */
function isPrimitive(schema: z.ZodType, zod: ZodV4): boolean {
  return [zod.ZodString, zod.ZodNumber, zod.ZodBoolean, zod.ZodBigInt, zod.ZodDate].some((kind) => schema instanceof kind);
}

function listOutput(schema: z.ZodType, zod: ZodV4): OutputListing {
  if (isPrimitive(schema, zod)) return { listed: null, reason: null };
  if (hasTransform(schema)) return { listed: null, reason: REASONS.transform };
  let json: JsonSchema;
  try {
    json = toJsonSchema(schema, { ...ZOD_DEFAULTS, io: 'output' }, zod);
  } catch (e) {
    return { listed: null, reason: REASONS.noJsonForm(messageOf(e)) };
  }
  if (!isSchemaNode(json)) return { listed: null, reason: REASONS.notObject };
  const shape = objectShape(json, json, new Set());
  if (shape === 'object') return { listed: json['type'] === 'object' ? json : { type: 'object', ...json }, reason: null };
  return { listed: null, reason: shape === 'recursive' ? REASONS.recursive : REASONS.notObject };
}

/**
 * Whether a node is an object schema, or a union (nested unions too) whose members all are, following `$ref`s into
 * `$defs`. A union reached again while its members are being checked refers back to itself.
 */
function objectShape(node: Json | undefined, root: SchemaNode, visiting: ReadonlySet<SchemaNode>): 'object' | 'recursive' | 'other' {
  if (!isSchemaNode(node)) return 'other';
  if (node['type'] !== undefined) return node['type'] === 'object' ? 'object' : 'other';
  if (visiting.has(node)) return 'recursive';
  const inside = new Set(visiting).add(node);
  const ref = node['$ref'];
  if (typeof ref === 'string') return objectShape(resolveLocalRef(root, ref), root, inside);
  const members = node['anyOf'] ?? node['oneOf'];
  if (!Array.isArray(members) || members.length === 0) return 'other';
  const shapes = members.map((m) => objectShape(m, root, inside));
  if (shapes.includes('other')) return 'other';
  return shapes.includes('recursive') ? 'recursive' : 'object';
}

const cachedOutput = perSchema((schema, _role, zod) => listOutput(schema, zod));
const cachedInput = perSchema((schema, role: Role, zod) => listWithZod(schema, role, zod));

function list(loaded: LoadedCase): Listing {
  if (loaded.role === 'input') return cachedInput(loaded);
  const { listed, reason } = cachedOutput(loaded);
  return { listed, listError: null, warning: reason === null ? null : leftOutWarning(loaded.tool, reason) };
}

/**
 * FrontMCP PR #981: objects and unions of objects listed (`{ type: 'object', anyOf | oneOf }`), anything else left out with a warning.
 * The input role is listed as zod does with io `input`: the PR says nothing of inputs.
 */
export const frontmcpConverter: Converter<'frontmcp'> = {
  id: 'frontmcp',
  needsZod4: true,
  list,
};
