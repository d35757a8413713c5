/**
 * The whole-result answer form: the answer is a CallToolResult the tool returns as is. The oracle is the published
 * SDKs run here directly: a real McpServer whose handler returns that result, and a real Client calling it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { evaluate } from '../src/engine/evaluate.ts';
import { realRunOf, shipsOf } from '../src/engine/values.ts';

const SCHEMA = 'import { z } from "zod"\nexport default z.object({ id: z.string() })';
const info = { name: 'oracle', version: '1.0.0' };
type Outcome = { result: { isError?: unknown; structuredContent?: unknown } | null; thrown: string | null };

async function oracle(major: 'v1' | 'v2', result: object): Promise<Outcome> {
  const server = major === 'v1' ? new McpServerV1(info) : new McpServerV2(info);
  const client = major === 'v1' ? new ClientV1(info) : new ClientV2(info, { jsonSchemaValidator: new AjvJsonSchemaValidator() });
  (server as McpServerV1).registerTool('my_tool', { outputSchema: z.object({ id: z.string() }) }, (() => result) as never);
  const [c, s] = major === 'v1' ? InMemoryV1.createLinkedPair() : InMemoryV2.createLinkedPair();
  await server.connect(s as never);
  await client.connect(c as never);
  await client.listTools();
  try {
    return { result: (await client.callTool({ name: 'my_tool', arguments: {} })) as Outcome['result'], thrown: null };
  } catch (e) {
    return { result: null, thrown: (e as Error).message };
  }
}

const run = (result: object) => evaluate({ v: 1, schema: SCHEMA, answer: JSON.stringify(result), answerForm: 'result' });

describe('whole results', () => {
  it('isError with structuredContent: v1 validates it and throws, v2 skips it (the real SDKs)', async () => {
    const result = { content: [{ type: 'text', text: 'boom' }], structuredContent: { id: 7 }, isError: true };
    const [v1, v2, report] = await Promise.all([oracle('v1', result), oracle('v2', result), run(result)]);
    expect(v1.thrown).toContain("Structured content does not match the tool's output schema");
    expect(report.realSdk.v1?.callError).toBe(v1.thrown);
    expect(realRunOf(report, 'v2')).toMatchObject({ isError: v2.result?.isError, structuredContent: v2.result?.structuredContent, callError: null });
    const raw = report.converters['mcp-sdk-v1']?.policies.raw;
    expect(raw?.verdicts['sdk-v1']?.message).toBe(v1.thrown);
    expect(raw?.verdicts['sdk-v2-node']).toEqual({ valid: null, message: null });
    expect(report.answerForm).toBe('result');
  });

  it('an outputSchema and no structuredContent: what each real server answers', async () => {
    const result = { content: [{ type: 'text', text: 'only text' }] };
    const [v1, v2, report] = await Promise.all([oracle('v1', result), oracle('v2', result), run(result)]);
    const textOf = (o: Outcome) => ((o.result as { content?: Array<{ text?: string }> } | null)?.content?.[0]?.text ?? null);
    expect(report.realSdk.v1).toMatchObject({ isError: v1.result?.isError ?? false, callError: v1.thrown, text: textOf(v1) });
    expect(report.realSdk.v2).toMatchObject({ isError: v2.result?.isError ?? false, callError: v2.thrown, text: textOf(v2) });
    expect(JSON.stringify([v1, v2])).toContain('has an output schema but');
  });

  it('a malformed result is an answer error at the offending place', async () => {
    const notObject = await evaluate({ v: 1, schema: SCHEMA, answer: '  [1]', answerForm: 'result' });
    expect(notObject.answer).toEqual({ ok: false, error: { message: 'A whole result is a JSON object { content, structuredContent?, isError? }; this answer is an array.', line: 1, column: 3 } });
    const badContent = await evaluate({ v: 1, schema: SCHEMA, answer: '{\n  "content": 5\n}', answerForm: 'result' });
    expect(badContent.answer).toEqual({ ok: false, error: { message: 'A whole result\'s "content" is an array of content blocks; here it is a number.', line: 2, column: 14 } });
  });

  it('the structuredContent form is never reinterpreted: a pasted result object is the structuredContent', async () => {
    const schema = 'import { z } from "zod"\nexport default z.object({ content: z.array(z.unknown()), structuredContent: z.unknown() })';
    const report = await evaluate({ v: 1, schema, answer: JSON.stringify({ content: [], structuredContent: { id: 'a' } }) });
    expect(shipsOf(report, report.converters.zod?.policies.raw)).toEqual({ content: [], structuredContent: { id: 'a' } });
    expect(report.answerForm).toBeUndefined();
  });
});
