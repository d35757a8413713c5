/**
 * Plain words: the app says what raw and the FrontMCP policies are and where wire-truthful and
 * lenient-output come from; no internal words; tabs that do not look closable; the verdict names its client; the
 * theme switch is remembered across a reload, and an embed keeps its theme= option.
 */
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { expect, openCase, openLink, test } from './fixtures.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const pane = (page: Page, id: string): Locator => page.locator(`[data-pane="${id}"]`);

async function evaluated(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
}

test('the policies and the proposed converters are explained in one sentence each, where they appear', async ({ page }) => {
  await openCase(page, {});
  await evaluated(page);
  await expect(pane(page, 'undeclared').getByTestId('policy-note')).toHaveText(
    'raw is what the published SDKs do today; strip, warn, keep and fail are FrontMCP’s policies (FrontMCP PR #981), not released in the SDKs.',
  );
  const about = pane(page, 'listed').getByTestId('converter-about');
  await pane(page, 'listed').getByRole('tab', { name: 'wire-truthful' }).click();
  await expect(about).toHaveText('wire-truthful is a converter proposed for the SDKs (SDK PR #2556, not merged): it lists what the server really ships, not what zod parses.');
  await pane(page, 'listed').getByRole('tab', { name: 'lenient-output' }).click();
  await expect(about).toHaveText('lenient-output is the neomjs server’s converter (neomjs PR #10067): every output object open, so extra keys pass.');
  // One name for it everywhere: the picker says lenient-output too.
  await expect(page.getByRole('combobox', { name: 'Converter' }).locator('option:checked')).toHaveText('lenient-output');
});

test('converter tabs say PASS/FAIL in words (a ✗ beside a name reads as "close"); the verdict row names its client', async ({ page }) => {
  await openCase(page, {});
  await evaluated(page);
  const tabs = pane(page, 'listed').getByRole('tab');
  await expect(tabs).toHaveCount(6);
  await expect(pane(page, 'listed').getByRole('tab', { name: 'SDK v1' })).toContainText('FAIL');
  for (const t of await tabs.all()) await expect(t).not.toContainText(/[✗✓×]/);
  const raw = pane(page, 'verdict').locator('[data-policy="raw"]');
  await expect(raw.locator('.client-name')).toHaveText('v1');
  await page.getByRole('combobox', { name: 'Client' }).selectOption('sdk-v2-browser');
  await expect(raw.locator('.client-name')).toHaveText('v2 (browser)');
});

test('no internal words: a wire-truthful gap is named by its proposal, not by a seed number', async ({ page }) => {
  await openLink(page, '#example/coerce-ships-a-string');
  await evaluated(page);
  await pane(page, 'listed').getByRole('tab', { name: 'wire-truthful' }).click();
  await expect(pane(page, 'listed')).toContainText('Known gap of wire-truthful (SDK PR #2556)');
  await expect(page.locator('body')).not.toContainText(/\bseed\b/i);
});

test.describe('rows that load the app themselves', () => {
  // A reload, and an embed.
  test.use({ reuse: false });

  test('the theme button applies at once and is remembered across a reload; an embed keeps its theme= option', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openCase(page, {});
    await evaluated(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    // From auto on a light system the first click shows dark (something visible changes), then light, then auto.
    await page.getByRole('button', { name: 'Theme: auto (as the system)' }).click();
    await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Theme: dark' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    // auto follows the system again.
    await page.getByRole('button', { name: 'Theme: light' }).click();
    await expect(page.getByRole('button', { name: 'Theme: auto (as the system)' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // On a dark system the first click from auto shows light.
    await page.getByRole('button', { name: 'Theme: auto (as the system)' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    // An embed ignores the remembered choice: its page's theme= decides, and it shows no theme button.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Theme: light' }).click();
    await page.getByRole('button', { name: /^Theme: auto/ }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.goto(`/?embed&theme=light${encodePermalink(DEFAULT_CASE)}`);
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: /^Theme:/ })).toHaveCount(0);
  });
});
