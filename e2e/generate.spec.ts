/**
 * Generate end to end: the counterexample finder finds the Copilot case's known disagreement (zod accepts an
 * undeclared key, the SDK v1 client rejects it) and loads it in one click; for a schema where zod and the listing
 * agree it says so with the number of tries; "Sample answer" loads an answer the selected client passes.
 */
import { editorText, expect, openCase, openLink, test, waitForEditors } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const raw = '[data-pane="verdict"] [data-policy="raw"] > .badge';

test('the finder finds the Copilot counterexample, and Load puts it in the answer editor', async ({ page }) => {
  // Two sandbox runs (the search, then the loaded answer) beside the page's own: give a busy runner room.
  test.slow();
  await openLink(page, '#example/copilot-extra-key');
  await expect(page.locator(raw)).toHaveText('FAIL');
  await waitForEditors(page);
  await page.getByRole('button', { name: 'Find a counterexample' }).click();
  const found = page.locator('[data-testid="generated"] [data-kind="zod-accepts-client-rejects"]');
  await expect(found).toContainText('must NOT have additional properties');
  const answer = await found.locator('pre').textContent();
  await found.getByRole('button', { name: 'Load' }).click();
  await expect.poll(() => editorText(page, 'answer')).toBe(answer);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator(raw)).toHaveText('FAIL');
});

test('the finder says when zod and the client never disagree, with the tries', async ({ page }) => {
  test.slow();
  await openCase(page, { schema: 'import { z } from "zod";\nexport default z.looseObject({ ok: z.boolean() });\n', answer: '{ "ok": true }', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
  await expect(page.locator(raw)).toHaveText('PASS');
  await page.getByRole('button', { name: 'Find a counterexample' }).click();
  await expect(page.getByTestId('generated')).toContainText(/No disagreement found in \d+ tries/);
});

test('Sample answer loads an answer the selected client passes', async ({ page }) => {
  test.slow();
  await openCase(page, { schema: 'import { z } from "zod";\nexport default z.object({ id: z.string(), at: z.iso.datetime(), n: z.number().int().min(3) });\n', answer: '{}', converter: 'mcp-sdk-v2', client: 'sdk-v2-node' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await waitForEditors(page);
  await page.getByRole('button', { name: 'Make a sample answer' }).click();
  await page.locator('[data-testid="generated"] [data-kind="sample"]').getByRole('button', { name: 'Load' }).click();
  await expect(page.locator(raw)).toHaveText('PASS');
});
