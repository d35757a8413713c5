// CPU per Chromium thread name for N fresh page loads of a URL. Usage: npx tsx .probe/threads.mts <url> [loads] [settle ms]
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
const url = process.argv[2]; const n = Number(process.argv[3] ?? 3); const settle = Number(process.argv[4] ?? 3000);
function threads() {
  const out = new Map<string, { name: string; cpu: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let cmd = ''; try { cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8'); } catch { continue; }
    if (!cmd.includes('chromium')) continue;
    const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
    let tasks: string[] = []; try { tasks = readdirSync(`/proc/${d}/task`); } catch { continue; }
    for (const t of tasks) {
      try {
        const raw = readFileSync(`/proc/${d}/task/${t}/stat`, 'utf8');
        const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')).replace(/\d+$/, '#');
        const st = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
        out.set(`${d}/${t}`, { name: `${type}:${name}`, cpu: (Number(st[11]) + Number(st[12])) / 100 });
      } catch {}
    }
  }
  return out;
}
const browser = await chromium.launch(chromiumLaunchOptions());
const seen = new Map([...threads()].map(([k, v]) => [k, v.cpu]));
const by: Record<string, number> = {};
for (let i = 0; i < n; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done', null, { timeout: 30000 });
  await page.waitForTimeout(settle);
  for (const [k, p] of threads()) { by[p.name] = (by[p.name] ?? 0) + p.cpu - (seen.get(k) ?? 0); seen.set(k, p.cpu); }
  await ctx.close();
}
console.log(Object.entries(by).filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${(v / n).toFixed(2).padStart(6)} ${k}`).join('\n'));
await browser.close();
