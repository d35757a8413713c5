/**
 * The gallery's schema-library examples: valibot, arktype and effect on the v2 server (engine/libs). Their expected
 * listing errors and verdicts are recorded from real runs of the engine (the real packages) by
 * test/record-world-examples.ts into libraries.recorded.json, never written by hand; the text here is the case and
 * what it shows. Each one's fix is proposed and checked by test/schema-libraries.test.ts.
 */
import { withRecorded, type Example, type Expected } from './case-format.ts';
import recorded from './libraries.recorded.json' with { type: 'json' };

/** An example before its expectations are attached. */
type LibraryCase = Omit<Example, 'expect'>;

const VALIBOT = 'import * as v from "valibot";\nimport { toStandardJsonSchema } from "@valibot/to-json-schema";\n\n';
const ARKTYPE = 'import { type } from "arktype";\n\n';
const EFFECT = 'import { Schema } from "effect";\n\n';

/** The cases, in gallery order. */
export const LIBRARY_CASES: readonly LibraryCase[] = [
  {
    id: 'arktype-default-listed-required',
    title: 'arktype: a default is listed as required',
    explanation:
      "arktype's count: 'number = 1' fills the default in its own validate, but its JSON Schema lists count as required with no default, and the server ships the raw answer: every client refuses an answer without count (zod's .default() trap again). An optional key, 'count?': 'number', fixes it.",
    case: { v: 1, role: 'output', tool: 'count_items', schema: `${ARKTYPE}export const outputSchema = type({\n  id: "string",\n  count: "number = 1",\n});\n`, answer: '{ "id": "1" }\n', converter: 'mcp-sdk-v2', client: 'sdk-v2-node' },
  },
  {
    id: 'arktype-delete-ships-the-key',
    title: "arktype: '+': 'delete' ships the key it deletes",
    explanation:
      "'+': 'delete' drops an undeclared key in arktype's validate, but the server ships the raw answer under a listing with additionalProperties: false, so every client refuses it (the Copilot case again). '+': 'ignore' lists the object open.",
    case: {
      v: 1,
      role: 'output',
      tool: 'get_invoice',
      schema: `${ARKTYPE}export const outputSchema = type({\n  "+": "delete",\n  id: "string",\n  total: "number",\n});\n`,
      answer: '{ "id": "inv_42", "total": 99.5, "costCenter": "CC-7" }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
  },
  {
    id: 'valibot-date-takes-down-tools-list',
    title: 'valibot: v.date() takes down tools/list',
    explanation:
      '@valibot/to-json-schema cannot convert v.date(), so the v2 server\'s whole tools/list fails ("The "date" schema cannot be converted to JSON Schema.") and no client sees any tool. v.pipe(v.string(), v.isoTimestamp()) lists a string and accepts the ISO timestamp that ships.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_invoice',
      schema: `${VALIBOT}export const outputSchema = toStandardJsonSchema(\n  v.object({\n    id: v.string(),\n    issuedAt: v.date(),\n  }),\n);\n`,
      answer: '{ "id": "inv_42", "issuedAt": "2026-03-05T09:30:00.000Z" }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
  },
  {
    id: 'effect-needs-both-wrappers',
    title: "effect: Schema.toStandardSchemaV1 alone isn't listed",
    explanation:
      'Schema.toStandardSchemaV1 gives the server a validate but no ~standard.jsonSchema, so the v2 server\'s whole tools/list fails ("Schema library "effect" does not implement StandardJSONSchemaV1"). Composing both wrappers, Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(…)), lists it.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_invoice',
      schema: `${EFFECT}export const outputSchema = Schema.toStandardSchemaV1(\n  Schema.Struct({\n    id: Schema.String,\n    total: Schema.Number,\n  }),\n);\n`,
      answer: '{ "id": "inv_42", "total": 99.5 }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
  },
];

/** The examples with their expectations, recorded from real runs. */
export const LIBRARY_EXAMPLES: readonly Example[] = withRecorded(LIBRARY_CASES, recorded as Record<string, Expected>);
