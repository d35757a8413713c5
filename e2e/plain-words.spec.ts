/**
 * Words that say what happened, as a user reads them through links: the input role names the inputSchema and the
 * arguments; a failed tools/list is named on each verdict row it empties; policies that did not run say "not run";
 * the v1 client on protocol 2026-07-28 offers the v2 client in one click; an imported listing carries a note, not a
 * startup warning; a disabled Export item says why in its text; a pasted registration names the tool unless the user
 * typed one; the generate button says what it makes; the Listed pane diffs against any converter, `-` before `+`.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openCase, openLink, setEditorText, test } from './fixtures.ts';

test.use({ reuse: true });

const pane = (page: Page, id: string): Locator => page.locator(`[data-pane="${id}"]`);
const row = (page: Page, id: string, policy: string): Locator => pane(page, id).locator(`[data-policy="${policy}"]`);

async function evaluated(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
}

const INPUT = { role: 'input' as const, tool: 'search', schema: 'export default z.object({ q: z.string(), limit: z.number().max(100) })', answer: '{"q":"x","limit":500}' };

test('input role: the verdict names the inputSchema and the arguments, never the output schema', async ({ page }) => {
  await openCase(page, INPUT);
  await evaluated(page);
  const raw = row(page, 'verdict', 'raw');
  await expect(raw.locator('code.message')).toContainText("The arguments do not match the tool's inputSchema: data/limit must be <= 100");
  await expect(pane(page, 'verdict')).not.toContainText(/output schema/i);
  // The generate button says what it makes under "Call arguments".
  await expect(page.getByRole('button', { name: 'Make sample arguments' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sample answer/ })).toHaveCount(0);
});

test('a failed tools/list is named on each verdict row it empties', async ({ page }) => {
  await openLink(page, '#example/date-takes-down-tools-list');
  await evaluated(page);
  await page.getByRole('combobox', { name: 'Converter' }).selectOption('zod');
  await expect(pane(page, 'listed')).toContainText('tools/list fails:');
  for (const policy of ['raw', 'strip', 'warn', 'keep', 'fail']) {
    await expect(row(page, 'verdict', policy)).toContainText('tools/list fails under this converter, so v1 has no outputSchema to validate against');
  }
  await expect(pane(page, 'verdict')).not.toContainText('no schema listed');
});

test('under zod 3 the policies that did not run say "not run" and why, not "no undeclared keys"', async ({ page }) => {
  await openCase(page, { versions: { zod: '3.25.76', sdk: '1.32.2', server: '2.4.0' } });
  await evaluated(page);
  for (const policy of ['strip', 'warn', 'keep', 'fail']) {
    const r = row(page, 'undeclared', policy);
    await expect(r.getByTestId('not-run')).toHaveText('not run');
    await expect(r).toContainText(/needs a zod 4 schema|the same as/);
    await expect(r).not.toContainText('no undeclared keys');
    await expect(row(page, 'verdict', policy)).toContainText('not run: this policy needs a zod 4 schema');
  }
});

test('protocol 2026-07-28 with the v1 client: one click shows the v2 client', async ({ page }) => {
  await openCase(page, { protocol: '2026-07-28', client: 'sdk-v1' });
  await evaluated(page);
  const hint = pane(page, 'verdict').getByTestId('era-hint');
  await expect(hint).toContainText('SDK 1.x speaks only protocol 2025-11-25, so the v1 client gives no verdict on 2026-07-28.');
  await hint.getByRole('button', { name: 'Show the SDK v2 client (Node)' }).click();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('sdk-v2-node');
  await expect(hint).toHaveCount(0);
  await expect(row(page, 'verdict', 'raw').locator(':scope > .badge')).toHaveText(/PASS|FAIL/);
});

test('an imported listing carries a note, not a startup warning', async ({ page }) => {
  await openCase(page, { schema: 'export const listing = {"type":"object","properties":{"id":{"type":"string"}},"additionalProperties":false};\n', answer: '{"id":"1","x":2}' });
  await evaluated(page);
  await expect(pane(page, 'listed')).toContainText('Note:Imported listing, taken as given');
  await expect(pane(page, 'listed')).not.toContainText('Startup warning');
});

test('a disabled Export item says why in its own text, not only in a hover title', async ({ page }) => {
  await openCase(page, { schema: 'export default z.object({ id: z.strin( })' });
  await expect(page.getByTestId('status')).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const disabled = page.getByRole('menuitem').and(page.locator(':disabled'));
  expect(await disabled.count()).toBeGreaterThan(0);
  for (const item of await disabled.all()) {
    const why = item.getByTestId('disabled-why');
    await expect(why).toBeVisible();
    expect((await why.textContent())?.length).toBeGreaterThan(10);
  }
  await page.keyboard.press('Escape');
});

const REGISTRATION = (name: string) =>
  `import { z } from "zod";\nserver.registerTool("${name}", { description: "Find issues", outputSchema: { id: z.string() } }, async () => ({ structuredContent: { id: "1" }, content: [] }));\n`;

test('a pasted registration names the tool, unless the user typed the Tool field in this case', async ({ page }) => {
  await openCase(page, {});
  await evaluated(page);
  const tool = page.getByRole('textbox', { name: 'Tool', exact: true });
  await expect(tool).toHaveValue('get_invoice');
  await setEditorText(page, 'schema', REGISTRATION('search_issues'));
  await expect(tool).toHaveValue('search_issues');
  await expect.poll(() => page.evaluate(() => window.__playground!.store.getState().tool)).toBe('search_issues');
  // The user names the tool: a later paste keeps their name.
  await tool.fill('my_search');
  await tool.blur();
  await setEditorText(page, 'schema', REGISTRATION('list_issues'));
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect.poll(() => page.evaluate(() => window.__playground!.store.getState().report?.registration?.picked)).toBe('list_issues');
  await expect(tool).toHaveValue('my_search');
});

test('the Listed pane diffs against any converter: a changed line reads - then +, and a moved $schema is diffed in place', async ({ page }) => {
  await openCase(page, { converter: 'mcp-sdk-v2' });
  await evaluated(page);
  await pane(page, 'listed').getByRole('combobox', { name: 'Diff against' }).selectOption('mcp-sdk-v1');
  const diff = pane(page, 'listed').getByLabel("Difference from SDK v1's listing");
  await expect(diff).toBeVisible();
  const lines = await diff.locator('.diff-line').allTextContents();
  const changed = lines.filter((l) => /^[-+]/.test(l));
  // SDK v1 lists draft-07 and SDK v2 2020-12, each at its own place: one - line then one + line for $schema.
  const schemaLines = changed.filter((l) => l.includes('"$schema"'));
  expect(schemaLines.map((l) => l[0])).toEqual(['-', '+']);
  expect(schemaLines[0]).toContain('draft-07');
  expect(schemaLines[1]).toContain('2020-12');
  // Every run of changes reads its - lines before its + lines.
  expect(lines.map((l) => l[0]).join('')).not.toMatch(/\+-/);
});

test('in the SDK 1.20.2 world the page names the Ajv 6 its client runs beside the v2 client\'s Ajv', async ({ page }) => {
  await openCase(page, { versions: { zod: '3.25.76', sdk: '1.20.2', server: '2.4.0' } });
  await evaluated(page);
  const versions = await page.evaluate(() => window.__playground!.store.getState().report?.versions);
  expect(versions?.['@modelcontextprotocol/sdk']).toBe('1.20.2');
  expect(versions?.['@modelcontextprotocol/sdk > ajv']).toMatch(/^6\.\d+\.\d+$/);
  expect(versions?.ajv).toMatch(/^8\./);
});
