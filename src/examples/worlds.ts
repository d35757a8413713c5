/**
 * The gallery's version-world examples: cases whose verdict depends on the zod or SDK version or on
 * the answer form. Their expected listing errors and verdicts are recorded from real runs of the engine by
 * test/record-world-examples.ts into worlds.recorded.json, never written by hand; the text here is the case and
 * what it shows.
 */
import { withRecorded, type Example, type Expected } from './case-format.ts';
import recorded from './worlds.recorded.json' with { type: 'json' };

/** An example before its expectations are attached. */
type WorldCase = Omit<Example, 'expect'>;

const defaultField = 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  count: z.number().default(1),\n});\n';

/** The cases, in gallery order. */
export const WORLD_CASES: readonly WorldCase[] = [
  {
    id: 'zod3-default-not-required',
    title: 'zod 3: a .default() field is not required',
    explanation:
      'Under zod 3 (SDK 1.32.2 lists it with zod-to-json-schema) a .default() field is not required, so an answer without it passes; under zod 4 the same schema lists it as required and the answer fails (Compare versions shows both).',
    case: { v: 1, role: 'output', tool: 'count_items', schema: defaultField, answer: '{ "id": "1" }\n', converter: 'mcp-sdk-v1', client: 'sdk-v1', versions: { zod: '3.25.76', sdk: '1.32.2', server: '2.4.0' } },
  },
  {
    id: 'sdk120-ajv6-wording',
    title: 'SDK 1.20: "data should NOT have additional properties"',
    explanation:
      'SDK 1.20.2 validates with Ajv 6, so an extra key fails with Ajv 6’s wording, "data should NOT have additional properties"; SDK 1.32 (Ajv 8) says "must NOT have". Search your logs for both.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_invoice',
      schema: 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  total: z.number(),\n});\n',
      answer: '{ "id": "inv_42", "total": 99.5, "costCenter": "CC-7" }\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
      versions: { zod: '3.25.76', sdk: '1.20.2', server: '2.4.0' },
    },
  },
  {
    id: 'v2-refuses-zod3',
    title: 'SDK v2 refuses a zod 3 schema',
    explanation:
      'The v2 server (2.4.0) does not list a zod 3 schema: tools/list says "Schema appears to be from zod 3…", so no client validates the answer; SDK v1 lists the same schema and the answer passes.',
    case: { v: 1, role: 'output', tool: 'count_items', schema: defaultField, answer: '{ "id": "1", "count": 2 }\n', converter: 'mcp-sdk-v2', client: 'sdk-v2-node', versions: { zod: '3.25.76', sdk: '1.32.2', server: '2.4.0' } },
  },
  {
    id: 'iserror-structured-split',
    title: 'An isError result with structuredContent: v1 validates it, v2 skips it',
    explanation:
      'A whole tool result with isError: true and a partial structuredContent: the v1 client still validates structuredContent and fails the call, the v2 client skips isError results (typescript-sdk #2748).',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_invoice',
      schema: 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  total: z.number(),\n});\n',
      answer: '{\n  "content": [{ "type": "text", "text": "Invoice service unavailable" }],\n  "structuredContent": { "error": "unavailable" },\n  "isError": true\n}\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
      answerForm: 'result',
    },
  },
  {
    id: 'era-array-wrapped-or-bare',
    title: 'Protocol 2026-07-28: an array answer ships bare',
    explanation:
      'The v2 server lists an array output wrapped as { result } to a 2025-11-25 client and ships {"result":[…]}, so its message says data/result/0; a client that negotiates 2026-07-28 gets the array itself and says data/0 (both eras side by side below; the Protocol picker switches).',
    case: {
      v: 1,
      role: 'output',
      tool: 'list_lines',
      schema: 'import { z } from "zod";\n\nexport default z.array(\n  z.object({\n    sku: z.string(),\n    qty: z.number(),\n  }),\n);\n',
      answer: '[\n  { "sku": "A-1", "qty": 2, "note": "gift" }\n]\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
      protocol: '2026-07-28',
    },
  },
];

/** The examples with their expectations, recorded from real runs. */
export const WORLD_EXAMPLES: readonly Example[] = withRecorded(WORLD_CASES, recorded as Record<string, Expected>);
