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
  });

  it('takes a bare JSON Schema as the listing and keeps the answer', async () => {
    const c = imported('{ "type": "object", "properties": { "ok": { "type": "boolean" } }, "required": ["ok"] }');
    expect(c.answer).toBeNull();
    const report = await evaluate({ v: 1, schema: c.schema, answer: '{ "ok": "yes" }' });
    expect(report.converters.zod?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(false);
  });

  it('says what is missing instead of guessing', () => {
    expect(importExchange('not json')).toMatchObject({ ok: false, message: expect.stringContaining('Not JSON') });
    expect(importExchange(JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [], structuredContent: { a: 1 } } }))).toMatchObject({ ok: false, message: expect.stringContaining('Nothing to check against') });
  });
});
