// A screenshot of the app at one size once it has evaluated; prints each pane's scroll and client width (overflow shows).
// Usage: npx tsx scripts/shot.mts <url> <out.png> <width> <height>.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';
const [url, out, w, h] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
await p.goto(url);
await p.getByTestId('status').filter({ hasText: /Evaluated in/ }).waitFor({ timeout: 30000 });
await p.waitForTimeout(1500);
const over = await p.evaluate(() => [...document.querySelectorAll('[data-pane]')].map((e) => { const b = e.querySelector('.pane-body') ?? e; return `${e.getAttribute('data-pane')} scrollW ${b.scrollWidth} clientW ${b.clientWidth}`; }));
console.log(over.join('\n'));
await p.screenshot({ path: out });
await b.close();
