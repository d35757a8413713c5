/**
 * Import end to end: a real tools/list + tools/call exchange (recorded from the SDK by test/record-import.ts) pasted
 * into Import fills the case (tool, answer, the listing as given) and the verdict panes judge against it; the real-SDK
 * pane says it needs the zod source.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorText, expect, openCase, test } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'test', 'recorded', 'import-tools-pair.json'), 'utf8')) as { messages: unknown[] };

test('an imported tools/list + tools/call pair fills the case and shows a verdict', async ({ page }) => {
  await openCase(page, {});
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByRole('textbox', { name: /Paste a tools\/list/ }).fill(JSON.stringify(recorded.messages, null, 2));
  await page.getByRole('button', { name: 'Fill the case' }).click();
  await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue('get_invoice');
  await page.getByRole('combobox', { name: 'Converter' }).selectOption('mcp-sdk-v1');
  await page.getByRole('combobox', { name: 'Client' }).selectOption('sdk-v1');
  const raw = page.locator('[data-pane="verdict"] [data-policy="raw"]');
  await expect(raw.locator(':scope > .badge')).toHaveText('FAIL');
  await expect(raw).toContainText('must NOT have additional properties');
  await expect(page.locator('[data-pane="real-sdk"]')).toContainText('needs the zod source');
  expect(await editorText(page, 'schema')).toContain('export const listing = {');
  expect(JSON.parse(await editorText(page, 'answer'))).toMatchObject({ id: 'inv_42', costCenter: 'CC-7' });
});

test('a pasted tools/list with two tools offers both; the one picked fills the case', async ({ page }) => {
  await openCase(page, {});
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  const list = recorded.messages.find((m) => ((m as { result?: { tools?: unknown } }).result ?? {}).tools) as { result: { tools: unknown[] } };
  const second = { name: 'list_orders', outputSchema: { type: 'object', properties: { orders: { type: 'array' } }, additionalProperties: false } };
  const twoTools = { ...list, result: { tools: [...list.result.tools, second] } };
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByRole('textbox', { name: /Paste a tools\/list/ }).fill(JSON.stringify(twoTools, null, 2));
  await page.getByRole('button', { name: 'Fill the case' }).click();
  const picker = page.getByTestId('import-tools');
  await expect(picker.getByRole('button')).toHaveText(['get_invoice', 'list_orders']);
  await picker.getByRole('button', { name: 'list_orders' }).click();
  await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue('list_orders');
  await expect.poll(() => editorText(page, 'schema')).toContain('"orders"');
});
