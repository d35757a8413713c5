// CPU per Chromium process type for N fresh page loads of a URL.
// Usage: npx tsx .probe/cpu.mts <url> [loads=3] [settle ms=3000]. EXTRA='--flag …' adds Chromium flags to the suite's.
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
const url = process.argv[2]; const n = Number(process.argv[3] ?? 3); const settle = Number(process.argv[4] ?? 3000);
const tick = 100;
function procs() {
  const out = new Map<number, { type: string; cpu: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const st = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      const cpu = (Number(st[11]) + Number(st[12])) / tick;
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1] ?? '';
      const ext = cmd.includes('--extension-process') ? '(ext)' : '';
      out.set(Number(d), { type: type + (sub ? ':' + sub.split('.').pop() : '') + ext, cpu });
    } catch {}
  }
  return out;
}
const launch = chromiumLaunchOptions();
const browser = await chromium.launch({ ...launch, args: [...launch.args, ...(process.env.EXTRA ?? '').split(' ').filter(Boolean)] });
const before = procs();
const seen = new Map([...before].map(([k, v]) => [k, v.cpu]));
const by: Record<string, number> = {};
const t0 = Date.now();
for (let i = 0; i < n; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done', null, { timeout: 30000 });
  await page.waitForTimeout(settle);
  for (const [pid, p] of procs()) { const k = p.type; by[k] = (by[k] ?? 0) + p.cpu - (seen.get(pid) ?? 0); seen.set(pid, p.cpu); }
  await ctx.close();
}
const wall = (Date.now() - t0) / 1000;
console.log(`wall ${wall.toFixed(1)} s for ${n} loads`, Object.entries(by).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', '));
await browser.close();
