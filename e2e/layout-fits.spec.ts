/**
 * Layout that holds at the widths people use (390, 768, 1024, 1280, 1440 px), measured with bounding boxes: the header
 * wraps by groups, never one control at a time, with its actions on the title's row; the phone's Examples menu ends
 * above the verdict bar; compare keeps its words whole; a notice covers no verdict row; a schema that does not load
 * leaves the verdict right under the listing; fixes open with the first Apply in view; what was generated leaves the
 * answer editor its lines and can be closed; a dark embed on a light page has no light strips. With SCREENSHOT_DIR
 * set, the last row writes the app at the five widths, light and dark (docs/screens/ keeps them, re-encoded smaller).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openCase, openLink, test, waitForEditors } from './fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function evaluated(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
}

test.describe('rows that set their own viewport', () => {
  test.use({ reuse: false });

  for (const width of [1280, 1024, 768]) {
    test(`${width} px: the header wraps by whole groups, its actions on the title's row, no control over another`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openCase(page, {});
      await evaluated(page);
      const groups = page.locator('.app-header .control-group');
      await expect(groups).toHaveCount(2);
      // Each group on one line: all its controls share one vertical band.
      for (const group of await groups.all()) {
        const tops = await group.locator(':scope > *').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom]));
        const mid = (tops[0]![0]! + tops[0]![1]!) / 2;
        for (const [top, bottom] of tops) expect(top! <= mid && mid <= bottom!).toBe(true);
      }
      // The actions (theme, Export, Share) on the title's row, at the right edge.
      const title = await box(page.locator('.app-header h1'));
      const share = await box(page.getByRole('button', { name: 'Share' }));
      expect(Math.abs(share.y + share.height / 2 - (title.y + title.height / 2))).toBeLessThan(12);
      expect(share.x + share.width).toBeGreaterThan(width - 40);
      // Nothing in the header overlaps anything else in it.
      const controls = await page.locator('.app-header h1, .control-group > *, .header-actions button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
      for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) expect(overlap(controls[i]!, controls[j]!), `${i} × ${j}`).toBe(false);
    });
  }

  test('390 px: every header button shows, Help and the theme among them, none over another', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCase(page, {});
    await evaluated(page);
    for (const name of ['Help', 'Export', 'Share']) await expect(page.locator('.app-header').getByRole('button', { name, exact: true })).toBeInViewport();
    const buttons = await page.locator('.app-header button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
    for (let i = 0; i < buttons.length; i++) for (let j = i + 1; j < buttons.length; j++) expect(overlap(buttons[i]!, buttons[j]!), `${i} × ${j}`).toBe(false);
  });

  test('390 px: the Examples menu ends above the verdict bar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCase(page, {});
    await evaluated(page);
    await page.getByRole('button', { name: /Examples/ }).click();
    const popup = page.locator('.examples-menu .menu-popup');
    await expect(popup).toBeVisible();
    const bar = await box(page.getByTestId('verdict-bar'));
    const menu = await box(popup);
    expect(menu.y + menu.height).toBeLessThanOrEqual(bar.y);
    await page.keyboard.press('Escape');
  });

  test('1280 px: a notice covers none of the verdict pane', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCase(page, {});
    await evaluated(page);
    await page.getByRole('button', { name: 'Share' }).click();
    const toast = page.locator('.toast');
    await expect(toast).not.toBeEmpty();
    const at = await box(toast);
    expect(overlap(at, await box(page.locator('[data-pane="verdict"]')))).toBe(false);
  });

  test('1280 px: a schema that does not load leaves the verdict pane right under the listing pane', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCase(page, { schema: 'export default z.object({ id: z.strin( })' });
    await expect(page.locator('[data-pane="listed"]')).toContainText('the schema did not load');
    const listed = await box(page.locator('[data-pane="listed"]'));
    const verdict = await box(page.locator('[data-pane="verdict"]'));
    expect(listed.height).toBeLessThan(250);
    expect(verdict.y - (listed.y + listed.height)).toBeLessThan(16);
  });

  test('1280×900: fixes open with the first Apply in view, not at the bottom of a small box', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCase(page, {});
    await evaluated(page);
    await page.getByRole('button', { name: 'Suggest fixes' }).click();
    const apply = page.getByTestId('fix').first().getByRole('button', { name: 'Apply' });
    await expect(apply).toBeVisible({ timeout: 60_000 });
    // In view in the pane's own box, without scrolling it.
    const body = page.locator('[data-pane="verdict"] .pane-body');
    expect(await body.evaluate((el) => el.scrollTop)).toBe(0);
    const [b, a] = [await box(body), await box(apply)];
    expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height);
    expect(b.height).toBeGreaterThan(400);
  });

  test('1280×900: what was generated leaves the answer editor seven lines, and closes', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCase(page, {});
    await evaluated(page);
    await waitForEditors(page);
    await page.getByRole('button', { name: 'Make a sample answer' }).click();
    const generated = page.getByTestId('generated');
    await expect(generated).toBeVisible({ timeout: 60_000 });
    // Display names only in its header.
    await expect(generated.locator('.generated-head')).toContainText('under SDK v1, SDK v1 client');
    await expect(generated).not.toContainText('mcp-sdk-v1');
    expect((await box(page.locator('[data-editor="answer"] .editor-body'))).height).toBeGreaterThanOrEqual(130);
    await generated.getByRole('button', { name: 'Close what was generated' }).click();
    await expect(generated).toHaveCount(0);
  });

  test('compare keeps its words whole on a phone (390 px): the table scrolls sideways instead', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openLink(page, '#example/copilot-extra-key');
    await evaluated(page);
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const table = page.getByTestId('compare-table');
    await expect(table).toContainText('Structured content', { timeout: 120_000 });
    // Every word of letters (up to 14) sits on one line: its range has a single client rect.
    const broken = await table.evaluate((el) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (const m of text.matchAll(/[A-Za-z]{4,14}/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length > 1) out.push(m[0]);
        }
      }
      return out;
    });
    expect(broken).toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('a dark embed on a light page has no light strips beside it: the app spans the frame', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto('/?embed&theme=dark#example/copilot-extra-key');
    await expect(page.locator('[data-pane="verdict"] .verdict-row').first()).toBeVisible({ timeout: 60_000 });
    const edges = await page.evaluate(() => {
      const app = document.querySelector('.app')!.getBoundingClientRect();
      return { left: app.left, gap: document.documentElement.clientWidth - app.right, bg: getComputedStyle(document.documentElement).backgroundColor };
    });
    expect(edges.left).toBe(0);
    expect(edges.gap).toBeLessThanOrEqual(0);
    // The root is painted dark (its channels well below a light page's).
    const channels = edges.bg.match(/\d+/g)!.slice(0, 3).map(Number);
    expect(Math.max(...channels)).toBeLessThan(64);
  });

  test('screenshots at 390, 768, 1024, 1280 and 1440 px, light and dark', async ({ page }) => {
    const dir = process.env['SCREENSHOT_DIR'];
    test.skip(!dir, 'set SCREENSHOT_DIR to save them');
    test.setTimeout(300_000);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [width, height] of [[390, 844], [768, 1024], [1024, 768], [1280, 800], [1440, 900]] as const) {
        await page.setViewportSize({ width, height });
        await openCase(page, {});
        await evaluated(page);
        await waitForEditors(page);
        await page.screenshot({ path: `${dir}/${scheme}-${width}.png` });
      }
    }
  });
});
