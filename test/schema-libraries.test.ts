/**
 * valibot, arktype and effect through the engine, against the real packages as the oracle: @modelcontextprotocol/server
 * 2.4.0 serves each row's schema (built here from the libraries themselves) and is asked over JSON-RPC what it lists
 * and what it answers; each real client (sdk-oracle.ts) then judges that listing and that answer. The engine's Report
 * must say the same: the SDK v2 converter's listing or listError, the raw policy's refusal or shipment, every
 * client's verdict, and the real runs' rows. SDK 1.x and the converters and policies that read zod say why they do not apply.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { evaluate } from '../src/engine/evaluate.ts';
import { CLIENT_IDS, CONVERTER_IDS } from '../src/engine/contract/catalog.ts';
import { isPolicyNeedsZod4 } from '../src/engine/worlds/needs-zod4.ts';
import { SCHEMA_LIBRARIES, librariesIn } from '../src/engine/libs/index.ts';
import { realRunOf, shipsOf } from '../src/engine/values.ts';
import { askRealClient } from './sdk-oracle.ts';
import { chunksFor } from '../src/engine/chunks.ts';
import { firstChunksFor } from '../src/engine/phases/first.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { LIBRARY_CASES, LIBRARY_EXAMPLES } from '../src/examples/libraries.ts';
import { failingTarget, judge, proposeFixes } from '../src/engine/fixes/index.ts';
import { DEFAULT_LIBRARY_ANSWER, LIBRARY_ROWS } from './schema-libraries.rows.ts';

type Rpc = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

/** The real v2 server with the schema registered as outputSchema, asked tools/list and tools/call over its own transport. */
async function serve(schema: unknown, answer: unknown): Promise<{ listed: unknown; listError: string | null; call: Rpc }> {
  const server = new McpServer({ name: 'oracle', version: '1' });
  server.registerTool('get_invoice', { outputSchema: schema as never }, () => ({ structuredContent: answer as Record<string, unknown>, content: [{ type: 'text' as const, text: JSON.stringify(answer) }] }));
  const [serverSide, ours] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (m: Rpc) => void>();
  ours.onmessage = (m) => pending.get((m as Rpc).id ?? -1)?.(m as Rpc);
  await server.connect(serverSide);
  await ours.start();
  let id = 0;
  const ask = (method: string, params: Record<string, unknown>): Promise<Rpc> =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      void ours.send({ jsonrpc: '2.0', id, method, params });
    });
  await ask('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'oracle', version: '1' } });
  await ours.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const list = await ask('tools/list', {});
  const call = await ask('tools/call', { name: 'get_invoice', arguments: {} });
  await server.close();
  const tool = (list.result?.['tools'] as Array<{ outputSchema?: unknown }> | undefined)?.[0];
  return { listed: tool?.outputSchema ?? null, listError: list.error?.message ?? null, call };
}

/** What SDK 1.32.2's own registerTool says of the schema. */
function v1Says(schema: unknown): string {
  try {
    new McpServerV1({ name: 'oracle', version: '1' }).registerTool('get_invoice', { outputSchema: schema as never }, () => ({ content: [] }));
    return 'registered';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('schema libraries against the real server and clients 2.4.0', () => {
  for (const row of LIBRARY_ROWS) {
    it(row.name, async () => {
      const answerText = row.answer ?? DEFAULT_LIBRARY_ANSWER;
      const answer = JSON.parse(answerText) as unknown;
      const oracle = await serve(row.build(), answer);
      const report = await evaluate({ v: 1, role: 'output', tool: 'get_invoice', schema: row.source, answer: answerText });
      expect(report.load).toEqual({ ok: true });

      // The SDK v2 converter lists what the real server lists, or fails with its message.
      const v2 = report.converters['mcp-sdk-v2'];
      expect(v2?.listed ?? null).toEqual(oracle.listed);
      expect(v2?.listError ?? null).toBe(oracle.listError);

      // The raw policy: the server's isError text, or what it ships (the raw answer).
      const raw = v2?.policies.raw;
      const result = oracle.call.result as { isError?: boolean; structuredContent?: unknown; content?: Array<{ text?: string }> };
      if (result.isError) {
        expect(raw?.refused).toBe(result.content?.[0]?.text);
      } else if (oracle.listError !== null) {
        // tools/list fails for every tool: no client is handed the tool to call, so none judges an answer.
        expect(raw?.refused).toBeNull();
        for (const client of CLIENT_IDS) expect(raw?.verdicts[client]?.valid).toBeNull();
      } else {
        expect(raw?.refused).toBeNull();
        expect(shipsOf(report, raw)).toEqual(result.structuredContent);
        // Each real client judges the real listing and the real answer as the engine's client does.
        for (const client of CLIENT_IDS) {
          const said = await askRealClient(client, oracle.listed, { structuredContent: result.structuredContent }, 'get_invoice');
          const verdict = raw?.verdicts[client];
          expect({ client, valid: verdict?.valid, message: verdict?.message ?? null }).toEqual({ client, valid: said.callError === null, message: said.callError });
        }
      }

      // The real v2 run is the same packages: its row agrees with the oracle.
      const run = realRunOf(report, 'v2');
      expect(run?.isError).toBe(result.isError === true);

      // SDK 1.x: its own registerTool refuses the schema, in its words.
      const refused = v1Says(row.build());
      expect(refused).not.toBe('registered');
      expect(report.converters['mcp-sdk-v1']?.listError).toBe(`SDK 1.x registers zod schemas only: its registerTool throws "${refused}"`);
      expect(realRunOf(report, 'v1')?.listError).toBe(report.converters['mcp-sdk-v1']?.listError);

      // The converters and policies that read zod's internals say why they do not run.
      for (const id of CONVERTER_IDS.filter((c) => c !== 'mcp-sdk-v1' && c !== 'mcp-sdk-v2')) expect(report.converters[id]?.listError).toMatch(/needs a zod 4 schema: it reads zod's internals, and this is an? \w+ schema/);
      for (const policy of ['strip', 'warn', 'keep', 'fail'] as const) expect(isPolicyNeedsZod4(v2?.policies[policy]?.refused ?? null)).toBe(true);
    });
  }
});

describe('the undeclared keys of a library schema are what its own validate drops', () => {
  const undeclared = async (name: string) => {
    const row = LIBRARY_ROWS.find((r) => r.name === name);
    const report = await evaluate({ v: 1, role: 'output', tool: 'get_invoice', schema: row?.source, answer: DEFAULT_LIBRARY_ANSWER });
    const raw = report.converters['mcp-sdk-v2']?.policies.raw;
    return { undeclared: raw?.undeclared, unjudged: raw?.unjudged ?? null };
  };
  it('valibot object and arktype delete drop costCenter; arktype ignore and valibot looseObject keep it', async () => {
    expect(await undeclared('valibot object with an optional default')).toEqual({ undeclared: ['costCenter'], unjudged: null });
    expect(await undeclared('arktype delete')).toEqual({ undeclared: ['costCenter'], unjudged: null });
    expect(await undeclared('arktype ignore')).toEqual({ undeclared: [], unjudged: null });
    expect(await undeclared('valibot looseObject')).toEqual({ undeclared: [], unjudged: null });
  });
  it('a rejected answer is unjudged, with the reason', async () => {
    expect((await undeclared('valibot strictObject')).unjudged).toMatch(/^The library rejects the answer/);
  });
});

describe('the schema libraries as packages', () => {
  it('are pinned exactly in package.json at the versions the Report names, and installed at them', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    for (const library of SCHEMA_LIBRARIES) {
      for (const [name, version] of Object.entries(library.packages)) {
        expect(pkg.devDependencies[name]).toBe(version);
        expect((JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version).toBe(version);
      }
    }
  });

  it('a source names the libraries it imports; strings and comments elsewhere do not count', () => {
    const vendors = (source: string) => librariesIn(source).map((l) => l.vendor);
    expect(vendors('import * as v from "valibot";\nimport { type } from \'arktype\';')).toEqual(['valibot', 'arktype']);
    expect(vendors('const { Schema } = require("effect/Schema");')).toEqual(['effect']);
    expect(vendors('// import * as v from "valibot"\nconst s = "arktype";\nimport { z } from "zod";')).toEqual([]);
  });

  it('a source that imports a library its chunk was not loaded for cannot reach it; another module is refused naming the libraries', async () => {
    const report = await evaluate({ v: 1, role: 'output', tool: 't', schema: 'import { v4 } from "uuid";\nexport default v4;\n', answer: '{}' });
    expect(report.load).toMatchObject({ ok: false, error: { message: expect.stringContaining('the schema libraries "valibot", "@valibot/to-json-schema", "arktype", "effect", "effect/Schema"') } });
  });
});

describe('each library is its own chunk, loaded only for a paste that imports it', () => {
  const libraryChunks = (input: unknown, first?: Parameters<typeof chunksFor>[1]) => {
    const chunks = chunksFor(input, first);
    return SCHEMA_LIBRARIES.filter((l) => chunks.includes(l.chunk)).map((l) => l.vendor);
  };

  it('the default case loads none, for its first verdict or its full report; nor does a zod example', () => {
    expect(libraryChunks(DEFAULT_CASE, firstChunksFor({ converter: DEFAULT_CASE.converter, client: DEFAULT_CASE.client }))).toEqual([]);
    expect(libraryChunks(DEFAULT_CASE)).toEqual([]);
    for (const example of EXAMPLES.filter((e) => librariesIn(e.case.schema).length === 0)) expect(libraryChunks(example.case)).toEqual([]);
  });

  it('a paste loads the chunk of each library it imports, and no other, for the first verdict too', () => {
    for (const row of LIBRARY_ROWS) {
      const vendor = SCHEMA_LIBRARIES.find((l) => row.source.includes(`from "${l.specifiers[0]}"`))?.vendor;
      expect(libraryChunks({ schema: row.source })).toEqual([vendor]);
      expect(libraryChunks({ schema: row.source }, [])).toEqual([vendor]);
    }
  });
});

describe('the library gallery examples: each fix, verified by running the fixed case', () => {
  const FIXES: Record<string, string> = {
    'arktype-default-listed-required': '"count?": "number"',
    'arktype-delete-ships-the-key': '"+": "ignore"',
    'valibot-date-takes-down-tools-list': 'issuedAt: v.pipe(v.string(), v.isoTimestamp())',
    'effect-needs-both-wrappers': 'Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(',
  };

  it('every library example is in the gallery, recorded', () => {
    expect(LIBRARY_EXAMPLES.map((e) => e.id)).toEqual(Object.keys(FIXES));
    for (const e of LIBRARY_EXAMPLES) expect(EXAMPLES).toContain(e);
  });

  for (const example of LIBRARY_CASES) {
    it(`${example.id}: the trap, then the proposed fix passes`, async () => {
      const target = { converter: example.case.converter, client: example.case.client };
      const before = await evaluate(example.case);
      expect(failingTarget(before, target)).not.toBeNull();
      const fixes = proposeFixes({ role: example.case.role ?? 'output', schema: example.case.schema, answer: example.case.answer, report: before, target });
      const fix = fixes.find((f) => f.schema?.includes(FIXES[example.id] ?? '\u0000'));
      expect(fix, JSON.stringify(fixes.map((f) => f.title))).toBeDefined();
      const after = await evaluate({ ...example.case, schema: fix?.schema });
      expect(judge(before, after, { ...target, policy: 'raw' }).passes).toBe(true);
      // The zod fixes are not offered for another library's schema.
      expect(fixes.filter((f) => f.title.includes('z.'))).toEqual([]);
    });
  }

  it('valibot strictObject: v.looseObject passes', async () => {
    const row = LIBRARY_ROWS.find((r) => r.name === 'valibot strictObject');
    const c = { v: 1 as const, role: 'output' as const, tool: 'get_invoice', schema: row?.source ?? '', answer: DEFAULT_LIBRARY_ANSWER };
    const target = { converter: 'mcp-sdk-v2' as const, client: 'sdk-v2-node' as const };
    const before = await evaluate(c);
    const fix = proposeFixes({ role: 'output', schema: c.schema, answer: c.answer, report: before, target }).find((f) => f.schema?.includes('v.looseObject('));
    const after = await evaluate({ ...c, schema: fix?.schema });
    expect(judge(before, after, { ...target, policy: 'raw' }).passes).toBe(true);
  });
});

describe('registrations with a library schema load as zod ones do', () => {
  it('server.registerTool: the v2 server registers it (SDK 1.x takes zod only); its handler gives the answer', async () => {
    const schema = `${'import { type } from "arktype";\n\n'}server.registerTool("get_invoice", { outputSchema: type({ "+": "delete", id: "string" }) }, async () => ({\n  structuredContent: { id: "1", costCenter: "CC-7" },\n  content: [],\n}));\n`;
    const report = await evaluate({ v: 1, role: 'output', tool: 'get_invoice', schema, answer: DEFAULT_LIBRARY_ANSWER });
    expect(report.load).toEqual({ ok: true });
    expect(report.registration).toMatchObject({ picked: 'get_invoice', handlerAnswer: { id: '1', costCenter: 'CC-7' }, handlerNote: null });
    expect(report.converters['mcp-sdk-v2']?.policies.raw?.verdicts['sdk-v2-node']).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
  });

  it("FastMCP's addTool: its parameters are the input schema", async () => {
    const schema = 'import * as v from "valibot";\nimport { toStandardJsonSchema } from "@valibot/to-json-schema";\n\nserver.addTool({ name: "find", parameters: toStandardJsonSchema(v.object({ q: v.string() })), execute: async () => "ok" });\n';
    const report = await evaluate({ v: 1, role: 'input', tool: 'find', schema, answer: '{"q":1}' });
    expect(report.load).toEqual({ ok: true });
    expect(report.converters['mcp-sdk-v2']?.listed).toMatchObject({ properties: { q: { type: 'string' } } });
    expect(report.converters['mcp-sdk-v2']?.policies.raw?.refused).toContain('Input validation error: Invalid arguments for tool find: q: Invalid type: Expected string but received 1');
  });
});

describe('the input role with a library schema', () => {
  it("the raw row's refusal is the real v2 server's isError text, and the input parse says the library's words", async () => {
    const schema = 'import * as v from "valibot";\nimport { toStandardJsonSchema } from "@valibot/to-json-schema";\n\nexport const inputSchema = toStandardJsonSchema(v.object({ q: v.string() }));\n';
    const report = await evaluate({ v: 1, role: 'input', tool: 'find', schema, answer: '{"q":1}' });
    const run = realRunOf(report, 'v2');
    expect(run?.isError).toBe(true);
    expect(report.converters['mcp-sdk-v2']?.policies.raw?.refused).toBe(run?.text);
    expect(report.input).toMatchObject({ ok: false, error: 'q: Invalid type: Expected string but received 1' });
  });
});

describe('effect: only its Schema module is bundled', () => {
  it('"effect" gives Schema; another name is refused in words, at the import', async () => {
    const schema = 'import { Schema, Effect } from "effect";\n\nexport const outputSchema = Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Schema.Struct({ id: Schema.String })));\n';
    const report = await evaluate({ v: 1, role: 'output', tool: 't', schema, answer: '{"id":"1"}' });
    expect(report.load).toMatchObject({ ok: false, error: { message: 'SyntaxError: The module "effect" here provides Schema only (the rest of effect is not bundled in the playground): it has no export named Effect.', line: 1 } });
  });
});
