/** Accessibility: axe-core scans of the app and of the embed, light and dark, report no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { encodePermalink } from '../src/state/permalink.ts';
import { expect, test, waitForEditors } from './fixtures.ts';

/** The serious and critical violations on the page, as "rule: target" lines (readable in a failure). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

// Each test runs axe four times over a page with two Monaco editors: slow on a loaded machine.
test.describe.configure({ timeout: 150_000 });

test('the app, with an example open and the Examples menu open, light and then dark', async ({ page }) => {
  // The system's color scheme, emulated for the page; the app follows a change of it while open, as it does when a
  // user's system switches at dusk, so one page serves both themes.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/#example/copilot-extra-key');
  await waitForEditors(page);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Examples' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    });
  }
});

test('the embed, read-only text and then editing, each light and dark', async ({ page }) => {
  // An embed without theme= follows the system's scheme, emulated here, as the app does: one embed serves both themes
  // (theme= itself, which forces one: words.spec.ts).
  const themes = async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await seriousViolations(page), scheme).toEqual([]);
    }
  };
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/?embed${encodePermalink(DEFAULT_CASE)}`);
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
  await test.step('read-only', themes);
  await page.getByRole('button', { name: 'Edit' }).click();
  await waitForEditors(page);
  await test.step('editing', themes);
});

test('the first-visit guide and the Help panel, light and dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByTestId('guide')).toBeVisible();
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Help', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Help' })).toHaveCount(0);
    });
  }
});
