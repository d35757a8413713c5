/**
 * Schemas of the other Standard Schema libraries, as data: each row's source (what a user pastes) and the same schema
 * built here from the real packages, for the oracle (test/schema-libraries.test.ts). The answer is the issue's
 * `{"id":"1","costCenter":"CC-7"}` unless a row says otherwise.
 */
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { Schema } from 'effect';

export interface LibraryRow {
  name: string;
  source: string;
  build: () => unknown;
  answer?: string;
}

const VALIBOT = 'import * as v from "valibot";\nimport { toStandardJsonSchema } from "@valibot/to-json-schema";\n\n';
const ARKTYPE = 'import { type } from "arktype";\n\n';
const EFFECT = 'import { Schema } from "effect";\n\n';

export const LIBRARY_ROWS: readonly LibraryRow[] = [
  {
    name: 'valibot object with an optional default',
    source: `${VALIBOT}export const outputSchema = toStandardJsonSchema(v.object({ id: v.string(), count: v.optional(v.number(), 1) }));\n`,
    build: () => toStandardJsonSchema(v.object({ id: v.string(), count: v.optional(v.number(), 1) })),
  },
  {
    name: 'valibot strictObject',
    source: `${VALIBOT}export const outputSchema = toStandardJsonSchema(v.strictObject({ id: v.string() }));\n`,
    build: () => toStandardJsonSchema(v.strictObject({ id: v.string() })),
  },
  {
    name: 'valibot looseObject',
    source: `${VALIBOT}export const outputSchema = toStandardJsonSchema(v.looseObject({ id: v.string() }));\n`,
    build: () => toStandardJsonSchema(v.looseObject({ id: v.string() })),
  },
  {
    name: 'valibot date',
    source: `${VALIBOT}export const outputSchema = toStandardJsonSchema(v.object({ id: v.string(), at: v.date() }));\n`,
    build: () => toStandardJsonSchema(v.object({ id: v.string(), at: v.date() })),
    answer: '{"id":"1","at":"2026-01-02T03:04:05.000Z"}',
  },
  {
    name: 'valibot ISO string instead of date',
    source: `${VALIBOT}export const outputSchema = toStandardJsonSchema(v.object({ id: v.string(), at: v.pipe(v.string(), v.isoTimestamp()) }));\n`,
    build: () => toStandardJsonSchema(v.object({ id: v.string(), at: v.pipe(v.string(), v.isoTimestamp()) })),
    answer: '{"id":"1","at":"2026-01-02T03:04:05.000Z"}',
  },
  {
    name: 'valibot without the JSON Schema wrapper',
    source: `${VALIBOT}export const outputSchema = v.object({ id: v.string() });\n`,
    build: () => v.object({ id: v.string() }),
  },
  {
    name: 'arktype default',
    source: `${ARKTYPE}export const outputSchema = type({ id: "string", count: "number = 1" });\n`,
    build: () => type({ id: 'string', count: 'number = 1' }),
  },
  {
    name: 'arktype optional instead of default',
    source: `${ARKTYPE}export const outputSchema = type({ id: "string", "count?": "number" });\n`,
    build: () => type({ id: 'string', 'count?': 'number' }),
  },
  {
    name: 'arktype delete',
    source: `${ARKTYPE}export const outputSchema = type({ "+": "delete", id: "string" });\n`,
    build: () => type({ '+': 'delete', id: 'string' }),
  },
  {
    name: 'arktype ignore',
    source: `${ARKTYPE}export const outputSchema = type({ "+": "ignore", id: "string" });\n`,
    build: () => type({ '+': 'ignore', id: 'string' }),
  },
  {
    name: 'arktype reject',
    source: `${ARKTYPE}export const outputSchema = type({ "+": "reject", id: "string" });\n`,
    build: () => type({ '+': 'reject', id: 'string' }),
  },
  {
    name: 'arktype Date',
    source: `${ARKTYPE}export const outputSchema = type({ id: "string", at: "Date" });\n`,
    build: () => type({ id: 'string', at: 'Date' }),
    answer: '{"id":"1","at":"2026-01-02T03:04:05.000Z"}',
  },
  {
    name: 'effect standard schema only',
    source: `${EFFECT}export const outputSchema = Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.String }));\n`,
    build: () => Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.String })),
  },
  {
    name: 'effect both wrappers',
    source: `${EFFECT}export const outputSchema = Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.String })));\n`,
    build: () => Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.String }))),
  },
  {
    name: 'effect both wrappers, a wrong type',
    source: `${EFFECT}export const outputSchema = Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.Number })));\n`,
    build: () => Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.Number }))),
  },
];

/** The answer. */
export const DEFAULT_LIBRARY_ANSWER = '{"id":"1","costCenter":"CC-7"}';
