/**
 * Cases whose Report must be the same wherever the engine runs: the browser's hardened schema worker, the CLI's
 * hardened Node realm (src/node-realm), and, for the rows that touch nothing the hardening forbids, plain Node. Shared
 * by e2e/parity.spec.ts (the built frame against the CLI's realm, field by field) and test/harden.test.ts (plain Node
 * against the hardened realm). `refused` rows touch what the hardening forbids on purpose: their load error holds
 * each of those texts, in the same words and at the same position on both sides.
 */
export interface ParityRow {
  id: string;
  role?: 'input' | 'output';
  schema: string;
  answer: string;
  refused?: string[];
}

const Z = "import { z } from 'zod';\n";

/** A 14,000-character line: one description literal. */
const LONG = 'lorem ipsum dolor sit amet '.repeat(519);

export const PARITY_ROWS: ParityRow[] = [
  {
    id: 'html-comment-text',
    schema: `${Z}// a comment quoting HTML: <!-- the old form -->\nexport default z.object({ retries: z.number().describe("retries --> backoff"), note: z.string().describe('<!-- kept -->') });\n`,
    answer: '{"retries":3,"note":"x","extra":1}',
  },
  {
    id: 'import-text',
    schema: `${Z}/* call import(...) first; import // that */\nconst hint = \`import(\${'x'}) and import /* y */\`;\nexport default z.object({ q: z.string().describe("call import(...) first").describe(hint) });\n`,
    answer: '{"q":"a"}',
  },
  {
    id: 'locale-methods',
    schema: `${Z}const price = (1234567.891).toLocaleString('de-DE');\nconst day = new Date(Date.UTC(2024, 2, 5)).toLocaleDateString('de-DE', { timeZone: 'UTC' });\nconst lower = 'TITLE'.toLocaleLowerCase('tr-TR');\nconst sorted = ['Zebra', 'Äpfel', 'apfel', 'Öl'].sort((a, b) => a.localeCompare(b, 'de'));\nexport default z.object({ level: z.enum(sorted).default(sorted[0]).describe(\`\${price} / \${day} / \${lower}\`) });\n`,
    answer: '{"level":"Öl"}',
  },
  {
    id: 'regexp-legacy-statics',
    schema: `${Z}/(\\w+)-(\\d+)/.exec('order-42');\nconst prefix = RegExp.$1, digits = RegExp.$2;\nexport default z.object({ id: z.string().startsWith(prefix).describe(\`\${RegExp.lastMatch} \${digits}\`) });\n`,
    answer: '{"id":"order-7"}',
  },
  {
    id: 'es2024-builtins',
    schema: `${Z}const fields = [['a', 'string'], ['b', 'number'], ['c', 'string']];\nconst byType = Object.groupBy(fields, ([, t]) => t);\nconst counts = Map.groupBy(fields, ([, t]) => t);\nconst { promise, resolve } = Promise.withResolvers();\nresolve(1);\nconst n = counts.get('string').length + (promise instanceof Promise ? 1 : 0);\nexport default z.object(Object.fromEntries(byType.string.map(([k]) => [k, z.string().max(n)])));\n`,
    answer: '{"a":"xyz","c":"x"}',
  },
  {
    id: 'u2028-in-strings',
    schema: `${Z}export default z.object({ line: z.literal('a\u2028b\u2029c') }).describe("sep\u2028here");\n`,
    answer: '{"line":"a\\u2028b\\u2029c"}',
  },
  {
    id: 'long-line',
    schema: `${Z}export default z.object({ body: z.string().describe('${LONG}') });\n`,
    answer: '{"body":1}',
  },
  {
    id: 'with-as-a-key',
    schema: `${Z}const shape = { with: z.string(), in: z.number(), delete: z.boolean().optional() };\nexport default z.object(shape).strict();\n`,
    answer: '{"with":"x","in":1,"delete":true}',
  },
  {
    id: 'proto-keys-in-answer',
    schema: `${Z}export default z.object({ id: z.string() }).passthrough();\n`,
    answer: '{"id":"x","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  {
    id: 'lazy-refine-transform-date',
    schema: `${Z}const Node = z.lazy(() => z.object({ name: z.string(), children: z.array(Node).optional() }));\nexport default z.object({\n  tree: Node,\n  even: z.number().refine((n) => n % 2 === 0, { message: 'must be even' }),\n  upper: z.string().transform((s) => s.toUpperCase()),\n  at: z.date().optional(),\n});\n`,
    answer: '{"tree":{"name":"r","children":[{"name":"c"}]},"even":3,"upper":"abc"}',
  },
  {
    id: 'class-static-private',
    schema: `${Z}class Fields {\n  static #count = 0;\n  static shape;\n  static { Fields.shape = { id: z.string(), n: z.number().max(Fields.#next()) }; }\n  static #next() { return ++Fields.#count * 10; }\n  #secret = 1;\n  has(o) { return #secret in o; }\n}\nexport default z.object(Fields.shape).describe(String(new Fields().has(new Fields())));\n`,
    answer: '{"id":"a","n":11}',
  },
  {
    id: 'top-level-await',
    schema: `${Z}const limit = await new Promise((resolve) => setTimeout(() => resolve(5), 1));\nexport default z.object({ tags: z.array(z.string()).max(limit) });\n`,
    answer: '{"tags":["a","b","c","d","e","f"]}',
  },
  {
    id: 'symbol-bigint-proxy',
    schema: `${Z}const tag = Symbol('tag');\nconst big = 2n ** 70n;\nconst shape = new Proxy({ id: z.string() }, { get: (t, p) => (p === 'count' ? z.number().max(Number(big % 1000n)) : t[p]), ownKeys: () => ['id', 'count'], getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) });\nexport default z.object({ id: shape.id, count: shape.count }).describe(\`\${tag.description} \${big}\`);\n`,
    answer: '{"id":"x","count":999}',
  },
  {
    id: 'freeze-own-objects',
    schema: `${Z}const shape = Object.freeze({ id: z.string(), meta: Object.freeze({ n: 1 }) });\nconst frozen = Object.isFrozen(shape) && Object.isFrozen(shape.meta);\nexport default z.object({ id: shape.id }).describe(String(frozen));\n`,
    answer: '{"id":1}',
  },
  {
    id: 'structured-clone',
    schema: `${Z}const base = { names: ['a', 'b'], when: new Date(0), map: new Map([['k', 1]]) };\nconst copy = structuredClone(base);\ncopy.names.push('c');\nexport default z.object({ name: z.enum(copy.names) }).describe(\`\${base.names.length} \${copy.when.toISOString()} \${copy.map.get('k')}\`);\n`,
    answer: '{"name":"c"}',
  },
  {
    id: 'error-subclass-in-refine',
    schema: `${Z}class QuotaError extends Error { constructor(n) { super(\`quota \${n} exceeded\`); this.name = 'QuotaError'; } }\nexport default z.object({ used: z.number().refine((n) => { if (n > 10) throw new QuotaError(n); return true; }) });\n`,
    answer: '{"used":11}',
  },
  {
    id: 'server-in-class-field',
    schema: `${Z}class Tools {\n  constructor(server) { this.server = server; }\n  init() {\n    this.server.registerTool('get_invoice', { outputSchema: { id: z.string() } }, async () => ({ content: [], structuredContent: { id: 'A1', extra: true } }));\n  }\n}\nnew Tools(server).init();\n`,
    answer: '{"id":"1"}',
  },
  {
    id: 'server-passed-to-function',
    schema: `${Z}function register(s) {\n  s.registerTool('list_items', { inputSchema: { q: z.string() }, outputSchema: { items: z.array(z.string()) } }, async ({ q }) => ({ content: [], structuredContent: { items: [q] } }));\n}\nregister(server);\n`,
    answer: '{"items":[]}',
  },
  {
    id: 'server-created-in-module',
    schema: `${Z}import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'shop', version: '1.0.0' });\nserver.registerTool('get_price', { outputSchema: { cents: z.number().int() } }, async () => ({ content: [], structuredContent: { cents: 12.5 } }));\n`,
    answer: '{"cents":1}',
  },
  {
    id: 'prototype-helper-refused',
    schema: `${Z}String.prototype.toSnake = function () { return this.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()); };\nexport default z.object({ id: z.string().describe('userId'.toSnake()) });\n`,
    answer: '{"id":"x"}',
    refused: ['the schema tried to add String.prototype.toSnake;', 'At line 2, write a plain function instead'],
  },
  {
    id: 'dynamic-import-refused',
    schema: `${Z}const fs = await import('node:fs');\nexport default z.object({ id: z.string().describe(String(fs)) });\n`,
    answer: '{"id":"x"}',
    refused: ['Dynamic import is not available: the playground runs your schema without network or module access. Import zod at the top of the file.'],
  },
  // The schema libraries' chunks load before the realm is hardened, and their schemas run in it (effect's fiber global included).
  {
    id: 'valibot-strict-object',
    schema: 'import * as v from "valibot";\nimport { toStandardJsonSchema } from "@valibot/to-json-schema";\n\nexport const outputSchema = toStandardJsonSchema(v.strictObject({ id: v.string() }));\n',
    answer: '{"id":"1","costCenter":"CC-7"}',
  },
  {
    id: 'arktype-delete',
    schema: 'import { type } from "arktype";\n\nexport const outputSchema = type({ "+": "delete", id: "string", count: "number = 1" });\n',
    answer: '{"id":"1","costCenter":"CC-7"}',
  },
  {
    id: 'effect-both-wrappers',
    schema: 'import { Schema } from "effect";\n\nexport const outputSchema = Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.String, n: Schema.Number })));\n',
    answer: '{"id":"1","n":"x","costCenter":"CC-7"}',
  },
  // zod's locales, compile and fromJSONSchema are chunks the worker loads for a source that names them (src/engine/zod-parts).
  // The locale is the schemas' own error map, not z.config: these rows share one realm in test/harden.probe.ts.
  {
    id: 'zod-locale-fr',
    schema: `${Z}const fr = z.locales.fr().localeError;\nexport default z.object({ n: z.number({ error: fr }), s: z.string({ error: fr }).min(3, { error: fr }) });\n`,
    answer: '{"n":"x","s":"a"}',
  },
  {
    id: 'zod-compile',
    schema: `${Z}export default z.compile(z.object({ n: z.number(), s: z.string().min(3) }));\n`,
    answer: '{"n":"x","s":"a","extra":1}',
  },
  {
    id: 'zod-from-json-schema',
    schema: `${Z}export default z.fromJSONSchema({ type: 'object', properties: { n: { type: 'number' }, s: { type: 'string', minLength: 3 } }, required: ['n', 's'] });\n`,
    answer: '{"n":"x","s":"a"}',
  },
];

/** The case a row evaluates. */
export function parityCase(row: ParityRow): { v: 1; role: 'input' | 'output'; schema: string; answer: string } {
  return { v: 1, role: row.role ?? 'output', schema: row.schema, answer: row.answer };
}
