/**
 * Layout: on a phone the verdict shows as one line without scrolling past
 * the editors, a long listing scrolls in its own box, and a long undeclared key wraps beside what ships instead of
 * running under it; on a wide screen the undeclared-keys pane is as tall as what it says, the space it leaves goes to
 * the pane below it, the Tool field shows a long name whole, a notice covers none of the controls, and the converter
 * tabs are one tab stop moved by the arrow keys; at 1024 px no pane's content runs past its box.
 */
import type { Locator } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { expect, test, waitForEditors } from './fixtures.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

/** A realistic invoice (13 keys, nested objects): a long listing, and one long nested undeclared key. */
const INVOICE = {
  ...DEFAULT_CASE,
  tool: 'search_invoices_by_customer',
  schema: [
    'import { z } from "zod";',
    'const Address = z.object({ line1: z.string(), city: z.string(), postcode: z.string(), country: z.string() });',
    'export default z.object({',
    '  id: z.string(), status: z.enum(["open", "paid", "void"]),',
    '  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), shippingAddress: Address, billingAddress: Address }),',
    '  lines: z.array(z.object({ sku: z.string(), qty: z.number().int(), unitPrice: z.number(), taxRate: z.number() })),',
    '  subtotal: z.number(), tax: z.number(), total: z.number(), currency: z.string(), issuedAt: z.string(),',
    '});',
    '',
  ].join('\n'),
  answer: JSON.stringify({
    id: 'INV-1', status: 'open',
    customer: { id: 'c1', name: 'Ada', email: 'a@b.c', shippingAddress: { line1: '1 Road', city: 'X', postcode: '1', country: 'GB', region: 'Northwest' }, billingAddress: { line1: '1 Road', city: 'X', postcode: '1', country: 'GB' } },
    lines: [{ sku: 'A', qty: 1, unitPrice: 2, taxRate: 0.2 }], subtotal: 2, tax: 0.4, total: 2.4, currency: 'GBP', issuedAt: '2026-01-01',
  }, null, 2),
} satisfies Case;

const box = async (l: Locator) => (await l.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('390×844: a one-line verdict summary is in view without scrolling, and leads to the verdict pane; the panes are stacked, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${encodePermalink(INVOICE)}`);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  const bar = page.getByTestId('verdict-bar');
  await expect(bar).toBeInViewport();
  // Who validates, whole on two short lines: never cut to "v1 · S…".
  await expect(bar.locator('.bar-who')).toHaveText(/^v1\s*on SDK v1$/);
  expect(await bar.locator('.bar-who').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(bar).toContainText(/raw\s*FAIL\s*strip\s*PASS/);
  // One line: the bar's height is that of a line, whatever it says.
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(40);
  // The verdict pane itself starts below the screen, past both editors: the bar is what shows the verdict.
  await expect(page.locator('[data-pane="verdict"]')).not.toBeInViewport();
  await bar.click();
  await expect(page.locator('[data-pane="verdict"] .panel-head')).toBeInViewport();
  // The panes are stacked in one column, and nothing is wider than the screen.
  const panes = await page.locator('.pane').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  expect(new Set(panes.map((b) => Math.round(b.x))).size).toBe(1);
  for (let i = 1; i < panes.length; i++) expect(panes[i]!.y).toBeGreaterThan(panes[i - 1]!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The listing scrolls in a box of its own (it was ~2,000 px tall here, pushing the verdict far down).
  const listed = page.locator('[data-pane="listed"] > .pane-body');
  expect((await box(listed)).height).toBeLessThanOrEqual(560);
  expect(await listed.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  // customer.shippingAddress.region wraps in its column: no key chip runs under "ships an object (13 keys)".
  const rows = page.locator('[data-pane="undeclared"] .policy-row');
  await expect(rows.first().locator('.key')).toHaveText('customer.shippingAddress.region');
  for (const row of await rows.all()) {
    const ships = await box(row.locator('.ships'));
    for (const key of await row.locator('.keys .key').all()) expect(overlap(await box(key), ships)).toBe(false);
  }
});

test('1440×900: everything visible without a page scroll and each pane without its own; the undeclared-keys pane is no taller than its content; the real SDK pane below takes the rest; at 1024×768 no pane’s content runs past its box', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await waitForEditors(page);
  // The default case's story (two lines above the panes) is read once and dismissed: the panes then take the height.
  await page.getByRole('button', { name: "Dismiss the case's explanation" }).click();
  // Everything visible without a page scroll, each pane without a scroll of its own.
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight - window.innerHeight,
    panes: [...document.querySelectorAll<HTMLElement>('.pane-body')].map((el) => el.scrollHeight - el.clientHeight),
  }));
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.panes).toEqual([0, 0, 0, 0]);
  await expect(page.getByTestId('verdict-bar')).toBeHidden();
  const empty = await page.locator('[data-pane="undeclared"] .pane-body').evaluate((body) => {
    const last = body.lastElementChild?.getBoundingClientRect();
    return body.getBoundingClientRect().bottom - (last?.bottom ?? 0);
  });
  expect(empty).toBeLessThan(24);
  const [undeclared, real] = await Promise.all(['undeclared', 'real-sdk'].map((id) => page.locator(`[data-pane="${id}"]`).boundingBox()));
  expect(real!.y).toBeGreaterThan(undeclared!.y + undeclared!.height);

  // The Tool field shows a long name whole.
  const tool = page.getByRole('textbox', { name: 'Tool', exact: true });
  await tool.fill(INVOICE.tool);
  expect(await tool.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // A notice ("Link copied", or why not) covers none of the controls: not the version pickers nor Compare versions.
  await page.getByRole('button', { name: 'Share' }).click();
  const toast = page.locator('.toast');
  await expect(toast).not.toBeEmpty();
  for (const control of [page.getByRole('combobox', { name: 'zod', exact: true }), page.getByRole('combobox', { name: 'SDK v1', exact: true }), page.getByRole('button', { name: 'Compare versions' }), page.getByRole('button', { name: 'Export' })]) {
    expect(overlap(await box(toast), await box(control))).toBe(false);
  }
  // The converter tabs (WAI-ARIA tabs): one tab stop, the selected tab; arrows, Home and End move and select.
  const tabs = page.getByRole('tablist', { name: 'Compare converters' }).getByRole('tab');
  await expect(tabs.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
  await tabs.and(page.locator('[aria-selected="true"]')).focus();
  for (const [key, name] of [['ArrowRight', /^SDK v2/], ['End', /^lenient-output/], ['ArrowRight', /^zod/], ['ArrowLeft', /^lenient-output/], ['Home', /^zod/]] as const) {
    await page.keyboard.press(key);
    await expect(page.getByRole('tab', { name, selected: true })).toBeFocused();
  }
  await expect(page.getByRole('combobox', { name: 'Converter' })).toHaveValue('zod');

  // 1024×768: no pane's content runs past its box (the real SDK runs' long messages wrap inside their column).
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const pane of ['listed', 'verdict', 'undeclared', 'real-sdk']) {
    await expect.poll(() => page.locator(`[data-pane="${pane}"] .pane-body`).evaluate((b) => b.scrollWidth - b.clientWidth), { message: pane }).toBe(0);
  }
});

test('an embed keeps the panes in the order its link gives (the two-column split is the full app’s)', async ({ page }) => {
  await page.goto(`/?embed&panes=undeclared,listed,verdict${encodePermalink(DEFAULT_CASE)}`);
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
  expect(await page.locator('[data-pane]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pane')))).toEqual(['undeclared', 'listed', 'verdict']);
});
