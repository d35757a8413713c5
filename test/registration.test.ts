/**
 * A pasted tool registration is a schema source. Each accepted form is evaluated beside the equivalent bare
 * schema (tool named as registered): the same Report, but for the `registration` it adds. The SDK's own McpServer
 * parses each registration; the handler's answer comes from calling the handler.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { loadSchema } from '../src/engine/load.ts';
import type { Report } from '../src/engine/report.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { checkReport } from '../src/state/reportCheck.ts';
import { ISSUE_BLOCK } from './registration.rows.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

interface FormRow {
  form: string;
  role: 'output' | 'input';
  source: string;
  bare: string;
  tool: string;
  answer: string;
}

const USER_SHAPE = '{ name: z.string(), age: z.number().optional() }';

const FORMS: FormRow[] = [
  { form: 'registerTool, raw shapes (SDK 1.x)', role: 'output', source: ISSUE_BLOCK, bare: `export default ${USER_SHAPE};`, tool: 'get_user', answer: '{"name":"a","plan":"pro"}' },
  { form: 'registerTool, raw shapes, input role', role: 'input', source: ISSUE_BLOCK, bare: 'export default z.object({ id: z.string() });', tool: 'get_user', answer: '{"id":"u1","x":1}' },
  {
    form: 'registerTool with z.object, the server from @modelcontextprotocol/server (SDK 2.x)',
    role: 'output',
    source: [
      'import { McpServer } from "@modelcontextprotocol/server";',
      'import * as z from "zod";',
      'const server = new McpServer({ name: "users", version: "1.0.0" });',
      `server.registerTool("get_user", { title: "User", description: "Look up a user", outputSchema: z.object(${USER_SHAPE}) }, async () => ({ content: [] }));`,
    ].join('\n'),
    bare: `import * as z from "zod";\nexport default z.object(${USER_SHAPE});`,
    tool: 'get_user',
    answer: '{"name":"a","plan":"pro"}',
  },
  {
    form: 'server.tool(name, description, shape, handler)',
    role: 'input',
    source: 'server.tool("search", "Search the catalog", { q: z.string(), limit: z.number().int().max(50).default(10) }, async ({ q }) => ({ content: [{ type: "text", text: q }] }));',
    bare: 'export default { q: z.string(), limit: z.number().int().max(50).default(10) };',
    tool: 'search',
    answer: '{"q":"pens","extra":true}',
  },
  { form: 'any receiver name: mcp.registerTool', role: 'output', source: ISSUE_BLOCK.replace('server.', 'mcp.'), bare: `export default ${USER_SHAPE};`, tool: 'get_user', answer: '{"name":"a"}' },
  { form: 'this.server.registerTool', role: 'output', source: ISSUE_BLOCK.replace('server.', 'this.server.'), bare: `export default ${USER_SHAPE};`, tool: 'get_user', answer: '{"name":"a","age":"3"}' },
  {
    form: "FastMCP's addTool (input only)",
    role: 'input',
    source: [
      'import { FastMCP } from "fastmcp";',
      'import { z } from "zod";',
      'const server = new FastMCP({ name: "shop", version: "1.0.0" });',
      'server.addTool({ name: "add", description: "Add two numbers", parameters: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => String(a + b) });',
    ].join('\n'),
    bare: 'import { z } from "zod";\nexport default z.object({ a: z.number(), b: z.number() });',
    tool: 'add',
    answer: '{"a":1,"b":"2"}',
  },
];

const withoutRegistration = ({ registration: _, ...rest }: Report): Report => rest;

describe('each accepted form gives the same Report as the equivalent bare schema', () => {
  it.each(FORMS)('$form', async (row) => {
    const registered = await evaluate({ v: 1, role: row.role, schema: row.source, answer: row.answer });
    const bare = await evaluate({ v: 1, role: row.role, tool: row.tool, schema: row.bare, answer: row.answer });
    expect(registered.load).toEqual({ ok: true });
    expect(registered.tool).toBe(row.tool);
    expect(registered.registration?.picked).toBe(row.tool);
    expect(withoutRegistration(registered)).toEqual(bare);
    expect(checkReport(registered).ok).toBe(true);
  });
});

describe('the issue block', () => {
  it('takes the tool name and description, and SDK v1 refuses the undeclared key plan', async () => {
    const report = await evaluate({ v: 1, role: 'output', schema: ISSUE_BLOCK, answer: '{"name":"a","plan":"pro"}' });
    expect(report.registration?.tools).toEqual([{ name: 'get_user', description: 'Look up a user' }]);
    expect(report.realSdk.v1?.callError).toContain('data must NOT have additional properties');
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.undeclared).toEqual(['plan']);
  });

  it('a tool the user named keeps its name', async () => {
    const report = await evaluate({ v: 1, role: 'output', tool: 'lookup', schema: ISSUE_BLOCK, answer: '{"name":"a"}' });
    expect(report.tool).toBe('lookup');
    expect(report.registration?.picked).toBe('get_user');
  });
});

const TWO_TOOLS = [
  'server.registerTool("list_users", { description: "All users", outputSchema: { users: z.array(z.string()) } }, async () => ({ content: [], structuredContent: { users: ["a"] } }));',
  'server.registerTool("get_user", { description: "One user", outputSchema: { name: z.string() } }, async () => ({ content: [], structuredContent: { name: "a" } }));',
].join('\n');

describe('several tools in one paste', () => {
  it('lists them all, takes the first by default and the picked one when the case names it', async () => {
    const first = await evaluate({ v: 1, role: 'output', schema: TWO_TOOLS, answer: '{"name":"a"}' });
    expect(first.registration?.tools.map((t) => t.name)).toEqual(['list_users', 'get_user']);
    expect(first.tool).toBe('list_users');
    expect(first.registration?.handlerAnswer).toEqual({ users: ['a'] });
    const picked = await evaluate({ v: 1, role: 'output', schema: TWO_TOOLS, answer: '{"name":"a"}', registered: 'get_user' });
    expect(picked.tool).toBe('get_user');
    expect(picked.registration?.picked).toBe('get_user');
    expect(picked.registration?.handlerAnswer).toEqual({ name: 'a' });
    expect(picked.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(true);
  });

  it('the pick round-trips through a link, and a case without one carries no new field', () => {
    const c: Case = { role: 'output', tool: 'my_tool', schema: TWO_TOOLS, answer: '{}', converter: 'mcp-sdk-v1', client: 'sdk-v1', registered: 'get_user' };
    expect(decodePermalink(encodePermalink(c))).toEqual({ ok: true, state: c });
    const { registered: _, ...plain } = c;
    const decoded = decodePermalink(encodePermalink(plain));
    expect(decoded.ok && 'registered' in decoded.state).toBe(false);
  });

  it('a pick no longer registered falls back to the first tool', async () => {
    const report = await evaluate({ v: 1, role: 'output', schema: TWO_TOOLS, answer: '{}', registered: 'gone' });
    expect(report.registration?.picked).toBe('list_users');
  });
});

describe("the handler's answer", () => {
  it('is the literal structuredContent the handler returns', async () => {
    const report = await evaluate({ v: 1, role: 'output', schema: ISSUE_BLOCK, answer: '{}' });
    expect(report.registration?.handlerAnswer).toEqual({ name: 'a', plan: 'pro' });
    expect(report.registration?.handlerNote).toBeNull();
  });

  it('is absent, with the reason, for a handler that needs the server’s own modules', async () => {
    const source = `import { db } from "./db";\n${ISSUE_BLOCK.replace(/async \(\{ id \}\) => .*\)\);$/, 'async ({ id }) => ({ content: [], structuredContent: await db.users.find(id) }));')}`;
    const report = await evaluate({ v: 1, role: 'output', schema: source, answer: '{"name":"a"}' });
    expect(report.load).toEqual({ ok: true });
    expect(report.tool).toBe('get_user');
    expect(report.registration?.handlerAnswer).toBeUndefined();
    expect(report.registration?.handlerNote).toMatch(/uses db from "\.\/db", which cannot be imported here/);
  });

  it('is absent for a handler that returns text only', async () => {
    const source = 'server.registerTool("t", { outputSchema: { a: z.string() } }, async () => ({ content: [{ type: "text", text: "hi" }] }));';
    const report = await evaluate({ v: 1, role: 'output', schema: source, answer: '{"a":"x"}' });
    expect(report.registration?.handlerNote).toBe("The handler's result has no structuredContent.");
  });
});

describe('what cannot run here', () => {
  it('a schema imported from the server’s own modules: names it and says what to paste, at the import', () => {
    const r = loadSchema('import { UserSchema } from "./schemas";\nserver.registerTool("t", { outputSchema: UserSchema }, async () => ({ content: [] }));', 'output');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(/^Cannot import "\.\/schemas": only "zod".* can be imported here\. The code uses UserSchema from it: paste the definition of UserSchema in place of the import\.$/);
      expect(r.error.line).toBe(1);
    }
  });

  it('an identifier defined elsewhere: names it and says what to paste, where it is used', () => {
    const r = loadSchema('server.registerTool("t", {\n  outputSchema: UserSchema,\n}, async () => ({ content: [] }));', 'output');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(/^ReferenceError: UserSchema is not defined: the registration refers to UserSchema, which is defined elsewhere in your server\. Paste its definition/);
      expect([r.error.line, r.error.column]).toEqual([2, 17]);
    }
  });

  it('a tool without the role’s schema says so', () => {
    const r = loadSchema('server.tool("ping", async () => ({ content: [] }));', 'output');
    expect(!r.ok && r.error.message).toBe('Tool "ping" registers no outputSchema: add outputSchema to its config, or pick the input role to check its inputSchema.');
  });

  it('the SDK’s own refusal of a registration is the error (a tool registered twice)', () => {
    const r = loadSchema('server.registerTool("t", {}, async () => ({ content: [] }));\nserver.registerTool("t", {}, async () => ({ content: [] }));', 'input');
    expect(!r.ok && r.error.message).toBe('Tool t is already registered');
  });

  it('a whole server file: SDK imports build the capturing server, the transport is inert, its own module only matters to the handler', async () => {
    const source = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";',
      'import { z } from "zod";',
      'import { db } from "./db.js";',
      'const server = new McpServer({ name: "users", version: "1.0.0" });',
      'server.registerTool("get_user", { outputSchema: { name: z.string() } }, async ({ id }) => ({ content: [], structuredContent: await db.find(id) }));',
      'server.connect(new StdioServerTransport());',
    ].join('\n');
    const report = await evaluate({ v: 1, role: 'output', schema: source, answer: '{"name":"a"}' });
    expect(report.load).toEqual({ ok: true });
    expect(report.tool).toBe('get_user');
    expect(report.registration?.handlerNote).toMatch(/uses db from "\.\/db\.js"/);
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(true);
  });

  it('a receiver the paste defines itself is its own code, not a capture', () => {
    const r = loadSchema('const server = { registerTool() {} };\nserver.registerTool("t", { outputSchema: { a: z.string() } }, () => ({}));\nexport default z.object({ b: z.string() });', 'output');
    expect(r.ok && r.registered).toBeUndefined();
  });
});
