/** Accessibility: axe-core scans of the app and of the embed, light and dark, report no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { expect, test, waitForEditors } from './fixtures.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

/** The serious and critical violations on the page, as "rule: target" lines (readable in a failure). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/**
 * Scans the page light and then dark (the system's scheme, emulated: the page follows a change of it while open, as
 * when a user's system switches at dusk, so one page serves both). With an overlay, each scheme also scans the page
 * with it open (a click on `open` shows `shown`; Escape removes it).
 */
async function scanBothSchemes(page: Page, overlay?: { open: Locator; shown: Locator }): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await seriousViolations(page), scheme).toEqual([]);
      if (!overlay) return;
      await overlay.open.click();
      await expect(overlay.shown).toBeVisible();
      expect(await seriousViolations(page), `${scheme}, overlay open`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(overlay.shown).toHaveCount(0);
    });
  }
}

// Each test runs axe four times over a page with two Monaco editors: slow on a loaded machine.
test.describe.configure({ timeout: 150_000 });

test('the app, with an example open and the Examples menu open, light and then dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/#example/copilot-extra-key');
  await waitForEditors(page);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await scanBothSchemes(page, { open: page.getByRole('button', { name: 'Examples' }), shown: page.getByRole('menu') });
});

test('the embed, read-only text and then editing, each light and dark', async ({ page }) => {
  // An embed without theme= follows the system's scheme, emulated here, as the app does: one embed serves both themes
  // (theme= itself, which forces one: words.spec.ts).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/?embed${encodePermalink(DEFAULT_CASE)}`);
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
  await test.step('read-only', () => scanBothSchemes(page));
  await page.getByRole('button', { name: 'Edit' }).click();
  await waitForEditors(page);
  await test.step('editing', () => scanBothSchemes(page));
});

test('the first-visit guide and the Help panel, light and dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByTestId('guide')).toBeVisible();
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await scanBothSchemes(page, { open: page.getByRole('button', { name: 'Help', exact: true }), shown: page.getByRole('dialog', { name: 'Help' }) });
});
