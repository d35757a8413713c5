// The README's Fixes screenshot: the default case at 1280 px, Suggest fixes clicked and the first checked fix opened,
// cropped to the answer editor and the verdict pane with its fixes.
// usage: npx vite build && npx vite preview --port 5174 --strictPort &  npx tsx docs/screenshot-fixes.mjs [baseUrl]
// Writes docs/fixes.png (re-encoded smaller by png-shrink.mjs).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { shrinkPng } from './png-shrink.mjs';

const [base = 'http://localhost:5174/'] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1500 }, colorScheme: 'light' });
  await page.goto(base);
  await page.getByTestId('status').filter({ hasText: /Evaluated in/ }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Suggest fixes' }).click();
  const fix = page.getByTestId('fix').and(page.locator('[data-kind="loosen-object"]'));
  await fix.filter({ hasText: 'PASS, checked' }).waitFor({ timeout: 60_000 });
  await fix.locator('summary').click();
  // Monaco paints its markers and tokens a frame after the model settles.
  await page.waitForTimeout(800);
  const verdict = await page.locator('[data-pane="verdict"]').boundingBox();
  if (!verdict) throw new Error('no verdict pane on the page');
  const clip = { x: 0, y: verdict.y - 8, width: verdict.x + verdict.width + 4, height: verdict.height + 4 };
  writeFileSync(new URL('fixes.png', import.meta.url), shrinkPng(await page.screenshot({ clip })));
  console.log('docs/fixes.png');
} finally {
  await browser.close();
}
