/**
 * The first-load waterfall of the browser section: one extra, traced load per page kind (the timed loads stay
 * untraced). What was fetched (the page's Resource Timing entries: every script, the engine worker and its chunks are
 * fetched by the page), and how long each thread spent compiling and running JavaScript until the first verdict
 * (Chromium tracing: V8 compile events and script evaluation/calls, merged per thread so nested events count once).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

/** One fetched file. */
export interface Fetch {
  path: string;
  /** Bytes of the body as served (vite preview does not compress), and gzipped from the built file. */
  bytes: number;
  gzip: number;
  /** ms from navigation start. */
  start: number;
  end: number;
  beforeFirstVerdict: boolean;
}

/** JavaScript time on one thread from navigation start to the first verdict. */
export interface ThreadTime {
  thread: string;
  /** The trace's process and thread ids ("pid:tid"). */
  key: string;
  compileMs: number;
  /** Compiling and running (tasks that evaluate scripts, call functions, run microtasks), compile included. */
  jsMs: number;
}

/** One traced load. */
export interface Waterfall {
  page: string;
  firstVerdictMs: number;
  fullReportMs: number;
  fetches: Fetch[];
  threads: ThreadTime[];
  /** Whether the trace could be read (the mark of the first verdict found in it). */
  traced: boolean;
}

/** The mark the page's init script sets when the first verdict appears (bench/browser.ts freshContext). */
export const FIRST_VERDICT_MARK = 'bench:first-verdict';
export const CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'disabled-by-default-v8.compile'];
const JS_EVENT = /^(EvaluateScript|FunctionCall|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|v8\.(compile|run|callFunction|evaluateModule|compileModule|produceCache)|V8\.(Compile|Execute|Run))/;
const COMPILE_EVENT = /compile/i;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Loads `path` in `page` while tracing; `settled` waits for the first verdict and the full report (ms from navigation). */
export async function tracedLoad(browser: Browser, page: Page, label: string, path: string, dir: string, settled: () => Promise<{ first: number; full: number }>): Promise<Waterfall> {
  await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
  let times: { first: number; full: number };
  try {
    await page.goto(path);
    times = await settled();
  } catch (e) {
    await browser.stopTracing();
    throw e;
  }
  const trace = await browser.stopTracing();
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd, bytes: e.decodedBodySize })),
  );
  const fetches = entries
    .map((e) => {
      const pathname = new URL(e.name).pathname;
      const file = join(dir, pathname.slice(1));
      const gzip = pathname.endsWith('.js') && existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
      return { path: pathname, bytes: e.bytes, gzip, start: e.start, end: e.end, beforeFirstVerdict: e.end <= times.first };
    })
    .sort((a, b) => a.start - b.start);
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === FIRST_VERDICT_MARK);
  // The mark's trace time is the page's performance.now() of the first verdict: it places navigation start in the trace.
  const origin = mark ? mark.ts / 1000 - times.first : Number.NaN;
  return { page: label, firstVerdictMs: times.first, fullReportMs: times.full, fetches, threads: mark ? threadTimes(events, origin, origin + times.first) : [], traced: mark !== undefined };
}

/** Per thread: the union of compile intervals and of JavaScript intervals within [from, to] (trace ms; event ts and dur are µs). */
export function threadTimes(events: readonly TraceEvent[], from: number, to: number): ThreadTime[] {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const js = new Map<string, Array<[number, number]>>();
  const compile = new Map<string, Array<[number, number]>>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || !JS_EVENT.test(e.name)) continue;
    const start = Math.max(from, e.ts / 1000);
    const end = Math.min(to, (e.ts + e.dur) / 1000);
    if (end <= start) continue;
    const key = `${e.pid}:${e.tid}`;
    push(js, key, [start, end]);
    if (COMPILE_EVENT.test(e.name)) push(compile, key, [start, end]);
  }
  const pids = [...new Set([...js.keys()].map((k) => k.split(':')[0]))];
  return [...js]
    .map(([key, intervals]) => ({
      thread: `${names.get(key) ?? 'thread'} (process ${pids.indexOf(key.split(':')[0]) + 1})`,
      key,
      compileMs: union(compile.get(key) ?? []),
      jsMs: union(intervals),
    }))
    .filter((t) => t.jsMs >= 1)
    .sort((a, b) => b.jsMs - a.jsMs);
}

function push(map: Map<string, Array<[number, number]>>, key: string, interval: [number, number]): void {
  const list = map.get(key) ?? [];
  list.push(interval);
  map.set(key, list);
}

/** The total length covered by a set of intervals. */
function union(intervals: ReadonlyArray<[number, number]>): number {
  let total = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
}

/**
 * Traces what `run` does in `page` through a DevTools session on the page (a persistent context has no Browser to
 * trace with), and returns the trace's events: the same categories as a traced load.
 */
export async function tracePage<T>(page: Page, run: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const session = await page.context().newCDPSession(page);
  const chunks: TraceEvent[][] = [];
  session.on('Tracing.dataCollected', (e) => chunks.push(e.value as unknown as TraceEvent[]));
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' }, transferMode: 'ReportEvents' });
  let result: T;
  try {
    result = await run();
  } finally {
    await session.send('Tracing.end');
    await complete;
    await session.detach().catch(() => {});
  }
  return { result, events: chunks.flat() };
}

/** Self time per script file and per function on one thread, from the trace's V8 CPU profile samples (ms). */
export interface Sampled {
  key: string;
  byFile: Array<[string, number]>;
  byFunction: Array<[string, number]>;
}

interface ProfileChunk {
  cpuProfile?: { nodes?: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber?: number } }>; samples?: number[] };
  timeDeltas?: number[];
}

/**
 * The CPU profile in a trace taken with the `disabled-by-default-v8.cpu_profiler` category, summed per thread: each
 * sample's time goes to the function on top of the stack and its script file (minified names are what they are; the
 * file says whose code it is: the app's, Monaco's, the engine's).
 */
export function sampledSelfTimes(events: readonly TraceEvent[]): Sampled[] {
  const threadOf = new Map<string, string>();
  for (const e of events as Array<TraceEvent & { id?: string }>) if (e.name === 'Profile' && e.id !== undefined) threadOf.set(`${e.pid}:${e.id}`, `${e.pid}:${e.tid}`);
  const nodes = new Map<string, Map<number, { functionName: string; url: string }>>();
  const byFile = new Map<string, Map<string, number>>();
  const byFunction = new Map<string, Map<string, number>>();
  const add = (m: Map<string, Map<string, number>>, key: string, what: string, ms: number) => {
    const inner = m.get(key) ?? new Map<string, number>();
    inner.set(what, (inner.get(what) ?? 0) + ms);
    m.set(key, inner);
  };
  for (const e of events as Array<TraceEvent & { id?: string; args?: { data?: ProfileChunk } }>) {
    if (e.name !== 'ProfileChunk' || e.id === undefined) continue;
    const key = threadOf.get(`${e.pid}:${e.id}`) ?? `${e.pid}:${e.tid}`;
    const known = nodes.get(key) ?? new Map<number, { functionName: string; url: string }>();
    nodes.set(key, known);
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) known.set(n.id, { functionName: n.callFrame.functionName, url: n.callFrame.url });
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const node = known.get(id);
      const ms = Math.max(0, deltas[i] ?? 0) / 1000;
      if (!node || ['(idle)', '(program)', '(root)'].includes(node.functionName)) return;
      const file = node.url ? (node.url.split('/').pop() ?? node.url) : node.functionName.startsWith('(') ? node.functionName : '(native)';
      add(byFile, key, file, ms);
      add(byFunction, key, `${node.functionName || '(anonymous)'} ${file}`, ms);
    });
  }
  const top = (m: Map<string, number> | undefined, k: number): Array<[string, number]> => [...(m ?? [])].sort((a, b) => b[1] - a[1]).slice(0, k);
  return [...byFile.keys()].map((key) => ({ key, byFile: top(byFile.get(key), 8), byFunction: top(byFunction.get(key), 12) }));
}
