/**
 * Linked paths and what ships: an error path in a pane is a link to its spot in the answer
 * (array index included) and to the subschema of the listing; each policy shows what it removed, filled or changed.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openCase, openLink, test, waitForEditors } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const pane = (page: Page, id: string): Locator => page.locator(`[data-pane="${id}"]`);
const row = (page: Page, paneId: string, policy: string): Locator => pane(page, paneId).locator(`[data-policy="${policy}"]`);
const cursor = (page: Page) => page.evaluate(() => window.__playground!.cursor('answer'));
const selection = (page: Page) => page.evaluate(() => window.__playground!.selection('answer'));

async function evaluated(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await waitForEditors(page);
}

test('a verdict path moves the cursor to the key it names, array index included, and marks it in the listing', async ({ page }) => {
  await openCase(page, {});
  await evaluated(page);
  // The default case: Ajv says "data/lines/0 must NOT have additional properties", naming no key; the row names it.
  const link = row(page, 'verdict', 'raw').getByRole('button', { name: '/lines/0/margin' });
  await link.click();
  await expect.poll(() => cursor(page)).toEqual({ line: 6, column: 31 });
  await expect.poll(() => selection(page)).toBe('"margin": 0.31');
  await expect(pane(page, 'listed').getByTestId('listed-mark')).toHaveText('"additionalProperties": false');
  await expect(pane(page, 'listed').getByTestId('listed-mark')).toBeInViewport();
  await row(page, 'verdict', 'raw').getByRole('button', { name: '/costCenter' }).click();
  await expect.poll(() => cursor(page)).toEqual({ line: 4, column: 3 });
  await expect.poll(() => selection(page)).toBe('"costCenter": "CC-7"');
});

test('an undeclared key path (lines[].margin) goes to its first match; a value error goes to the value', async ({ page }) => {
  await openCase(page, {});
  await evaluated(page);
  await row(page, 'undeclared', 'raw').getByRole('button', { name: 'lines[].margin' }).click();
  await expect.poll(() => selection(page)).toBe('"margin": 0.31');
  await openLink(page, '#example/coerce-ships-a-string');
  await evaluated(page);
  await row(page, 'verdict', 'raw').getByRole('button', { name: '/n' }).click();
  await expect.poll(() => selection(page)).toBe('"n": "5"');
  await expect(pane(page, 'listed').getByTestId('listed-mark')).toHaveText('"n": { "type": "number" }');
});

test('what ships, per policy: strip removes the undeclared keys and fills a default, each against the answer', async ({ page }) => {
  await openCase(page, {});
  await evaluated(page);
  const strip = row(page, 'undeclared', 'strip').getByTestId('ships-changes');
  await expect(strip.locator('li')).toHaveText(['removed costCenter', 'removed lines[0].margin']);
  await expect(row(page, 'undeclared', 'keep').getByTestId('ships-changes')).toHaveCount(0);
  await openLink(page, '#example/default-listed-required');
  await evaluated(page);
  await expect(row(page, 'undeclared', 'strip').getByTestId('ships-changes').locator('li[data-kind="added"]')).toHaveText('added count: 1');
});
