/**
 * Version worlds in the browser: the built engine worker runs a case's picked zod and SDK for real from lazily
 * fetched chunks (only the picked world's), driven through a raw sandbox frame as the app drives it.
 */
import type { FrameMessage } from '../src/sandbox/protocol.ts';
import type { Report } from '../src/engine/report.ts';
import { structuredContentOf } from '../src/engine/values.ts';
import { engineWorkerSource, evaluateInFrame, mountFrame, openHarnessPage } from './frameHarness.ts';
import { expect, test } from './fixtures.ts';

const schema = 'import { z } from "zod"\nexport default z.object({ id: z.string() })\n';

function reportOf(m: FrameMessage): Report {
  if (m.type !== 'report') throw new Error(`Expected a report, got ${JSON.stringify(m)}`);
  return m.report as unknown as Report;
}

/** The chunk names the worker asked for so far. */
async function askedChunks(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __asked?: string[] }).__asked ?? []);
}

// One frame for the three: the default world first, so what each later case asks for is its world's alone.
test('a frame runs the default versions with no world chunk, then zod 3.25.76 + SDK 1.20.2 from that world\'s chunks only, then zod 3.25.76 with the v2 server', async ({ page }) => {
  // A cold world fetches and evaluates its chunks first: on a busy 2-core runner that takes seconds, not a verdict on them.
  test.setTimeout(240_000);
  await openHarnessPage(page);
  await page.evaluate(() => {
    const asked: string[] = [];
    Object.assign(window, { __asked: asked });
    window.addEventListener('message', (e: MessageEvent<{ type?: string; names?: string[] }>) => {
      if (e.data?.type === 'need-chunks') asked.push(...(e.data.names ?? []));
    });
  });
  await mountFrame(page, engineWorkerSource(), 120_000);

  await test.step('the default versions fetch no world chunk', async () => {
    const { message } = await evaluateInFrame(page, 1, { v: 1, schema, answer: '{"id":"a"}' });
    expect(reportOf(message).load.ok).toBe(true);
    expect((await askedChunks(page)).filter((n) => n.startsWith('engine-entry-'))).toEqual([]);
  });

  await test.step('zod 3.25.76 + SDK 1.20.2: the Ajv 6 wording of the real 1.20 client, from that world\'s chunks only', async () => {
    const { message } = await evaluateInFrame(page, 2, { v: 1, schema, answer: '{"id":"a","extra":1}', versions: { zod: '3.25.76', sdk: '1.20.2' } }, 150_000);
    const report = reportOf(message);
    const ajv6 = "MCP error -32602: Structured content does not match the tool's output schema: data should NOT have additional properties";
    expect(report.versions).toMatchObject({ zod: '3.25.76', '@modelcontextprotocol/sdk': '1.20.2' });
    expect(report.realSdk.v1?.callError).toBe(ajv6);
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.message).toBe(ajv6);
    const asked = await askedChunks(page);
    expect(asked.some((n) => n.startsWith('engine-entry-v1-120-'))).toBe(true);
    expect(asked.filter((n) => n.startsWith('engine-entry-v1-132-') || n.startsWith('engine-entry-v2-'))).toEqual([]);
  });

  await test.step('zod 3.25.76 with the v2 server: the real refusal, and the call still runs', async () => {
    const { message } = await evaluateInFrame(page, 3, { v: 1, schema, answer: '{"id":"a"}', versions: { zod: '3.25.76' } }, 150_000);
    const report = reportOf(message);
    expect(report.realSdk.v2?.listError).toContain('Schema appears to be from zod 3');
    expect(structuredContentOf(report, report.realSdk.v2)).toEqual({ id: 'a' });
    expect(report.converters['mcp-sdk-v2']?.listError).toBe(report.realSdk.v2?.listError);
  });
});
