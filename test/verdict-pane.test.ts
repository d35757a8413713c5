/** The verdict pane names the keys a client refuses when its message does not (from the structured errors), beside the message verbatim. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { ClientId } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { RealSdkPane } from '../src/ui/panes/RealSdkPane.tsx';
import { VerdictPane } from '../src/ui/panes/VerdictPane.tsx';
import { renderPane } from './render-pane.ts';

/** Text of static markup: React escapes `&<>"'` only. */
const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The raw row's refused keys and message, as the pane renders them. */
async function rawRow(answer: string, client: ClientId) {
  const report = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer });
  const html = renderPane(report, { answer, client }, VerdictPane);
  const row = /<div class="verdict-row" data-policy="raw">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
  const list = /data-testid="refused-keys"[^>]*>(.*?)<\/span>/s.exec(row)?.[1] ?? '';
  return {
    keys: [...list.matchAll(/<code class="key">(.*?)<\/code>/gs)].map((m) => text(m[1] ?? '')),
    message: text(/<code class="message said">(.*?)<\/code>/s.exec(row)?.[1] ?? ''),
    expected: report.converters['mcp-sdk-v1']?.policies.raw?.verdicts[client]?.message,
  };
}

describe('the default case (Ajv: "must NOT have additional properties" names no key)', () => {
  it.each(['sdk-v1', 'sdk-v2-node'] as const)('%s names each refused key, the message stays verbatim', async (client) => {
    const { keys, message, expected } = await rawRow(DEFAULT_CASE.answer, client);
    expect(keys).toEqual(['/costCenter', '/lines/0/margin']);
    expect(message).toBe(expected);
  });
  it('sdk-v2-browser: its message names the key, so no list', async () => {
    const { keys, message } = await rawRow(DEFAULT_CASE.answer, 'sdk-v2-browser');
    expect(keys).toEqual([]);
    // cfworker stops at its first failing keyword: `properties` (lines) comes before `additionalProperties` (costCenter).
    expect(message).toContain('#/lines/0: Property "margin" does not match additional properties schema.');
  });
});

it('a key that needs escaping is written as a JSON pointer', async () => {
  const answer = JSON.stringify({ id: '1', total: 1, lines: [], 'a/b~c': 1 });
  expect((await rawRow(answer, 'sdk-v1')).keys).toEqual(['/a~1b~0c']);
});

it('a first report marks the other clients as still coming, not as "not validated"', async () => {
  let first: Awaited<ReturnType<typeof evaluate>> | undefined;
  await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer, converter: 'mcp-sdk-v1', client: 'sdk-v1' }, { first: (r) => (first = r) });
  if (!first) throw new Error('no first report');
  const html = renderPane(first, { answer: DEFAULT_CASE.answer, client: 'sdk-v1' }, VerdictPane);
  const row = /<div class="verdict-row" data-policy="raw">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
  expect(row).toContain('badge badge-fail');
  expect((row.match(/badge badge-pending badge-small/g) ?? []).length).toBe(2);
  expect(row).not.toContain('badge-none');
});

it('a first report says the real SDK runs are coming, not that they did not run', async () => {
  let first: Awaited<ReturnType<typeof evaluate>> | undefined;
  const full = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer, converter: 'mcp-sdk-v1', client: 'sdk-v1' }, { first: (r) => (first = r) });
  if (!first) throw new Error('no first report');
  expect(text(renderPane(first, { answer: DEFAULT_CASE.answer, client: 'sdk-v1' }, RealSdkPane))).toContain('Running: it comes after the first verdict.');
  expect(text(renderPane(full, { answer: DEFAULT_CASE.answer, client: 'sdk-v1' }, RealSdkPane))).not.toContain('Running:');
});

it.each(['sdk-v1', 'sdk-v2-node', 'sdk-v2-browser'] as const)('%s: a missing required key is named, not a bare `/`', async (client) => {
  const schema = "import { z } from 'zod';\nexport default z.object({ id: z.string(), giftWrap: z.boolean().default(false) });\n";
  const answer = '{ "id": "o1" }';
  const report = await evaluate({ v: 1, schema, answer });
  const html = renderPane(report, { schema, answer, client }, VerdictPane);
  const row = /<div class="verdict-row" data-policy="raw">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
  const places = /data-testid="places"[^>]*>(.*?)<\/span>/s.exec(row)?.[1] ?? '';
  expect([...places.matchAll(/<code class="key">(.*?)<\/code>/gs)].map((m) => text(m[1] ?? ''))).toEqual(['/giftWrap (missing)']);
});
