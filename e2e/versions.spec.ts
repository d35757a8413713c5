/**
 * Versions and protocol eras end to end, through permalinks: a link with versions opens with the
 * pickers set and says which world runs; picking a version or an era reaches the link and changes the verdict; the
 * compare view shows its grid (v2 in both eras), is keyboard-usable and a cell click switches versions. With SCREENSHOT_DIR set, it also saves the compare view at 1440×900 and 1024×768.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { WORLD_EXAMPLES } from '../src/examples/worlds.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { expect, openCase, openLink, test, waitForEditors } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const OLD_WORLD = { versions: { zod: '3.25.76', sdk: '1.20.2', server: '2.4.0' }, answerForm: 'result' } as const;

async function linkedCase(page: Page) {
  const decoded = decodePermalink(new URL(page.url()).hash);
  return decoded.ok ? decoded.state : decoded.error;
}

async function openCompare(page: Page) {
  await page.getByRole('button', { name: 'Compare versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare versions' });
  await expect(dialog.getByTestId('compare-table')).toBeVisible();
  // Each run bounded on its own: either every run is done, or the view says which had no time.
  await expect(dialog.getByTestId('compare-status')).toContainText(/All \d+ runs done|had no time/, { timeout: 120_000 });
  return dialog;
}

test('a link with versions and an answer form opens with the pickers set, and says which world runs', async ({ page }) => {
  await openCase(page, OLD_WORLD);
  await expect(page.getByRole('combobox', { name: 'zod' })).toHaveValue('3.25.76');
  await expect(page.getByRole('combobox', { name: 'SDK v1' })).toHaveValue('1.20.2');
  await expect(page.getByRole('combobox', { name: 'v2' })).toHaveValue('2.4.0');
  await expect(page.getByRole('combobox', { name: 'Answer is' })).toHaveValue('result');
  await expect(page.getByTestId('world')).toHaveText('zod 3.25.76 · SDK 1.20.2 · whole result');
});

test('a link with zod 3.25.76 and SDK 1.20.2 shows that world’s verdict: Ajv 6’s wording', async ({ page }) => {
  // The default case ships keys its outputSchema does not declare.
  await openCase(page, { versions: { zod: '3.25.76', sdk: '1.20.2', server: '2.4.0' } });
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('data should NOT have additional properties');
  await expect(page.getByTestId('world')).toHaveText('zod 3.25.76 · SDK 1.20.2');
});

test('a link with the v2 client 2.0.0-beta.5: the real beta refuses SDK 1.x\'s draft-07 listing, and judges 2.4.0\'s 2020-12 one as 2.4.0 does', async ({ page }) => {
  test.setTimeout(120_000);
  await openCase(page, { converter: 'mcp-sdk-v1', client: 'sdk-v2-node', versions: { zod: '4.6.7', sdk: '1.32.2', server: '2.0.0-beta.5' } });
  await expect(page.getByRole('combobox', { name: 'v2' })).toHaveValue('2.0.0-beta.5');
  await expect(page.getByTestId('world')).toHaveText('v2 client 2.0.0-beta.5');
  const raw = page.locator('[data-pane="verdict"] [data-policy="raw"]');
  await expect(raw).toContainText("Tool 'get_invoice' has an invalid outputSchema: JSON Schema declares an unsupported dialect (\"$schema\": \"http://json-schema.org/draft-07/schema#\"). The default validator supports JSON Schema 2020-12 only", { timeout: 90_000 });
  // The same world under SDK v2's listing (2020-12): the beta judges the answer itself, as 2.4.0 does.
  await page.getByRole('combobox', { name: 'Converter' }).selectOption('mcp-sdk-v2');
  await expect(raw).toContainText('must NOT have additional properties');
  await expect(raw).not.toContainText('unsupported dialect');
});

test('a default link shows no world, and a picked version reaches the link', async ({ page }) => {
  await openCase(page, {});
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.getByTestId('world')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'zod' }).selectOption('4.3.6');
  await expect(page.getByTestId('world')).toHaveText('zod 4.3.6');
  await expect.poll(async () => JSON.stringify(await linkedCase(page))).toContain('"versions":{"zod":"4.3.6","sdk":"1.32.2","server":"2.4.0"}');
});

/** An array output whose item carries an undeclared key: wrapped on 2025-11-25, bare on 2026-07-28. */
const ARRAY_CASE = {
  schema: 'import { z } from "zod";\nexport default z.array(z.object({ sku: z.string() }));\n',
  answer: '[{ "sku": "A-1", "note": "gift" }]',
  converter: 'mcp-sdk-v2',
  client: 'sdk-v2-node',
} as const;

// One comparison (16 real runs) for all the view does: the grid, both eras, a cell picked by keyboard and by click.
test('the compare view shows the grid and both eras, marks the 2026-07-28 cell that differs, a cell picks its versions, Escape closes it', async ({ page }) => {
  test.setTimeout(120_000);
  await openCase(page, ARRAY_CASE);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  const dialog = await openCompare(page);
  await expect(dialog.getByRole('columnheader')).toHaveText([/zod \\ SDK/, /SDK v1 1\.32\.2/, /SDK v1 1\.20\.2/, /v2 2\.4\.0 · 2025-11-25/, /v2 2\.4\.0 · 2026-07-28/]);
  await expect(dialog.getByRole('rowheader')).toHaveText(['zod 4.6.7', 'zod 4.3.6', 'zod 4.0.17', 'zod 3.25.76']);
  // The default cell: SDK v1 lists no array root.
  await expect(dialog.getByRole('button', { name: /^Pick zod 4\.6\.7 with SDK v1 1\.32\.2: default not listed/ })).toBeVisible();
  // zod 4 under SDK 1.20: the real package's own TypeError, worded as in Node (the engine chunks keep the packages' names).
  await expect(dialog.getByRole('button', { name: /Pick zod 4\.6\.7 with SDK v1 1\.20\.2/ })).toContainText('keyValidator._parse is not a function');
  // The eras: the v2 client says data/result/0 of the wrapped array, data/0 of the bare one, and the second is marked.
  const legacy = dialog.getByRole('button', { name: /Pick zod 4\.6\.7 with v2 2\.4\.0 · 2025-11-25/ });
  const modern = dialog.getByRole('button', { name: /Pick zod 4\.6\.7 with v2 2\.4\.0 · 2026-07-28/ });
  await expect(legacy).toContainText('data/result/0 must NOT have additional properties');
  await expect(modern).toContainText('data/0 must NOT have additional properties');
  await expect(modern.locator('xpath=..')).toHaveAttribute('data-era-differs', 'true');
  await expect(legacy.locator('xpath=..')).toHaveAttribute('data-era-differs', 'false');
  // A cell picked by keyboard sets its versions.
  const cell = dialog.getByRole('button', { name: /Pick zod 3\.25\.76 with SDK v1 1\.20\.2/ });
  await cell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'zod' })).toHaveValue('3.25.76');
  await expect(page.getByRole('combobox', { name: 'SDK v1' })).toHaveValue('1.20.2');
  await expect(cell.locator('xpath=..')).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('world')).toHaveText('zod 3.25.76 · SDK 1.20.2');
  const { violations } = await new AxeBuilder({ page }).include('.compare-dialog').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // A cell clicked in the other era sets the era.
  await modern.click();
  await expect(page.getByRole('combobox', { name: 'Protocol' })).toHaveValue('2026-07-28');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

// One opens here; each one's pickers, world badge and verdicts are read off the app's components in test/panes-cases.test.ts.
for (const example of WORLD_EXAMPLES.slice(0, 1)) {
  test(`#example/${example.id} opens in its world`, async ({ page }) => {
    await openLink(page, `#example/${example.id}`);
    await expect(page.getByTestId('example-strip')).toContainText(example.title);
    const { versions, answerForm, protocol } = example.case;
    if (versions) {
      await expect(page.getByRole('combobox', { name: 'zod' })).toHaveValue(versions.zod);
      await expect(page.getByRole('combobox', { name: 'SDK v1' })).toHaveValue(versions.sdk);
    }
    await expect(page.getByRole('combobox', { name: 'Answer is' })).toHaveValue(answerForm ?? 'structuredContent');
    await expect(page.getByRole('combobox', { name: 'Protocol' })).toHaveValue(protocol ?? '2025-11-25');
    await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
    // An era example shows what each era's client says, side by side (recorded from real runs).
    for (const era of example.expect.eras ?? []) await expect(page.getByTestId('era-side-by-side')).toContainText(era.says ?? era.protocol);
  });
}

test.describe('rows that load the app themselves', () => {
  // A reload; the screenshots set the viewport.
  test.use({ reuse: false });

  test('the Protocol picker changes the listing and the verdict, and a link round-trips the era', async ({ page }) => {
    await openCase(page, ARRAY_CASE);
    const verdict = page.locator('[data-pane="verdict"] [data-policy="raw"]');
    const listed = page.locator('[data-pane="listed"]');
    await expect(page.getByRole('combobox', { name: 'Protocol' })).toHaveValue('2025-11-25');
    await expect(verdict).toContainText('data/result/0 must NOT have additional properties');
    await expect(listed).toContainText('"result"');
    await page.getByRole('combobox', { name: 'Protocol' }).selectOption('2026-07-28');
    await expect(verdict).toContainText('data/0 must NOT have additional properties');
    await expect(listed).not.toContainText('"result"');
    await expect(page.getByTestId('world')).toHaveText('protocol 2026-07-28');
    await expect.poll(async () => JSON.stringify(await linkedCase(page))).toContain('"protocol":"2026-07-28"');
    // The link, opened afresh, runs that era.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Protocol' })).toHaveValue('2026-07-28');
    await expect(verdict).toContainText('data/0 must NOT have additional properties');
  });

  test('screenshots of the compare view', async ({ page }) => {
    const dir = process.env['SCREENSHOT_DIR'];
    test.skip(!dir, 'set SCREENSHOT_DIR to save them');
    test.setTimeout(180_000);
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openLink(page, '#example/default-listed-required');
      await waitForEditors(page);
      await openCompare(page);
      await page.screenshot({ path: `${dir}/compare-${width}.png` });
      await page.keyboard.press('Escape');
    }
  });
});
