/**
 * The browser section of `npm run bench`: the built app, served by `vite preview`, in headless Chromium with every
 * request beyond localhost blocked and counted. It times navigation start → first verdict (app and embed, a fresh
 * context per load), keydown in the answer editor → updated verdict (a gallery case and two large ones), and weighs
 * the JavaScript (gzip) fetched before the first verdict, with the engine worker broken down by npm package, and the
 * longest main-thread task when a giant report lands (`--row giant-answer` runs that row alone).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview } from 'vite';
import { blockBeyondLocalhost } from '../e2e/fixtures.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { encodePermalink, type PlaygroundCase } from '../src/state/permalink.ts';
import type { RunState } from '../src/state/store.ts';
import type { PlaygroundHook } from '../src/ui/testHook.ts';
import { workerBreakdown, type WorkerBreakdown } from './bundle.ts';
import { largeObjectCase, largeUnionCase, type BenchCase } from './cases.ts';
import { size, table, type RunOptions, type Section, type SectionResult } from './run.ts';

const ROOT = join(import.meta.dirname, '..');
/** As playwright.config.ts: nothing starts that would phone home. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];
/** The strict client's verdict on the raw answer: what the app and an embed show first. */
const VERDICT_ROW = '[data-pane="verdict"] [data-policy="raw"]';
const VERDICT_PANE = '[data-pane="verdict"]';


/** The budgets of issue 5. */
const BUDGET = { firstVerdictMs: 1500, editGalleryMs: 100, editLargeMs: 400, appJsGzip: 350_000, embedJsGzip: 200_000, giantLongTaskMs: 200 };

/** Percentiles of a sample, in milliseconds; `failed` counts samples that never produced a figure. */
export interface Stats {
  p50: number;
  p95: number;
  n: number;
  failed: number;
}

/** A script or worker fetched before the first verdict, and what it weighs gzipped. */
interface Fetched {
  path: string;
  kind: 'script' | 'engine worker' | 'editor worker' | 'inline script';
  gzip: number;
}

/** One load of the app or an embed: when its first verdict appeared, and the JavaScript it fetched until then. */
interface LoadSample {
  ms: number;
  js: Fetched[];
  /** When the engine worker's script had arrived (ms from navigation start), and the first run's time in the worker. */
  workerScriptAt: number;
  firstRunMs: number;
}

/** One page kind's loads. */
interface LoadResult {
  page: 'app' | 'embed';
  url: string;
  firstVerdict: Stats;
  workerScriptAt: Stats;
  firstRunMs: Stats;
  /** The JavaScript of the load with the median total (it varies when Monaco races the first verdict). */
  js: Fetched[];
  jsTotals: number[];
}

/** One case's edits. */
interface EditResult {
  id: string;
  kind: 'gallery' | 'large';
  answerBytes: number;
  /** The key whose name each edit lengthens by one letter (and the next shortens again). */
  key: string;
  edit: Stats;
  /** The worker's own time for the same runs, as the app's status line reports it. */
  worker: Stats;
  /** keydown → the edited text in the store (the editor's debounce), and keydown → the report in the store. */
  toStore: Stats;
  toReport: Stats;
  /** Larger sizes tried first whose first evaluation did not finish in the app. */
  tooLarge: string[];
  /** Why the failed edits failed. */
  failures: string[];
}

type BenchWindow = Window & { __playground?: PlaygroundHook; __benchFirstVerdict?: number; __benchEdit?: Promise<EditOutcome>; __benchLongTasks?: Array<{ start: number; ms: number }> };
/** One timed keystroke: keydown → verdict text (ms), and on the way keydown → store and keydown → report in the store. */
type EditOutcome = { ms: number; text: string; workerMs: number | null; toStore: number; toReport: number } | { failed: string };

// ---------------------------------------------------------------- app, server, browser

/** The built app: `--dist <dir>` as is, or a fresh `vite build` into a temporary directory (removed afterwards). */
async function builtApp(dist: string | undefined): Promise<{ dir: string; cleanup: () => void }> {
  if (dist) {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`--dist ${dist}: no index.html there (build with \`npx vite build --outDir ${dist}\`)`);
    return { dir: dist, cleanup: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  process.stderr.write(`bench browser: vite build --outDir ${dir}\n`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    // Its warnings (plugin timings on a busy machine) only matter when the build fails.
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}:\n${Buffer.concat(errors).toString()}`))));
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `vite preview` of `dir` on a free port. */
async function serve(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: dir }, preview: { port, strictPort: true, host: 'localhost', open: false } });
  return { origin: `http://localhost:${port}`, close: () => server.close() };
}

/** A request the page (or one of its frames or workers) made to this machine, with when (epoch ms). */
interface Request {
  url: string;
  at: number;
}

/**
 * A fresh context (cold cache, no storage) whose requests beyond localhost are blocked and added to `blocked`, whose
 * local requests land in the returned list, and whose pages note when the first verdict appears.
 */
async function freshContext(browser: Browser, origin: string, blocked: string[]): Promise<{ context: BrowserContext; requests: Request[] }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const requests: Request[] = [];
  await blockBeyondLocalhost(context, blocked, (url) => requests.push({ url, at: Date.now() }));
  // tsx compiles with keepNames: page functions below call its __name helper, which pages do not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  // Every frame runs this from its first script on; the sandbox frame has no verdict and just observes its own body.
  await context.addInitScript((row) => {
    const w = window as BenchWindow;
    const observer = new MutationObserver(() => {
      if (w.__benchFirstVerdict === undefined && document.querySelector(`${row} .badge`)) {
        w.__benchFirstVerdict = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, VERDICT_ROW);
  return { context, requests };
}

/** Waits for the first verdict; returns its time from navigation start (ms), or the run state that prevented it. */
async function firstVerdict(page: Page, timeoutMs: number): Promise<{ ms: number } | { failed: string }> {
  const handle = await page.waitForFunction(
    () => {
      const w = window as BenchWindow;
      const run = w.__playground?.store.getState().run.kind;
      if (w.__benchFirstVerdict !== undefined) return { ms: w.__benchFirstVerdict };
      return run === 'timeout' || run === 'crash' ? { failed: `the first run ended in ${run}` } : false;
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as { ms: number } | { failed: string };
}

// ---------------------------------------------------------------- first verdict and JavaScript

/** The files of `dir` a list of requests fetched as JavaScript (scripts, workers, scripts inlined in HTML), gzipped. */
function javascriptOf(dir: string, requests: readonly Request[]): Fetched[] {
  const paths = [...new Set(requests.map((r) => new URL(r.url).pathname))];
  return paths.flatMap((pathname): Fetched[] => {
    const path = pathname === '/' ? 'index.html' : pathname.slice(1);
    const file = join(dir, path);
    if (!existsSync(file)) return [];
    if (path.endsWith('.html')) {
      const inline = [...readFileSync(file, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
      return inline.trim() ? [{ path, kind: 'inline script', gzip: gzipSync(inline).length }] : [];
    }
    if (!path.endsWith('.js')) return [];
    const kind = path.includes('engine-worker') ? 'engine worker' : /\.worker-/.test(path) ? 'editor worker' : 'script';
    return [{ path, kind, gzip: gzipSync(readFileSync(file)).length }];
  });
}

async function loadOnce(browser: Browser, origin: string, path: string, dir: string, blocked: string[]): Promise<LoadSample> {
  const { context, requests } = await freshContext(browser, origin, blocked);
  try {
    const page = await context.newPage();
    await page.goto(path);
    const result = await firstVerdict(page, 60_000);
    if ('failed' in result) throw new Error(`${path}: ${result.failed}`);
    const seen = await page.evaluate(() => {
      const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('engine-worker'));
      const run = (window as BenchWindow).__playground?.store.getState().run;
      return { origin: performance.timeOrigin, workerScriptAt: script?.responseEnd ?? Number.NaN, firstRunMs: run?.kind === 'done' ? run.ms : Number.NaN };
    });
    // Requests are stamped in this process as they are routed; both clocks are this machine's wall clock.
    const before = requests.filter((r) => r.at <= seen.origin + result.ms);
    return { ms: result.ms, js: javascriptOf(dir, before), workerScriptAt: seen.workerScriptAt, firstRunMs: seen.firstRunMs };
  } finally {
    await context.close();
  }
}

async function loads(browser: Browser, page: LoadResult['page'], origin: string, dir: string, n: number, blocked: string[]): Promise<LoadResult> {
  const path = page === 'app' ? `/${encodePermalink(DEFAULT_CASE)}` : `/?embed${encodePermalink(DEFAULT_CASE)}`;
  const samples: LoadSample[] = [];
  for (let i = 0; i < n; i++) {
    process.stderr.write(`bench browser: ${page} load ${i + 1}/${n}\n`);
    samples.push(await loadOnce(browser, origin, path, dir, blocked));
  }
  const totals = samples.map((s) => total(s.js));
  const median = [...samples].sort((a, b) => total(a.js) - total(b.js))[Math.floor(samples.length / 2)];
  return { page, url: path.length > 60 ? `${path.slice(0, 60)}…` : path, firstVerdict: stats(samples.map((s) => s.ms), 0), workerScriptAt: stats(samples.map((s) => s.workerScriptAt), 0), firstRunMs: stats(samples.map((s) => s.firstRunMs), 0), js: median?.js ?? [], jsTotals: totals };
}

const total = (js: readonly Fetched[]): number => js.reduce((n, f) => n + f.gzip, 0);

// ---------------------------------------------------------------- edit → verdict

/** A case to edit, and the keys whose names an edit may lengthen (the first one that changes the verdict is used). */
interface EditCase {
  id: string;
  kind: 'gallery' | 'large';
  case: PlaygroundCase;
  keys: readonly string[];
}

function galleryEditCase(): EditCase {
  const example = EXAMPLES.find((e) => e.id === 'copilot-extra-key') ?? EXAMPLES[0];
  if (!example) throw new Error('src/examples has no example');
  const { role, tool, schema, answer, converter, client } = example.case;
  return { id: `gallery: ${example.id}`, kind: 'gallery', case: { role: role ?? 'output', tool: tool ?? 'my_tool', schema, answer, converter, client }, keys: ['id', 'total'] };
}

function fromBench(bc: BenchCase, keys: readonly string[]): EditCase {
  const { role, tool, schema, answer } = bc.case;
  return { id: bc.id, kind: 'large', case: { ...DEFAULT_CASE, role, tool, schema, answer }, keys };
}

/** The large cases, largest first within each kind; the first size that evaluates in the app is measured. */
const largeCases = (): ReadonlyArray<readonly EditCase[]> => [
  [1_000_000, 250_000, 60_000, 15_000].map((bytes) => {
    const bc = largeObjectCase(bytes);
    return fromBench({ ...bc, id: `large: 300-field nested object, ${size(Buffer.byteLength(bc.case.answer))} answer` }, ['g0', 'f0_0']);
  }),
  ([[50, 2000], [50, 500], [50, 100], [20, 50]] as const).map(([members, events]) => fromBench(largeUnionCase(members, events), ['id', 'kind'])),
];

/** Starts watching for the verdict row to read `expected` (any change if null), timed from the next keydown. */
async function armEdit(page: Page, expected: string | null, timeoutMs: number): Promise<void> {
  await page.evaluate(
    ([row, pane, want, ms]) => {
      const w = window as BenchWindow;
      const store = w.__playground!.store;
      const before = document.querySelector(row)?.textContent ?? null;
      w.__benchEdit = new Promise<EditOutcome>((resolve) => {
        let t0: number | null = null;
        const onKey = (): void => {
          t0 ??= performance.now();
        };
        const finish = (outcome: EditOutcome): void => {
          observer.disconnect();
          unsubscribe();
          clearTimeout(timer);
          removeEventListener('keydown', onKey, true);
          resolve(outcome);
        };
        addEventListener('keydown', onKey, true);
        // When the edit reached the store (after the editor's debounce) and when its report landed there.
        let stored: number | null = null;
        let landed: number | null = null;
        const observer = new MutationObserver(() => {
          const text = document.querySelector(row)?.textContent ?? null;
          if (t0 === null || text === null || (want === null ? text === before : text !== want)) return;
          const run = store.getState().run;
          const now = performance.now();
          finish({ ms: now - t0, text, workerMs: run.kind === 'done' ? run.ms : null, toStore: (stored ?? now) - t0, toReport: (landed ?? now) - t0 });
        });
        observer.observe(document.querySelector(pane) ?? document.body, { childList: true, subtree: true, characterData: true });
        const unsubscribe = store.subscribe((s, prev) => {
          if (t0 !== null && stored === null && s.answer !== prev.answer) stored = performance.now();
          if (stored !== null && landed === null && s.run.kind === 'done' && s.report !== prev.report) landed = performance.now();
          if (s.run.kind === 'timeout' || s.run.kind === 'crash') finish({ failed: `the run ended in ${s.run.kind}` });
        });
        const timer = setTimeout(() => finish({ failed: `no verdict change within ${ms} ms` }), ms);
      });
    },
    [VERDICT_ROW, VERDICT_PANE, expected, timeoutMs] as const,
  );
}

/** One keystroke, timed in the page from its keydown to the verdict row's new text. */
async function timedKey(page: Page, key: string, expected: string | null, timeoutMs: number): Promise<EditOutcome> {
  await armEdit(page, expected, timeoutMs);
  await page.keyboard.press(key);
  const outcome = await page.evaluate(() => (window as BenchWindow).__benchEdit!);
  // Let the page finish what the verdict set off (markers, layout) before the next keystroke.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
  return outcome;
}

const answerText = (page: Page): Promise<string> => page.evaluate(() => (window as BenchWindow).__playground!.getText('answer'));

/**
 * Opens `ec` as a user would: a gallery case from its link; a large case pasted (loaded through the store, one run)
 * into the app opened on the default case, so its worker is warm, as it is when someone pastes a big schema. A large
 * case "works" when that run lands within the run budget the app gives it (src/sandbox/protocol.ts runBudgetMs: it
 * grows with the schema and answer size); the edits after it are warm runs, each timed on its own.
 */
async function open(page: Page, ec: EditCase): Promise<{ failed: string } | null> {
  await page.goto(`/${encodePermalink(ec.kind === 'gallery' ? ec.case : DEFAULT_CASE)}`);
  const first = await firstVerdict(page, 120_000);
  if ('failed' in first) return first;
  await page.waitForFunction(() => (window as BenchWindow).__playground?.ready() === true, undefined, { timeout: 60_000 });
  if (ec.kind === 'gallery') return null;
  // Pasted once the app has settled (Monaco and its TypeScript worker load after the first verdict).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await page.evaluate((c) => (window as BenchWindow).__playground!.store.getState().loadCase(c), ec.case);
  const handle = await page.waitForFunction(
    () => {
      const run = (window as BenchWindow).__playground!.store.getState().run;
      return run.kind === 'evaluating' ? false : run;
    },
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  const run = (await handle.jsonValue()) as RunState;
  if (run.kind !== 'done') return { failed: `its run ended in ${run.kind}` };
  await page.waitForFunction((answer) => (window as BenchWindow).__playground!.getText('answer') === answer, ec.case.answer, { timeout: 60_000 });
  return null;
}

/**
 * Puts the cursor before the closing quote of one of `ec`'s keys, such that typing a letter changes the verdict's
 * text and Backspace changes it back (untimed, once). Returns the key and the two texts, or why it could not.
 */
async function prepareEdits(page: Page, ec: EditCase, timeoutMs: number): Promise<{ key: string; texts: [string, string] } | { failed: string }> {
  const original = ec.case.answer;
  for (const key of ec.keys) {
    const at = original.indexOf(`"${key}"`);
    if (at < 0) continue;
    const offset = at + 1 + key.length;
    const base = await page.locator(VERDICT_ROW).textContent();
    await page.locator('[data-editor="answer"] .view-lines').click();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < offset; i++) await page.keyboard.press('ArrowRight');
    const typed = await timedKey(page, 'x', null, timeoutMs);
    if ((await answerText(page)) !== `${original.slice(0, offset)}x${original.slice(offset)}`) return { failed: `the cursor was not where ${key} ends` };
    if ('failed' in typed) return typed;
    const back = await timedKey(page, 'Backspace', base, timeoutMs);
    if ('failed' in back) return back;
    if (typed.text !== base && base !== null) return { key, texts: [base, typed.text] };
  }
  return { failed: `renaming none of ${ec.keys.join(', ')} changes the verdict` };
}

/** `n` keystrokes alternately lengthening and restoring the key; stops early when the case stops evaluating. */
interface Loop {
  failures: string[];
  times: number[];
  worker: number[];
  toStore: number[];
  toReport: number[];
  failed: number;
  gaveUp: boolean;
}

async function editLoop(page: Page, ec: EditCase, texts: [string, string], n: number, timeoutMs: number): Promise<Loop> {
  const [base, changed] = texts;
  const times: number[] = [];
  const worker: number[] = [];
  const toStore: number[] = [];
  const toReport: number[] = [];
  const failures: string[] = [];
  let failed = 0;
  for (let i = 0; i < n; i++) {
    if (i % 10 === 0) process.stderr.write(`bench browser: ${ec.id}: edit ${i + 1}/${n}\n`);
    const typing = i % 2 === 0;
    const outcome = await timedKey(page, typing ? 'x' : 'Backspace', typing ? changed : base, timeoutMs);
    if (!('failed' in outcome)) {
      times.push(outcome.ms);
      toStore.push(outcome.toStore);
      toReport.push(outcome.toReport);
      if (outcome.workerMs !== null) worker.push(outcome.workerMs);
      continue;
    }
    failed++;
    failures.push(outcome.failed);
    // Back to the base text and its verdict before going on (a timed-out run leaves a cold, respawned worker).
    if (typing) await page.keyboard.press('Backspace');
    const settled = await page
      .waitForFunction(([row, want]) => (window as BenchWindow).__playground!.store.getState().run.kind === 'done' && document.querySelector(row)?.textContent === want, [VERDICT_ROW, base] as const, {
        timeout: timeoutMs,
      })
      .then(
        () => true,
        () => false,
      );
    if (!settled || failed > n / 4) return { failures, times, worker, toStore, toReport, failed, gaveUp: true };
    if (typing) i++;
  }
  return { failures, times, worker, toStore, toReport, failed, gaveUp: false };
}

/** Edits the first of `sizes` (largest first) that works in the app; the larger ones are listed with the reason. */
async function edits(browser: Browser, origin: string, sizes: readonly EditCase[], n: number, blocked: string[]): Promise<EditResult> {
  const tooLarge: string[] = [];
  for (const ec of sizes) {
    const timeoutMs = ec.kind === 'large' ? 60_000 : 10_000;
    const label = size(Buffer.byteLength(ec.case.answer));
    const { context } = await freshContext(browser, origin, blocked);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      process.stderr.write(`bench browser: ${ec.id}: opening\n`);
      const ready = (await open(page, ec)) ?? (await prepareEdits(page, ec, timeoutMs));
      if ('failed' in ready) {
        tooLarge.push(`${label}: ${ready.failed}`);
        continue;
      }
      const loop = await editLoop(page, ec, ready.texts, n, timeoutMs);
      if (loop.gaveUp && ec !== sizes.at(-1)) {
        tooLarge.push(`${label}: ${loop.failed} of its edits did not update the verdict`);
        continue;
      }
      const answerBytes = Buffer.byteLength(ec.case.answer);
      const edit = stats(loop.times, loop.failed);
      return { id: ec.id, kind: ec.kind, answerBytes, key: ready.key, edit, worker: stats(loop.worker, 0), toStore: stats(loop.toStore, 0), toReport: stats(loop.toReport, 0), tooLarge, failures: loop.failures };
    } finally {
      await context.close();
    }
  }
  const last = sizes.at(-1);
  const none = stats([], 0);
  return { id: last?.id ?? 'none', kind: last?.kind ?? 'large', answerBytes: Buffer.byteLength(last?.case.answer ?? ''), key: '–', edit: none, worker: none, toStore: none, toReport: none, tooLarge, failures: [] };
}

// ---------------------------------------------------------------- giant answer

/** The giant-answer row: how long the page's main thread is blocked at once when a huge report lands. */
interface GiantResult {
  answerBytes: number;
  /** Each sample's longest main-thread task (ms) from the one in which the report landed on. */
  longest: Stats;
  /** How each sample's run ended, and what the status line said. */
  outcomes: string[];
}

/** A 100,000-key answer (about 1.5 MB) against `z.object({})`: every strict client lists every key as an error (issue 9, item 6). */
export function giantAnswerCase(keys = 100_000): PlaygroundCase {
  const answer = `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;
  return { ...DEFAULT_CASE, role: 'output', schema: "import { z } from 'zod';\nexport default z.object({});\n", answer };
}

/** One sample: the app warm on the default case, the giant case loaded into it, long tasks observed from the landing on. */
async function giantOnce(browser: Browser, origin: string, blocked: string[]): Promise<{ ms: number; outcome: string }> {
  const { context } = await freshContext(browser, origin, blocked);
  try {
    await context.addInitScript(() => {
      const w = window as BenchWindow;
      w.__benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__benchLongTasks?.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.goto(`/${encodePermalink(DEFAULT_CASE)}`);
    const first = await firstVerdict(page, 120_000);
    if ('failed' in first) return { ms: Number.NaN, outcome: first.failed };
    await page.waitForFunction(() => (window as BenchWindow).__playground?.ready() === true, undefined, { timeout: 60_000 });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    // Timed from when the report (or the run's end) reaches the store: the task that received it is the one that counts.
    // Loading the case (editors, URL, autosave) is its own task, before the run: only tasks after it are counted.
    const { sent, landed } = await page.evaluate(
      (c) =>
        new Promise<{ sent: number; landed: number }>((resolve) => {
          const store = (window as BenchWindow).__playground!.store;
          let sent = Number.NaN;
          const unsubscribe = store.subscribe((s, prev) => {
            if (prev.run.kind === 'evaluating' && s.run.kind !== 'evaluating') {
              unsubscribe();
              resolve({ sent, landed: performance.now() });
            }
          });
          store.getState().loadCase(c);
          setTimeout(() => (sent = performance.now()));
        }),
      giantAnswerCase(),
    );
    // Let what the landing set off (rendering, layout) finish.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 10_000 }), 500)));
    return await page.evaluate(([from, at]) => {
      const w = window as BenchWindow;
      const after = (w.__benchLongTasks ?? []).filter((t) => t.start >= from && t.start + t.ms >= at);
      const run = w.__playground!.store.getState().run;
      const status = document.querySelector('[data-testid="status"]')?.textContent ?? '';
      return { ms: Math.max(0, ...after.map((t) => t.ms)), outcome: `${run.kind}: ${status.slice(0, 120)}` };
    }, [sent, landed] as const);
  } finally {
    await context.close();
  }
}

async function giantAnswer(browser: Browser, origin: string, n: number, blocked: string[]): Promise<GiantResult> {
  const samples: Array<{ ms: number; outcome: string }> = [];
  for (let i = 0; i < n; i++) {
    process.stderr.write(`bench browser: giant answer ${i + 1}/${n}\n`);
    samples.push(await giantOnce(browser, origin, blocked));
  }
  const ok = samples.filter((s) => !Number.isNaN(s.ms));
  return { answerBytes: Buffer.byteLength(giantAnswerCase().answer), longest: stats(ok.map((s) => s.ms), samples.length - ok.length), outcomes: samples.map((s) => s.outcome) };
}

function renderGiant(g: GiantResult): string[] {
  return [
    `Giant answer lands (a 100,000-key answer, ${size(g.answerBytes)}, against z.object({}); the longest main-thread task from the one the report landed in; budget ≤ ${BUDGET.giantLongTaskMs} ms)`,
    table([
      ['case', 'samples', 'failed', 'p50', 'max', 'budget (max)'],
      ['  100k keys vs z.object({})', String(g.longest.n), String(g.longest.failed), ms(g.longest.p50), ms(g.longest.p95), against(g.longest.p95, BUDGET.giantLongTaskMs, (v) => `${ms(v)} ms`)],
    ]),
    ...g.outcomes.map((o, i) => `  sample ${i + 1} ended: ${o}`),
  ];
}

// ---------------------------------------------------------------- figures

function stats(sample: readonly number[], failed: number): Stats {
  const sorted = [...sample].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length, failed };
}

const ms = (v: number): string => (Number.isNaN(v) ? '–' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

/** "meets", or how far a figure is over its budget. */
function against(value: number, budget: number, unit: (v: number) => string): string {
  if (Number.isNaN(value)) return 'not measured';
  return value <= budget ? 'meets' : `misses by ${unit(value - budget)} (${(value / budget).toFixed(1)}×)`;
}

function render(r: { chromium: string; blocked: number; loads: LoadResult[]; edits: EditResult[]; giant: GiantResult; worker: WorkerBreakdown; quick: boolean }): string {
  const lines = [`Headless Chromium ${r.chromium}, built app via vite preview, fresh context (cold cache) per load; requests beyond localhost blocked: ${r.blocked}`, ''];
  lines.push(`First verdict (ms from navigation start to the raw verdict on screen; default case; budget ≤ ${BUDGET.firstVerdictMs} ms)`);
  lines.push('  (worker script in: when the engine worker script had arrived, from navigation start; first run: its time inside the worker)');
  lines.push(
    table([
      ['page', 'loads', 'p50', 'p95', 'worker script in p50', 'first run in worker p50', 'budget (p95)'],
      ...r.loads.map((l) => [`  ${l.page}`, String(l.firstVerdict.n), ms(l.firstVerdict.p50), ms(l.firstVerdict.p95), ms(l.workerScriptAt.p50), ms(l.firstRunMs.p50), against(l.firstVerdict.p95, BUDGET.firstVerdictMs, (v) => `${ms(v)} ms`)]),
    ]),
  );
  lines.push('', `Edit → verdict (ms from keydown in the answer editor to the verdict row's new text; budget p95 ≤ ${BUDGET.editGalleryMs} ms gallery, ≤ ${BUDGET.editLargeMs} ms large)`);
  lines.push(
    table([
      ['case', 'answer', 'edits', 'failed', 'p50', 'p95', '→ store p50', '→ report p50', 'worker p50', 'budget (p95)'],
      ...r.edits.map((e) => [`  ${e.id}`, size(e.answerBytes), String(e.edit.n), String(e.edit.failed), ms(e.edit.p50), ms(e.edit.p95), ms(e.toStore.p50), ms(e.toReport.p50), ms(e.worker.p50), against(e.edit.p95, e.kind === 'large' ? BUDGET.editLargeMs : BUDGET.editGalleryMs, (v) => `${ms(v)} ms`)]),
    ]),
  );
  lines.push('  (→ store: keydown until the edited text reaches the store; → report: until its report lands there; worker: the run inside the worker)');
  lines.push(`  (gallery case opened from its link; large cases loaded into the app opened on the default case, each at the largest size whose opening run lands within the app's run budget for it)`);
  for (const e of r.edits.filter((x) => x.tooLarge.length > 0)) lines.push(`  not measured: ${e.tooLarge.join('; ')}`);
  for (const e of r.edits.filter((x) => x.failures.length > 0)) lines.push(`  ${e.id}: failed edits: ${e.failures.join('; ')}`);
  lines.push('', ...renderGiant(r.giant));
  lines.push('', 'JavaScript fetched before the first verdict (gzip, each file on its own; the load with the median total)');
  const kinds = ['script', 'engine worker', 'inline script', 'editor worker'] as const;
  lines.push(
    table([
      ['page', 'scripts', 'engine worker', 'inline (sandbox.html)', 'editor workers', 'total', 'range over loads', 'budget'],
      ...r.loads.map((l) => {
        const budget = l.page === 'app' ? BUDGET.appJsGzip : BUDGET.embedJsGzip;
        const range = `${kb(Math.min(...l.jsTotals))}–${kb(Math.max(...l.jsTotals))}`;
        return [`  ${l.page}`, ...kinds.map((k) => kb(total(l.js.filter((f) => f.kind === k)))), kb(total(l.js)), range, `≤ ${kb(budget)}: ${against(total(l.js), budget, kb)}`];
      }),
    ]),
  );
  for (const l of r.loads) lines.push(`  ${l.page}: ${l.js.map((f) => `${f.path} ${kb(f.gzip)}`).join(', ')}`);
  lines.push('', `Engine worker bundle by package (${kb(r.worker.gzip)} gzip, ${size(r.worker.minified)} minified; shares estimated from each package's modules gzipped alone)`);
  lines.push(table([['package', 'modules', 'rendered', 'gzip (est.)', 'share'], ...r.worker.packages.map((p) => [`  ${p.name}`, String(p.modules), size(p.rendered), kb(p.gzipEstimate), `${(p.share * 100).toFixed(1)} %`])]));
  lines.push('  largest modules: ' + r.worker.largestModules.map((m) => `${m.path} ${kb(m.gzipEstimate)}`).join(', '));
  if (r.quick) lines.push('', '(--quick: fewer loads and edits; percentiles are rough)');
  return lines.join('\n');
}

/** The browser section. */
export const section: Section = {
  id: 'browser',
  title: 'Browser: first verdict, edit → verdict, JavaScript before the first verdict',
  async run({ quick, dist, row }: RunOptions): Promise<SectionResult> {
    if (row !== undefined && row !== 'giant-answer') throw new Error(`--row ${row}: the browser section's rows are: giant-answer`);
    const n = quick ? { loads: 3, edits: 10, giant: 1 } : { loads: 10, edits: 30, giant: 3 };
    const app = await builtApp(dist);
    const server = await serve(app.dir);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const blocked: string[] = [];
    try {
      const giant = await giantAnswer(browser, server.origin, n.giant, blocked);
      if (row === 'giant-answer') {
        const only = { chromium: browser.version(), blocked: blocked.length, giant, quick };
        return { text: renderGiant(giant).join('\n'), json: { budget: BUDGET, dist: dist ?? '(fresh build)', ...only, blockedUrls: blocked } };
      }
      const pageLoads = [await loads(browser, 'app', server.origin, app.dir, n.loads, blocked), await loads(browser, 'embed', server.origin, app.dir, n.loads, blocked)];
      const edited: EditResult[] = [];
      for (const sizes of [[galleryEditCase()], ...largeCases()]) edited.push(await edits(browser, server.origin, sizes, n.edits, blocked));
      process.stderr.write('bench browser: engine worker breakdown\n');
      const worker = await workerBreakdown();
      const result = { chromium: browser.version(), blocked: blocked.length, loads: pageLoads, edits: edited, giant, worker, quick };
      return { text: render(result), json: { budget: BUDGET, dist: dist ?? '(fresh build)', ...result, blockedUrls: blocked } };
    } finally {
      await browser.close();
      await server.close();
      app.cleanup();
    }
  },
};
