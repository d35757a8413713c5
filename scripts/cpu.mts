// CPU per Chromium process type (or, with BY=thread, per process type and thread name) for N fresh page loads of a URL.
// Usage: npx tsx scripts/cpu.mts <url> [loads=3] [settle ms=3000]. EXTRA='--flag …' adds Chromium flags to the suite's.
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
const url = process.argv[2]; const n = Number(process.argv[3] ?? 3); const settle = Number(process.argv[4] ?? 3000);
const byThread = process.env.BY === 'thread';
const tick = 100;

/** User + system CPU seconds from a /proc stat line (the fields after the command name). */
function cpuOf(stat: string): number {
  const st = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(st[11]) + Number(st[12])) / tick;
}

/** Every Chromium process (or thread), keyed by pid (or pid/tid), with its kind and CPU seconds so far. */
function samples(): Map<string, { kind: string; cpu: number }> {
  const out = new Map<string, { kind: string; cpu: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1] ?? '';
      const ext = cmd.includes('--extension-process') ? '(ext)' : '';
      const kind = type + (sub ? ':' + sub.split('.').pop() : '') + ext;
      if (!byThread) {
        out.set(d, { kind, cpu: cpuOf(readFileSync(`/proc/${d}/stat`, 'utf8')) });
        continue;
      }
      for (const t of readdirSync(`/proc/${d}/task`)) {
        try {
          const raw = readFileSync(`/proc/${d}/task/${t}/stat`, 'utf8');
          const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')).replace(/\d+$/, '#');
          out.set(`${d}/${t}`, { kind: `${kind}:${name}`, cpu: cpuOf(raw) });
        } catch {}
      }
    } catch {}
  }
  return out;
}

const launch = chromiumLaunchOptions();
const browser = await chromium.launch({ ...launch, args: [...launch.args, ...(process.env.EXTRA ?? '').split(' ').filter(Boolean)] });
const seen = new Map([...samples()].map(([k, v]) => [k, v.cpu]));
const by: Record<string, number> = {};
const t0 = Date.now();
for (let i = 0; i < n; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done', null, { timeout: 30000 });
  await page.waitForTimeout(settle);
  // Before the context closes: a renderer that exits takes its CPU figures with it.
  for (const [k, s] of samples()) { by[s.kind] = (by[s.kind] ?? 0) + s.cpu - (seen.get(k) ?? 0); seen.set(k, s.cpu); }
  await ctx.close();
}
const wall = (Date.now() - t0) / 1000;
if (byThread) console.log(Object.entries(by).filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${(v / n).toFixed(2).padStart(6)} ${k}`).join('\n'));
else console.log(`wall ${wall.toFixed(1)} s for ${n} loads`, Object.entries(by).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', '));
await browser.close();
