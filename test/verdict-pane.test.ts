/** The verdict pane names the keys a client refuses when its message does not (from the structured errors), beside the message verbatim. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { RealSdkPane } from '../src/ui/panes/RealSdkPane.tsx';
import { VerdictPane } from '../src/ui/panes/VerdictPane.tsx';
import { paneDom } from './render-pane.ts';
import type { ClientId } from '../src/engine/contract/catalog.ts';

/** The raw row of the verdict pane for `client`, as a DOM element. */
function rawRowOf(report: Report, answer: string, client: ClientId): Element {
  const row = paneDom(report, { answer, client }, VerdictPane).querySelector('[data-policy="raw"]');
  if (!row) throw new Error('no raw row');
  return row;
}

/** The raw row's refused keys and message, as the pane shows them. */
async function rawRow(answer: string, client: ClientId) {
  const report = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer });
  const row = rawRowOf(report, answer, client);
  return {
    keys: [...row.querySelectorAll('[data-testid="refused-keys"] button')].map((b) => b.textContent),
    message: row.querySelector('code.message')?.textContent,
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

it('a key path may wrap between its keys, not inside one (a line break allowed before each /)', async () => {
  const report = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer });
  const chips = [...rawRowOf(report, DEFAULT_CASE.answer, 'sdk-v1').querySelectorAll('[data-testid="refused-keys"] code.key')];
  expect(chips.map((c) => c.innerHTML)).toEqual(['/costCenter', '/lines<wbr>/0<wbr>/margin']);
});

it('a key that needs escaping is written as a JSON pointer', async () => {
  const answer = JSON.stringify({ id: '1', total: 1, lines: [], 'a/b~c': 1 });
  expect((await rawRow(answer, 'sdk-v1')).keys).toEqual(['/a~1b~0c']);
});

it('a first report marks the other clients as still coming, not as "not validated"', async () => {
  let first: Report | undefined;
  await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer, converter: 'mcp-sdk-v1', client: 'sdk-v1' }, { first: (r) => (first = r) });
  if (!first) throw new Error('no first report');
  const row = rawRowOf(first, DEFAULT_CASE.answer, 'sdk-v1');
  // The picked client's own verdict, in words; each other client's small badge says "…", explained on hover.
  expect(row.querySelector(':scope > .badge')?.textContent).toBe('FAIL');
  const others = [...row.querySelectorAll('.other')].map((o) => ({ says: o.querySelector('.badge')?.textContent, hover: o.querySelector('.badge')?.getAttribute('title') }));
  expect(others).toEqual([
    { says: '…', hover: expect.stringContaining('still being evaluated') },
    { says: '…', hover: expect.stringContaining('still being evaluated') },
  ]);
});

it('a first report says the real SDK runs are coming, not that they did not run', async () => {
  let first: Report | undefined;
  const full = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer, converter: 'mcp-sdk-v1', client: 'sdk-v1' }, { first: (r) => (first = r) });
  if (!first) throw new Error('no first report');
  expect(paneDom(first, { answer: DEFAULT_CASE.answer, client: 'sdk-v1' }, RealSdkPane).textContent).toContain('Running: it comes after the first verdict.');
  expect(paneDom(full, { answer: DEFAULT_CASE.answer, client: 'sdk-v1' }, RealSdkPane).textContent).not.toContain('Running:');
});

it.each(['sdk-v1', 'sdk-v2-node', 'sdk-v2-browser'] as const)('%s: a missing required key is named, not a bare `/`', async (client) => {
  const schema = "import { z } from 'zod';\nexport default z.object({ id: z.string(), giftWrap: z.boolean().default(false) });\n";
  const answer = '{ "id": "o1" }';
  const report = await evaluate({ v: 1, schema, answer });
  const row = rawRowOf(report, answer, client);
  const places = [...row.querySelectorAll('[data-testid="places"] code.key')].map((c) => c.textContent);
  expect(places).toEqual(['/giftWrap (missing)']);
});
