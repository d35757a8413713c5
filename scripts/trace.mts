// Chrome trace of one fresh page load; CPU (thread time of top-level tasks) per process/thread and top JS functions.
// Usage: npx tsx scripts/trace.mts <url> [settle ms=4000].
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
const url = process.argv[2]; const settle = Number(process.argv[3] ?? 4000);
const browser = await chromium.launch(chromiumLaunchOptions());
const ctx = await browser.newContext();
// warm the HTTP cache once, like the shared context does
{ const p = await ctx.newPage(); await p.goto(url); await p.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done'); await p.waitForTimeout(2000); await p.close(); }
const page = await ctx.newPage();
await browser.startTracing(undefined, { path: '/tmp/trace.json', categories: ['toplevel', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'disabled-by-default-v8.gc', 'blink.user_timing', '__metadata'] });
const t0 = Date.now();
await page.goto(url);
await page.waitForFunction(() => (window as any).__playground?.store.getState().run.kind === 'done');
const first = Date.now() - t0;
await page.waitForTimeout(settle);
await browser.stopTracing();
await browser.close();
const ev = JSON.parse(readFileSync('/tmp/trace.json', 'utf8')).traceEvents as any[];
const names = new Map<string, string>(); const pnames = new Map<number, string>();
for (const e of ev) { if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name); if (e.name === 'process_name') pnames.set(e.pid, e.args.name); if (e.name === 'process_labels') pnames.set(e.pid, (pnames.get(e.pid) ?? '') + ' ' + e.args.labels); }
const by = new Map<string, number>();
for (const e of ev) if (e.ph === 'X' && e.cat === 'toplevel' && e.tdur) { const k = `${pnames.get(e.pid) ?? e.pid} / ${names.get(`${e.pid}:${e.tid}`) ?? e.tid}`; by.set(k, (by.get(k) ?? 0) + e.tdur / 1000); }
console.log('first verdict', first, 'ms');
for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(0).padStart(6), k);
// Top timeline events by thread time (main categories)
const ev2 = new Map<string, number>();
for (const e of ev) if (e.ph === 'X' && e.cat?.includes('devtools.timeline') && e.tdur && ['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.evaluateModule', 'CompileScript', 'MajorGC', 'MinorGC', 'V8.GC_MARK_COMPACTOR'].includes(e.name)) {
  const k = `${e.name} ${(e.args?.data?.url ?? e.args?.data?.functionName ?? '').toString().replace(/^.*\//, '').slice(0, 50)} @${names.get(`${e.pid}:${e.tid}`) ?? e.tid}`; ev2.set(k, (ev2.get(k) ?? 0) + e.tdur / 1000); }
for (const [k, v] of [...ev2].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(0).padStart(6), k);
console.log('--- per worker thread');
const perT = new Map<string, number>();
for (const e of ev) if (e.ph === 'X' && e.cat === 'toplevel' && e.tdur && (names.get(`${e.pid}:${e.tid}`) ?? '').includes('Worker')) { const k = `${e.pid}:${e.tid} ${names.get(`${e.pid}:${e.tid}`)}`; perT.set(k, (perT.get(k) ?? 0) + e.tdur / 1000); }
for (const [k, v] of [...perT].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  const [pid, tid] = k.split(' ')[0].split(':').map(Number);
  const byName = new Map<string, number>();
  for (const e of ev) if (e.pid === pid && e.tid === tid && e.ph === 'X' && e.tdur && e.cat !== 'toplevel') { const n = `${e.name}${e.args?.data?.url ? ' ' + String(e.args.data.url).slice(-40) : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''}`; byName.set(n, (byName.get(n) ?? 0) + e.tdur / 1000); }
  const first = ev.filter((e) => e.pid === pid && e.tid === tid && e.ts).reduce((m, e) => Math.min(m, e.ts), Infinity);
  console.log(v.toFixed(0).padStart(6), k, 'starts', ((first - ev.find((e) => e.name === 'TracingStartedInBrowser')?.ts) / 1000).toFixed(0), 'ms:', [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, t]) => `${n}=${t.toFixed(0)}`).join(', '));
}
