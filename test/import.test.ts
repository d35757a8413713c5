/**
 * Import: a real tools/list + tools/call exchange (recorded from the SDK by test/record-import.ts) fills the case,
 * and the case then evaluates against the listing as given: the same verdicts the zod source gives under the same
 * SDK's listing, and "needs the zod source" where zod is needed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { importExchange } from '../src/engine/import/exchange.ts';
import { NEEDS_ZOD } from '../src/engine/import/listing-source.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { checkReport } from '../src/state/reportCheck.ts';

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'recorded', 'import-tools-pair.json'), 'utf8')) as { messages: Array<Record<string, unknown>> };
const copilot = EXAMPLES.find((e) => e.id === 'copilot-extra-key')!.case;
const listedTool = (recorded.messages.find((m) => (m['result'] as { tools?: unknown } | undefined)?.tools)!['result'] as { tools: Array<{ outputSchema: unknown }> }).tools[0]!;
const callResult = recorded.messages.find((m) => (m['result'] as { structuredContent?: unknown } | undefined)?.structuredContent)!['result'] as { structuredContent: unknown };

function imported(text: string) {
  const r = importExchange(text);
  if (!r.ok) throw new Error(r.message);
  return r.imported;
}

describe('import', () => {
  it('fills the case from a real tools/list + tools/call exchange', () => {
    const c = imported(JSON.stringify(recorded.messages, null, 2));
    expect(c.role).toBe('output');
    expect(c.tool).toBe('get_invoice');
    expect(JSON.parse(c.answer!)).toEqual(callResult.structuredContent);
  });

  it('reads the same exchange as a log, one message per line', () => {
    const log = recorded.messages.map((m) => JSON.stringify(m)).join('\n');
    expect(imported(log)).toEqual(imported(JSON.stringify(recorded.messages)));
  });

  it('evaluates against the imported listing as given: the verdict the zod source gives under the same SDK', async () => {
    const c = imported(JSON.stringify(recorded.messages));
    const report = await evaluate({ v: 1, role: c.role, tool: c.tool ?? undefined, schema: c.schema, answer: c.answer ?? '' });
    expect(checkReport(report).ok).toBe(true);
    const row = report.converters['mcp-sdk-v1'];
    expect(row?.listed).toEqual(listedTool.outputSchema);
    const fromZod = await evaluate(copilot);
    for (const client of ['sdk-v1', 'sdk-v2-node', 'sdk-v2-browser'] as const) {
      expect(row?.policies.raw?.verdicts[client]).toEqual(fromZod.converters['mcp-sdk-v1']?.policies.raw?.verdicts[client]);
    }
    expect(row?.policies.strip?.refused).toBe(NEEDS_ZOD);
    // The keys the listing does not declare: the same the zod source's parse drops, in every row.
    const zodKeys = fromZod.converters['mcp-sdk-v1']?.policies.raw?.undeclared;
    expect(zodKeys?.length).toBeGreaterThan(0);
    for (const id of ['raw', 'strip', 'fail'] as const) expect(row?.policies[id]?.undeclared).toEqual(zodKeys);
  });

  it('an imported listing names undeclared keys nested, in arrays, through $ref and the anyOf branch of the value', async () => {
    const listing = {
      type: 'object',
      properties: {
        customer: { $ref: '#/$defs/customer' },
        lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } }, additionalProperties: false } },
        note: { anyOf: [{ type: 'null' }, { type: 'object', properties: { text: { type: 'string' } } }] },
        meta: { type: 'object', additionalProperties: { type: 'string' } },
      },
      additionalProperties: false,
      $defs: { customer: { type: 'object', properties: { shippingAddress: { type: 'object', properties: { city: { type: 'string' } } } } } },
    };
    const c = imported(JSON.stringify(listing));
    const answer = JSON.stringify({ customer: { shippingAddress: { city: 'Oslo', region: 'Viken' } }, lines: [{ sku: 'A', margin: 1 }], note: { text: 't', by: 'me' }, meta: { any: 'x' }, extra: 1 });
    const report = await evaluate({ v: 1, schema: c.schema, answer });
    expect(report.converters.zod?.policies.raw?.undeclared).toEqual(['customer.shippingAddress.region', 'lines[].margin', 'note.by', 'extra']);
    expect(report.converters.zod?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(false);
  });

  it('takes a bare JSON Schema as the listing and keeps the answer', async () => {
    const c = imported('{ "type": "object", "properties": { "ok": { "type": "boolean" } }, "required": ["ok"] }');
    expect(c.answer).toBeNull();
    const report = await evaluate({ v: 1, schema: c.schema, answer: '{ "ok": "yes" }' });
    expect(report.converters.zod?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(false);
  });

  it('reads values pasted one after the other, pretty-printed', () => {
    const pasted = recorded.messages.map((m) => JSON.stringify(m, null, 2)).join('\n');
    expect(imported(pasted)).toEqual(imported(JSON.stringify(recorded.messages)));
  });

  it('a tools/call of a tool the tools/list lacks says which tool is missing, instead of pairing another', () => {
    const list = recorded.messages.find((m) => (m['result'] as { tools?: unknown } | undefined)?.tools)!;
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'cancel_order', arguments: { id: 'o1' } } };
    const result = { jsonrpc: '2.0', id: 9, result: { content: [], structuredContent: { cancelled: true } } };
    expect(importExchange([list, call, result].map((m) => JSON.stringify(m)).join('\n'))).toEqual({
      ok: false,
      message: 'The tools/call calls "cancel_order", which the pasted tools/list does not list (it lists get_invoice). Paste the tools/list that lists "cancel_order", or its JSON Schema.',
    });
  });

  it('says where the paste is not JSON', () => {
    expect(importExchange('not json')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not JSON at line 1, column 1 \(/) });
    const second = '{ "jsonrpc": "2.0", "id": 1, "result": { "tools": [] } }\n{\n  "jsonrpc": "2.0",\n  "id": 2\n  "result": {}\n}';
    expect(importExchange(second)).toMatchObject({ ok: false, message: expect.stringMatching(/^Not JSON at line 5, column 3 \(comma expected\)/) });
  });

  it('says what is missing instead of guessing', () => {
    expect(importExchange(JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [], structuredContent: { a: 1 } } }))).toMatchObject({ ok: false, message: expect.stringContaining('Nothing to check against') });
  });

  describe('a tools/list with several tools', () => {
    const list = recorded.messages.find((m) => (m['result'] as { tools?: unknown } | undefined)?.tools)!;
    const second = { name: 'list_orders', inputSchema: { type: 'object', properties: { customer: { type: 'string' } }, required: ['customer'] }, outputSchema: { type: 'object', properties: { orders: { type: 'array' } }, additionalProperties: false } };
    const twoTools = { ...list, result: { tools: [...(list['result'] as { tools: unknown[] }).tools, second] } };

    it('offers both tools to pick from, instead of refusing or guessing', () => {
      expect(importExchange(JSON.stringify(twoTools))).toEqual({
        ok: false,
        message: 'The tools/list lists 2 tools (get_invoice, list_orders) and nothing pasted says which one: pick the tool to check.',
        choose: ['get_invoice', 'list_orders'],
      });
      // With a result but no tools/call, the result still does not say which tool it came from.
      expect(importExchange(JSON.stringify([twoTools, { jsonrpc: '2.0', id: 4, result: { content: [], structuredContent: { orders: [] } } }]))).toMatchObject({ ok: false, choose: ['get_invoice', 'list_orders'] });
    });

    it('fills the case from the tool picked by name', () => {
      const r = importExchange(JSON.stringify(twoTools), { tool: 'list_orders' });
      if (!r.ok) throw new Error(r.message);
      expect(r.imported).toMatchObject({ role: 'output', tool: 'list_orders' });
      expect(r.imported.schema).toContain('"orders"');
      expect(importExchange(JSON.stringify(twoTools), { tool: 'nope' })).toEqual({
        ok: false,
        message: '"nope" is not in the pasted tools/list (it lists get_invoice, list_orders). Paste the tools/list that lists "nope", or its JSON Schema.',
      });
    });

    it('a tools/call picks its tool', () => {
      const call = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'list_orders', arguments: { customer: 'c1' } } };
      const r = importExchange([twoTools, call].map((m) => JSON.stringify(m)).join('\n'));
      if (!r.ok) throw new Error(r.message);
      expect(r.imported).toMatchObject({ role: 'input', tool: 'list_orders', answer: JSON.stringify({ customer: 'c1' }, null, 2) });
      expect(r.imported.schema).toContain('"customer"');
    });
  });
});
