// waitForFunction polling cost: Chromium CPU over 5 s idle, under a requestAnimationFrame poll, under a 100 ms timer poll.
// npx tsx scripts/raf.mts <app url> (against `npx vite preview`); the figures behind e2e/fixtures.ts POLL.
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
function cpu() { let s = 0; for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { if (!readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('chromium')) continue; const st = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' '); s += (Number(st[11]) + Number(st[12])) / 100; } catch {} } return s; }
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage();
await page.goto(process.argv[2]);
await page.waitForFunction(() => (window as any).__playground?.ready() === true, null, { polling: 100 });
await page.waitForTimeout(5000);
for (const mode of ['idle', 'raf', 'interval', 'idle']) {
  const c0 = cpu();
  if (mode === 'idle') await page.waitForTimeout(5000);
  else await page.waitForFunction(() => false, null, { timeout: 5000, polling: mode === 'raf' ? 'raf' : 100 }).catch(() => {});
  console.log(mode, (cpu() - c0).toFixed(2), 'cpu-s in 5 s');
}
await browser.close();
