// Sampling CPU profile of the app page's main thread over one page load (second visit, warm HTTP cache).
// Usage: npx tsx scripts/profile.mts <url> [settle ms=3000]. Prints self time by script and by function.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
const url = process.argv[2]; const settle = Number(process.argv[3] ?? 3000);
const browser = await chromium.launch(chromiumLaunchOptions());
const ctx = await browser.newContext();
{ const p = await ctx.newPage(); await p.goto(url); await p.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done'); await p.waitForTimeout(2000); await p.close(); }
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url);
await page.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done');
await page.waitForTimeout(settle);
const { profile } = await cdp.send('Profiler.stop') as any;
await browser.close();
const dt = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
const byUrl = new Map<string, number>(); const byFn = new Map<string, number>();
for (const n of profile.nodes) {
  const t = dt.get(n.id) ?? 0; if (!t) continue;
  const u = (n.callFrame.url || '(' + n.callFrame.functionName + ')').replace(/^.*\//, '');
  byUrl.set(u, (byUrl.get(u) ?? 0) + t);
  const f = `${n.callFrame.functionName || '(anon)'} ${u}:${n.callFrame.lineNumber}`;
  byFn.set(f, (byFn.get(f) ?? 0) + t);
}
const total = [...byUrl.values()].reduce((a, b) => a + b, 0);
console.log('total sampled', total.toFixed(0), 'ms');
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(v.toFixed(0).padStart(6), k);
console.log('---');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(0).padStart(6), k);
