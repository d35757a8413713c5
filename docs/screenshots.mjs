// Screenshots of the built app with a real case, light and dark, at the five widths the layout is checked at
// (e2e/layout-fits.spec.ts), for the README and for review.
// usage: npx vite build && npx vite preview --port 5174 --strictPort &  npx tsx docs/screenshots.mjs [baseUrl] [outDir]
// Writes <outDir>/{light,dark}-{390,768,1024,1280,1440}.png, re-encoded smaller (docs/png-shrink.mjs); docs/screens/
// keeps the light ones and dark at 390 and 1280.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { shrinkPng } from './png-shrink.mjs';

const [base = 'http://localhost:5174/', outDir = '/tmp/screenshots'] = process.argv.slice(2);
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

// The e2e suite's Chromium (found as e2e/chromium.ts says) and flags, the network beyond this machine blocked.
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const scheme of ['light', 'dark']) {
    for (const { width, height } of VIEWPORTS) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
      // Nothing may leave the machine, screenshots included.
      await page.route('**/*', (r) => (/^(https?:\/\/(localhost|127\.0\.0\.1)[:/]|blob:|data:)/.test(r.request().url()) ? r.fallback() : r.abort()));
      await page.goto(base);
      await page.waitForFunction(
        () => window.__playground?.ready() && /Evaluated in/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
        null,
        { timeout: 60_000 },
      );
      // Monaco paints its markers and tokens a frame after the model settles.
      await page.waitForTimeout(500);
      const file = `${outDir}/${scheme}-${width}.png`;
      writeFileSync(file, shrinkPng(await page.screenshot()));
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
