/** The examples gallery: real-world cases, each a registry entry with what goes wrong and what fixes it. */
// biome-ignore-all lint/style/noExcessiveLinesPerFile: data, not logic: the gallery examples with their case texts and expected verdicts, one entry per example
import type { Example } from './case-format.ts';
import { WORLD_EXAMPLES } from './worlds.ts';
import { LIBRARY_EXAMPLES } from './libraries.ts';

export type { Example };

const invoice = `import { z } from "zod";

export const outputSchema = z.object({
  id: z.string(),
  total: z.number(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
});
`;

/** A whole tool registration: the schema source is the call as a server writes it. */
const registration = `import { z } from "zod";

server.registerTool(
  "get_user",
  {
    description: "Look up a user by id",
    inputSchema: { id: z.string() },
    outputSchema: { name: z.string(), age: z.number().int().optional() },
  },
  async ({ id }) => ({
    content: [{ type: "text", text: \`user \${id}\` }],
    structuredContent: { name: "Ada", plan: "pro" },
  }),
);
`;

export const EXAMPLES: readonly Example[] = [
  {
    id: 'copilot-extra-key',
    title: 'One extra key, and Copilot refuses the answer',
    explanation:
      'A plain z.object is listed with additionalProperties: false, but the SDKs ship the raw answer, so one undeclared key fails a strict client; strip/warn drop it, keep or wire-truthful list the object open.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_invoice',
      schema: invoice,
      answer: '{\n  "id": "inv_42",\n  "total": 99.5,\n  "costCenter": "CC-7",\n  "lines": [\n    { "sku": "A-1", "qty": 2, "margin": 0.3 }\n  ]\n}\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: false, says: 'data must NOT have additional properties' },
        { converter: 'mcp-sdk-v1', policy: 'strip', client: 'sdk-v1', valid: true },
        { converter: 'mcp-sdk-v1', policy: 'keep', client: 'sdk-v1', valid: true },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: true },
        { converter: 'frontmcp', policy: 'fail', client: 'sdk-v1', valid: null, says: 'INVALID_OUTPUT' },
      ],
    },
  },
  {
    id: 'copilot-result-array',
    title: 'data/result/0 must NOT have additional properties',
    explanation:
      'An array answer is wrapped as {result: …} by the v2 server; each element is a closed object, so an extra key fails the strict client with the exact Copilot error; lenient-output opens every level.',
    case: {
      v: 1,
      role: 'output',
      tool: 'list_sessions',
      schema: 'import { z } from "zod";\n\nexport default z.array(\n  z.object({ sessionId: z.string(), appName: z.string() }),\n);\n',
      answer: '[\n  { "sessionId": "s1", "appName": "neo", "connectedAt": "2026-04-18T21:14:00Z" }\n]\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: false, says: 'data/result/0 must NOT have additional properties' },
        { converter: 'lenient-output', policy: 'raw', client: 'sdk-v2-node', valid: true },
        { converter: 'mcp-sdk-v2', policy: 'strip', client: 'sdk-v2-node', valid: true },
      ],
    },
  },
  {
    id: 'default-listed-required',
    title: 'A .default() field listed as required',
    explanation:
      'For output, zod lists a .default() field as required, but the SDKs ship the raw answer without it; strip ships the parsed answer (default filled in) and wire-truthful drops it from required.',
    case: {
      v: 1,
      role: 'output',
      tool: 'count_items',
      schema: 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  count: z.number().default(1),\n});\n',
      answer: '{ "id": "1" }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: false, says: "data must have required property 'count'" },
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: false, says: "data must have required property 'count'" },
        { converter: 'mcp-sdk-v2', policy: 'strip', client: 'sdk-v2-node', valid: true },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: true },
      ],
    },
  },
  {
    id: 'date-takes-down-tools-list',
    title: 'z.date() takes down the whole tools/list',
    explanation:
      'One z.date() field makes zod throw during conversion, and SDK v1 fails tools/list for every tool; wire-truthful lists it as {type: "string", format: "date-time"}, the shape JSON.stringify ships.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_event',
      schema: 'import { z } from "zod";\n\nexport default z.object({\n  title: z.string(),\n  when: z.date().optional(),\n});\n',
      answer: '{ "title": "Launch" }\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
    },
    expect: {
      listErrors: [{ converter: 'mcp-sdk-v1', says: 'Date cannot be represented in JSON Schema' }],
      verdicts: [{ converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: true }],
    },
  },
  {
    id: 'union-disappears',
    title: 'A discriminated union that SDK v1 never lists',
    explanation:
      'SDK v1 lists only object roots, so a z.discriminatedUnion output is left out of tools/list and every call then fails; SDK v2 and FrontMCP list it as {type: "object", oneOf: […]}.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_shape',
      schema:
        'import { z } from "zod";\n\nconst Circle = z.object({ kind: z.literal("circle"), r: z.number() });\nconst Square = z.object({ kind: z.literal("square"), side: z.number() });\n\nexport default z.discriminatedUnion("kind", [Circle, Square]);\n',
      answer: '{ "kind": "circle", "r": 2 }\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: null, says: "Cannot read properties of undefined (reading '_zod')" },
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: true },
        { converter: 'frontmcp', policy: 'warn', client: 'sdk-v1', valid: true },
      ],
    },
  },
  {
    id: 'coerce-ships-a-string',
    title: 'z.coerce passes the server, fails the client',
    explanation:
      'The server\'s zod coerces "5" to 5 and accepts it, but the SDKs ship the raw string, which the listed {type: "number"} rejects; strip ships the coerced value. Even wire-truthful cannot fix it (a gap its proposal, SDK PR #2556, names).',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_stock',
      schema: 'import { z } from "zod";\n\nexport default z.object({\n  sku: z.string(),\n  n: z.coerce.number(),\n});\n',
      answer: '{ "sku": "A-1", "n": "5" }\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: false, says: 'data/n must be number' },
        { converter: 'mcp-sdk-v1', policy: 'strip', client: 'sdk-v1', valid: true },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: false, says: 'data/n must be number' },
      ],
    },
  },
  {
    id: 'catch-ships-the-bad-value',
    title: '.catch() accepts a value the listing forbids',
    explanation:
      'zod replaces an unknown status with the .catch() value, but the SDKs ship the raw "archived", which the listed enum rejects; strip ships the caught value, and wire-truthful drops the constraints of .catch() nodes.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_ticket',
      schema: 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  status: z.enum(["open", "closed"]).catch("open"),\n});\n',
      answer: '{ "id": "T-1", "status": "archived" }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: false, says: 'data/status must be equal to one of the allowed values' },
        { converter: 'mcp-sdk-v2', policy: 'strip', client: 'sdk-v2-node', valid: true },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: true },
      ],
    },
  },
  {
    id: 'strict-object-refuses',
    title: 'z.strictObject refuses an extra key on the server',
    explanation:
      'A strict object rejects undeclared keys in the server\'s own parse, so the call returns isError under every policy, even keep; use z.object or z.looseObject if extra keys are expected.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_user',
      schema: 'import { z } from "zod";\n\nexport default z.strictObject({\n  id: z.string(),\n  name: z.string(),\n});\n',
      answer: '{ "id": "u1", "name": "Ada", "x": 2 }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: null, says: 'Unrecognized key: "x"' },
        { converter: 'mcp-sdk-v2', policy: 'keep', client: 'sdk-v2-node', valid: null, says: 'INVALID_OUTPUT' },
      ],
    },
  },
  {
    id: 'loose-object-keeps',
    title: 'z.looseObject: extra keys are part of the contract',
    explanation:
      'A loose object is listed with additionalProperties: {} and keeps undeclared keys even under strip or fail, so every client accepts the answer as it is.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_user',
      schema: 'import { z } from "zod";\n\nexport default z.looseObject({\n  id: z.string(),\n});\n',
      answer: '{ "id": "u1", "x": 2 }\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: true },
        { converter: 'mcp-sdk-v1', policy: 'fail', client: 'sdk-v1', valid: true },
      ],
    },
  },
  {
    id: 'recursive-tree',
    title: 'A recursive category tree',
    explanation:
      'A getter makes the schema recursive; zod lists the self-reference as $ref: "#", which every client resolves, while an extra key deep in the tree still fails the closed listing until strip or keep handles it.',
    case: {
      v: 1,
      role: 'output',
      tool: 'get_categories',
      schema:
        'import { z } from "zod";\n\nconst Category = z.object({\n  name: z.string(),\n  get children() {\n    return z.array(Category);\n  },\n});\n\nexport default Category;\n',
      answer: '{\n  "name": "root",\n  "children": [\n    { "name": "a", "children": [], "slug": "a" }\n  ]\n}\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: false, says: 'data/children/0 must NOT have additional properties' },
        { converter: 'mcp-sdk-v2', policy: 'strip', client: 'sdk-v2-node', valid: true },
        { converter: 'mcp-sdk-v2', policy: 'keep', client: 'sdk-v2-node', valid: true },
      ],
    },
  },
  {
    id: 'input-not-an-object',
    title: 'An input schema that is not an object',
    explanation:
      'Tool arguments are always a JSON object, so SDK v2 rejects a z.string() inputSchema when the tool is registered; wrap it in z.object({ … }).',
    case: {
      v: 1,
      role: 'input',
      tool: 'search',
      schema: 'import { z } from "zod";\n\nexport const inputSchema = z.string();\n',
      answer: '"mcp schema"\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: { listErrors: [{ converter: 'mcp-sdk-v2', says: 'MCP tool and prompt schemas must describe objects (got type: "string")' }] },
  },
  {
    id: 'input-default-optional',
    title: 'Input: a .default() argument is optional',
    explanation:
      'For inputSchema, zod lists a .default() field as optional, so a client may leave it out; the server fills it in, and an argument the schema does not declare is silently dropped by the server\'s parse.',
    case: {
      v: 1,
      role: 'input',
      tool: 'search',
      schema: 'import { z } from "zod";\n\nexport const inputSchema = z.object({\n  query: z.string(),\n  limit: z.number().int().default(10),\n});\n',
      answer: '{ "query": "invoices", "page": 2 }\n',
      converter: 'mcp-sdk-v2',
      client: 'sdk-v2-node',
    },
    expect: { verdicts: [{ converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: true }] },
  },
  {
    id: 'registration-handler-extra-key',
    title: 'A whole registerTool call, and its handler answers an undeclared key',
    explanation:
      "Pasted as the server registers it: the raw-shape outputSchema counts as z.object, the tool's name and description come from the registration, and the handler's plan key is undeclared, so a strict client refuses it; strip/warn drop it.",
    case: {
      v: 1,
      role: 'output',
      tool: 'get_user',
      schema: registration,
      answer: '{\n  "name": "Ada",\n  "plan": "pro"\n}\n',
      converter: 'mcp-sdk-v1',
      client: 'sdk-v1',
    },
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: false, says: 'data must NOT have additional properties' },
        { converter: 'mcp-sdk-v1', policy: 'strip', client: 'sdk-v1', valid: true },
      ],
    },
  },
  ...WORLD_EXAMPLES,
  ...LIBRARY_EXAMPLES,
];
