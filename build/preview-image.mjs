// The link-preview image (public/preview.png, og:image): a 1200×630 screenshot of the running app on its default
// case, re-encoded smaller. Usage: node build/preview-image.mjs http://localhost:5173/  (a built app being served).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { shrinkPng } from '../docs/png-shrink.mjs';

const url = process.argv[2];
if (!url) throw new Error('usage: node build/preview-image.mjs <app URL>');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1, colorScheme: 'light' });
  await page.goto(url);
  await page.getByTestId('status').filter({ hasText: /Evaluated in/ }).waitFor();
  await page.waitForFunction(() => window.__playground?.ready() === true);
  // The status line's timing changes from run to run: the image shows the verdicts, not a figure.
  await page.getByTestId('status').evaluate((el) => (el.textContent = 'Evaluated'));
  const png = shrinkPng(await page.screenshot());
  writeFileSync(new URL('../public/preview.png', import.meta.url), png);
  console.log(`public/preview.png: ${png.length} bytes`);
} finally {
  await browser.close();
}
