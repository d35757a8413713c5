/**
 * Layout (issue 11 item 7): on a phone the verdict shows as one line without scrolling past the editors; on a wide
 * screen the undeclared-keys pane is as tall as what it says, and the space it leaves goes to the pane below it.
 */
import { expect, test, waitForEditors } from './fixtures.ts';

test('390×844: a one-line verdict summary is in view without scrolling, and leads to the verdict pane', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  const bar = page.getByTestId('verdict-bar');
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('v1 · SDK v1');
  await expect(bar).toContainText(/raw\s*FAIL\s*strip\s*PASS/);
  // One line: the bar's height is that of a line, whatever it says.
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(40);
  // The verdict pane itself starts below the screen, past both editors: the bar is what shows the verdict.
  await expect(page.locator('[data-pane="verdict"]')).not.toBeInViewport();
  await bar.click();
  await expect(page.locator('[data-pane="verdict"] .panel-head')).toBeInViewport();
});

test('1440×900: the undeclared-keys pane is no taller than its content; the real SDK pane below takes the rest', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await waitForEditors(page);
  await expect(page.getByTestId('verdict-bar')).toBeHidden();
  const empty = await page.locator('[data-pane="undeclared"] .pane-body').evaluate((body) => {
    const last = body.lastElementChild?.getBoundingClientRect();
    return body.getBoundingClientRect().bottom - (last?.bottom ?? 0);
  });
  expect(empty).toBeLessThan(24);
  const [undeclared, real] = await Promise.all(['undeclared', 'real-sdk'].map((id) => page.locator(`[data-pane="${id}"]`).boundingBox()));
  expect(real!.y).toBeGreaterThan(undeclared!.y + undeclared!.height);
});
