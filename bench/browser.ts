/**
 * The browser section of `npm run bench`: the built app, served by `vite preview`, in headless Chromium with every
 * request beyond localhost blocked and counted. It times navigation start → first verdict (app and embed, a fresh
 * context per load), keydown in the answer editor → updated verdict (a gallery case and two large ones), and weighs
 * the JavaScript (gzip) fetched before the first verdict, with the engine worker broken down by npm package, and the
 * longest main-thread task when a giant report lands (`--row giant-answer` runs that row alone), and a repeat visit in
 * the same browser context (`--row repeat-visit`), and the time to a full compare grid (`--row compare-grid`, bench/compare.ts).
 * First verdicts are also reported against the floor page (bench/floor.ts) loaded in turn with the app, and repeat
 * visits on on-disk profiles for both; `--row floor` runs that comparison alone, with the files before the first verdict
 * and a traced first and repeat visit per page. `--row runaway` runs the runaway-schema row alone (with one traced
 * load), and `--row edit-profile` traces the 300-field case's edits (traces go to bench/results/).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview } from 'vite';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { blockBeyondLocalhost, isLocal } from '../e2e/fixtures.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { RUN_BUDGET_MS } from '../src/sandbox/policy.ts';
import type { RunState } from '../src/state/store.ts';
import type { PlaygroundHook } from '../src/ui/testHook.ts';
import { clientRealmBreakdown, workerBreakdown, type WorkerBreakdown } from './bundle.ts';
import { pageHeap, workerHeaps } from './memory.ts';
import { CATEGORIES, FIRST_VERDICT_MARK, sampledSelfTimes, threadTimes, tracedLoad, tracePage, type ThreadTime, type TraceEvent, type Waterfall } from './waterfall.ts';
import { largeObjectCase, largeUnionCase, type BenchCase } from './cases.ts';
import { compareGrids, renderGrids } from './compare.ts';
import { buildFloor, FLOOR_PAGE, FLOOR_VERDICT, floorLink, type FloorInput } from './floor.ts';
import { size, table, type RunOptions, type Section, type SectionResult } from './run.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const ROOT = join(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'bench', 'results');
/** As playwright.config.ts: nothing starts that would phone home. */
/** The strict client's verdict on the raw answer: what the app and an embed show first. */
const VERDICT_ROW = '[data-pane="verdict"] [data-policy="raw"]';
const VERDICT_PANE = '[data-pane="verdict"]';


/** The speed budgets (docs/performance.md), the giant answer's included. */
const BUDGET = {
  firstVerdictMs: 1000,
  editGalleryMs: 50,
  editLargeMs: 200,
  appJsGzip: 250_000,
  embedJsGzip: 150_000,
  giantLongTaskMs: 200,
  /** The watchdog's bound on a schema's module code (RUN_BUDGET_MS) plus 2 s for the page, the frame and the engine to reach it and say so. */
  runawayLinkMs: RUN_BUDGET_MS + 2000,
  runawayTypedMs: 2500,
  largeFirstVerdictMs: 1500,
  heapGrowthBytes: 20_000_000,
  repeatVisitMs: 600,
};

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
  kind: 'script' | 'engine worker' | 'engine chunk' | 'editor worker' | 'client realm' | 'inline script';
  gzip: number;
}

/** One load of the app or an embed: when its first verdict appeared, and the JavaScript it fetched until then. */
interface LoadSample {
  ms: number;
  js: Fetched[];
  /** When the engine worker's script had arrived (ms from navigation start), and the first run's time in the worker. */
  workerScriptAt: number;
  firstRunMs: number;
  /** When the full report was on screen (ms from navigation start). */
  fullMs: number;
}

/** One page kind's loads. */
interface LoadResult {
  page: string;
  url: string;
  /** The floor row this page's times are divided by (null: the floor itself), and the 1-minute load average over its loads. */
  floor: string | null;
  loadavg: Stats;
  /** The selected verdict on screen (the first report), and the full report on screen. */
  firstVerdict: Stats;
  fullReport: Stats;
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
  /** keydown → the selected verdict painted (the first report), and → the full report painted. */
  edit: Stats;
  full: Stats;
  /** Heaps before and after the edits, when asked (the memory row). */
  memory?: MemoryResult;
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

/** Used heap (bytes, after a forced GC) before and after a case's edits: the page's, and the engine workers' summed. */
interface MemoryResult {
  edits: number;
  pageBefore: number;
  pageAfter: number;
  worker: { before: number; after: number; workers: number } | { unavailable: string };
}

type BenchWindow = Window & {
  __playground?: PlaygroundHook;
  __benchFirstVerdict?: number;
  /** The first verdict on screen, a report kept from an earlier visit (marked as re-checked) included. */
  __benchShown?: number;
  __benchFullReport?: number;
  /** The selected verdict's text: the row at `row` without the other clients' badges (the first report leaves them pending). */
  __benchSelected?: (row: string) => string | null;
  __benchRunEnd?: { kind: string; at: number };
  __benchEdit?: Promise<EditOutcome>;
  __benchLongTasks?: Array<{ start: number; ms: number }>;
};
/**
 * One timed keystroke: keydown → the selected verdict (the verdict row without the other clients' badges) reads its
 * new text, in the next animation frame (ms); keydown → the full report in the store, in the next frame (fullMs); and on
 * the way keydown → store and keydown → full report in the store.
 */
type EditOutcome = { ms: number; fullMs: number; text: string; workerMs: number | null; toStore: number; toReport: number } | { failed: string };

// ---------------------------------------------------------------- app, server, browser

/**
 * The built app with the floor page beside it (bench/floor.ts), in a temporary directory removed afterwards: a copy
 * of `--dist <dir>`, or a fresh `vite build`.
 */
async function builtApp(dist: string | undefined): Promise<{ dir: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  if (dist) {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`--dist ${dist}: no index.html there (build with \`npx vite build --outDir ${dist}\`)`);
    // A copy, so that the floor page is added beside the app without touching the build given.
    cpSync(dist, dir, { recursive: true });
    await buildFloor(dir);
    return { dir, cleanup };
  }
  process.stderr.write(`bench browser: vite build --outDir ${dir}\n`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    // Its warnings (plugin timings on a busy machine) only matter when the build fails.
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}:\n${Buffer.concat(errors).toString()}`))));
  });
  process.stderr.write(`bench browser: the floor page (bench/floor) into ${dir}\n`);
  await buildFloor(dir);
  return { dir, cleanup };
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
 * A fresh context (cold cache, no storage) whose requests beyond localhost are blocked and added to `blocked` (with
 * `route: false` they are only counted: the caller's browser must block them, see repeatVisits), whose
 * local requests land in the returned list, and whose pages note when the first verdict appears.
 */
async function freshContext(browser: Browser, origin: string, blocked: string[], { route = true } = {}): Promise<{ context: BrowserContext; requests: Request[] }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const requests: Request[] = [];
  if (route) await blockBeyondLocalhost(context, blocked, (url) => requests.push({ url, at: Date.now() }));
  else context.on('request', (r) => (isLocal(r.url()) ? requests.push({ url: r.url(), at: Date.now() }) : blocked.push(r.url())));
  await instrument(context);
  return { context, requests };
}

/**
 * The bench's init scripts. Every frame runs them from its first script on; the sandbox frame has no verdict and just
 * observes its own body. They note the first verdict (the app's first report's selected badge, or the floor page's
 * verdict; a mark for the traced load), the full report's landing and the first run's end in a timeout or crash, each
 * when the DOM shows it.
 */
async function instrument(context: BrowserContext): Promise<void> {
  // tsx compiles with keepNames: page functions below call its __name helper, which pages do not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(
    ([row, floor, mark]) => {
      const w = window as BenchWindow;
      w.__benchSelected = (selector) => {
        const el = document.querySelector(selector);
        return el ? [...el.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('others'))).map((n) => n.textContent).join('') : null;
      };
      const observer = new MutationObserver(() => {
        const state = w.__playground?.store.getState().run;
        if (document.querySelector(`${row} .badge, ${floor}`)) {
          w.__benchShown ??= performance.now();
          // A report kept from an earlier visit, shown while the run re-checks it, is not this run's verdict.
          if (w.__benchFirstVerdict === undefined && !(state?.kind === 'evaluating' && state.stored)) w.__benchFirstVerdict = performance.mark(mark).startTime;
        }
        const run = state?.kind;
        if (w.__benchFullReport === undefined && w.__benchFirstVerdict !== undefined && run === 'done') w.__benchFullReport = performance.now();
        if (w.__benchRunEnd === undefined && (run === 'timeout' || run === 'crash')) w.__benchRunEnd = { kind: run, at: performance.now() };
        if (w.__benchFullReport !== undefined || w.__benchRunEnd !== undefined) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-floor-verdict'] });
    },
    [VERDICT_ROW, FLOOR_VERDICT, FIRST_VERDICT_MARK] as const,
  );
}

/**
 * Waits for the first verdict of this visit's run; returns its time from navigation start (ms) and when the first
 * verdict was on screen (`shownMs`: earlier when a report kept from an earlier visit showed first), or the run state
 * that prevented it.
 */
async function firstVerdict(page: Page, timeoutMs: number): Promise<{ ms: number; shownMs: number } | { failed: string }> {
  const handle = await page.waitForFunction(
    () => {
      const w = window as BenchWindow;
      const run = w.__playground?.store.getState().run.kind;
      if (w.__benchFirstVerdict !== undefined) return { ms: w.__benchFirstVerdict, shownMs: w.__benchShown ?? w.__benchFirstVerdict };
      return run === 'timeout' || run === 'crash' ? { failed: `the first run ended in ${run}` } : false;
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as { ms: number; shownMs: number } | { failed: string };
}

/** Waits for the first run's full report on screen after its first verdict: its time from navigation start (ms), or NaN when the run ended otherwise. */
async function fullReport(page: Page, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(() => (window as BenchWindow).__benchFullReport ?? (window as BenchWindow).__benchRunEnd?.kind ?? false, undefined, { timeout: timeoutMs, polling: 50 });
  const at = await handle.jsonValue();
  if (typeof at !== 'number') process.stderr.write(`bench browser: the first run ended in ${String(at)} after its first report\n`);
  return typeof at === 'number' ? at : Number.NaN;
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
    const kind = path.includes('engine-worker') ? 'engine worker' : path.includes('client-realm-') ? 'client realm' : /\/engine-/.test(path) ? 'engine chunk' : /\.worker-/.test(path) ? 'editor worker' : 'script';
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
    // The floor page's first verdict is all it shows.
    const fullMs = path.startsWith(`/${FLOOR_PAGE}`) ? result.ms : await fullReport(page, 60_000);
    const seen = await page.evaluate(() => {
      const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('engine-worker'));
      const run = (window as BenchWindow).__playground?.store.getState().run;
      return { origin: performance.timeOrigin, workerScriptAt: script?.responseEnd ?? Number.NaN, firstRunMs: run?.kind === 'done' ? run.ms : Number.NaN };
    });
    // Requests are stamped in this process as they are routed; both clocks are this machine's wall clock.
    const before = requests.filter((r) => r.at <= seen.origin + result.ms);
    return { ms: result.ms, fullMs, js: javascriptOf(dir, before), workerScriptAt: seen.workerScriptAt, firstRunMs: seen.firstRunMs };
  } finally {
    await context.close();
  }
}

/** The link a page kind opens a case from. */
const linkOf = (kind: 'app' | 'embed', c: Case): string => (kind === 'app' ? `/${encodePermalink(c)}` : `/?embed${encodePermalink(c)}`);

/** A page the first-verdict rows load: its label, its link, how many loads, and the floor row it is divided by. */
interface Contender {
  page: string;
  path: string;
  n: number;
  floor: string | null;
}

/**
 * Loads the pages in turn, one fresh context per load (floor, app, embed, floor, app …), so that each page meets the
 * same moments of a shared machine's load; the 1-minute load average is noted with each load.
 */
async function alternatingLoads(browser: Browser, pages: readonly Contender[], origin: string, dir: string, blocked: string[]): Promise<LoadResult[]> {
  const samples = pages.map((): LoadSample[] => []);
  const loads = pages.map((): number[] => []);
  const rounds = Math.max(...pages.map((p) => p.n));
  for (let i = 0; i < rounds; i++) {
    for (const [k, p] of pages.entries()) {
      if (i >= p.n) continue;
      process.stderr.write(`bench browser: ${p.page} load ${i + 1}/${p.n}\n`);
      loads[k]?.push(loadavg()[0] ?? Number.NaN);
      samples[k]?.push(await loadOnce(browser, origin, p.path, dir, blocked));
    }
  }
  return pages.map((p, k) => summarize(p, samples[k] ?? [], loads[k] ?? []));
}

function summarize(p: Contender, samples: readonly LoadSample[], loads: readonly number[]): LoadResult {
  const totals = samples.map((s) => total(s.js));
  const median = [...samples].sort((a, b) => total(a.js) - total(b.js))[Math.floor(samples.length / 2)];
  return {
    page: p.page,
    url: p.path.length > 60 ? `${p.path.slice(0, 60)}…` : p.path,
    floor: p.floor,
    loadavg: stats(loads, 0),
    firstVerdict: stats(samples.map((s) => s.ms), 0),
    fullReport: stats(samples.map((s) => s.fullMs).filter((v) => !Number.isNaN(v)), samples.filter((s) => Number.isNaN(s.fullMs)).length),
    workerScriptAt: stats(samples.map((s) => s.workerScriptAt), 0),
    firstRunMs: stats(samples.map((s) => s.firstRunMs), 0),
    js: median?.js ?? [],
    jsTotals: totals,
  };
}

const total = (js: readonly Fetched[]): number => js.reduce((n, f) => n + f.gzip, 0);

// ---------------------------------------------------------------- edit → verdict

/** A case to edit, and the keys whose names an edit may lengthen (the first one that changes the verdict is used). */
interface EditCase {
  id: string;
  kind: 'gallery' | 'large';
  case: Case;
  keys: readonly string[];
  /** A large case opened from its link, as a gallery case is, rather than pasted into the app. */
  link?: boolean;
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

/**
 * Starts watching for the selected verdict (the verdict row without the other clients' badges, which the first report
 * leaves pending) to read `expected` (any change if null), timed from the next keydown, and for the full report.
 */
async function armEdit(page: Page, expected: string | null, timeoutMs: number): Promise<void> {
  await page.evaluate(
    ([row, pane, want, ms]) => {
      const w = window as BenchWindow;
      const store = w.__playground!.store;
      const selected = (): string | null => w.__benchSelected!(row);
      const before = selected();
      w.__benchEdit = new Promise<EditOutcome>((resolve) => {
        let t0: number | null = null;
        const onKey = (): void => {
          t0 ??= performance.now();
        };
        let done = false;
        const finish = (outcome: EditOutcome): void => {
          if (done) return;
          done = true;
          observer.disconnect();
          unsubscribe();
          clearTimeout(timer);
          removeEventListener('keydown', onKey, true);
          resolve(outcome);
        };
        addEventListener('keydown', onKey, true);
        // When the edit reached the store (after the editor's debounce), when its full report landed there, and when
        // the selected verdict and the full report were painted (the animation frame after each).
        let stored: number | null = null;
        let landed: number | null = null;
        let seen = false;
        let shown: { at: number; text: string } | null = null;
        let fullAt: number | null = null;
        const settle = (): void => {
          if (t0 === null || shown === null || fullAt === null || landed === null) return;
          const run = store.getState().run;
          finish({ ms: shown.at - t0, fullMs: fullAt - t0, text: shown.text, workerMs: run.kind === 'done' ? run.ms : null, toStore: (stored ?? landed) - t0, toReport: landed - t0 });
        };
        const observer = new MutationObserver(() => {
          const text = selected();
          if (t0 === null || seen || text === null || (want === null ? text === before : text !== want)) return;
          seen = true;
          requestAnimationFrame(() => {
            shown = { at: performance.now(), text };
            settle();
          });
        });
        observer.observe(document.querySelector(pane) ?? document.body, { childList: true, subtree: true, characterData: true });
        const unsubscribe = store.subscribe((s, prev) => {
          if (t0 !== null && stored === null && s.answer !== prev.answer) stored = performance.now();
          if (stored !== null && landed === null && s.run.kind === 'done' && s.report !== prev.report) {
            landed = performance.now();
            requestAnimationFrame(() => {
              fullAt = performance.now();
              settle();
            });
          }
          if (s.run.kind === 'timeout' || s.run.kind === 'crash') finish({ failed: `the run ended in ${s.run.kind}` });
        });
        const timer = setTimeout(() => finish({ failed: `no verdict change and full report within ${ms} ms` }), ms);
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

/** The selected verdict's text: the verdict row without the other clients' badges (as armEdit reads it). */
const selectedText = (page: Page): Promise<string | null> =>
  page.evaluate((row) => (window as BenchWindow).__benchSelected!(row), VERDICT_ROW);

/**
 * Opens `ec` as a user would: a gallery case (or a large one marked `link`) from its link; a large case pasted (loaded through the store, one run)
 * into the app opened on the default case, so its worker is warm, as it is when someone pastes a big schema. A large
 * case "works" when that run lands within the run budget the app gives it (src/sandbox/policy.ts runBudgetMs: it
 * grows with the schema and answer size); the edits after it are warm runs, each timed on its own.
 */
async function open(page: Page, ec: EditCase): Promise<{ failed: string } | null> {
  const linked = ec.kind === 'gallery' || ec.link === true;
  await page.goto(`/${encodePermalink(linked ? ec.case : DEFAULT_CASE)}`);
  const first = await firstVerdict(page, 120_000);
  if ('failed' in first) return first;
  await page.waitForFunction(() => (window as BenchWindow).__playground?.ready() === true, undefined, { timeout: 60_000 });
  if (linked) return null;
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
    const base = await selectedText(page);
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
  full: number[];
  worker: number[];
  toStore: number[];
  toReport: number[];
  failed: number;
  gaveUp: boolean;
}

async function editLoop(page: Page, ec: EditCase, texts: [string, string], n: number, timeoutMs: number): Promise<Loop> {
  const [base, changed] = texts;
  const times: number[] = [];
  const full: number[] = [];
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
      full.push(outcome.fullMs);
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
      .waitForFunction(
        ([row, want]) => (window as BenchWindow).__playground!.store.getState().run.kind === 'done' && (window as BenchWindow).__benchSelected!(row) === want,
        [VERDICT_ROW, base] as const,
        { timeout: timeoutMs },
      )
      .then(
        () => true,
        () => false,
      );
    if (!settled || failed > n / 4) return { failures, times, full, worker, toStore, toReport, failed, gaveUp: true };
    if (typing) i++;
  }
  return { failures, times, full, worker, toStore, toReport, failed, gaveUp: false };
}

/** Edits the first of `sizes` (largest first) that works in the app; the larger ones are listed with the reason. */
async function edits(browser: Browser, origin: string, sizes: readonly EditCase[], n: number, blocked: string[], withMemory = false): Promise<EditResult> {
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
      const before = withMemory ? await heaps(browser, page) : null;
      const loop = await editLoop(page, ec, ready.texts, n, timeoutMs);
      if (loop.gaveUp && ec !== sizes.at(-1)) {
        tooLarge.push(`${label}: ${loop.failed} of its edits did not update the verdict`);
        continue;
      }
      const answerBytes = Buffer.byteLength(ec.case.answer);
      const edit = stats(loop.times, loop.failed);
      const memory = before ? memoryOf(before, await heaps(browser, page), loop.times.length + loop.failed) : undefined;
      return { id: ec.id, kind: ec.kind, answerBytes, key: ready.key, edit, full: stats(loop.full, loop.failed), ...(memory ? { memory } : {}), worker: stats(loop.worker, 0), toStore: stats(loop.toStore, 0), toReport: stats(loop.toReport, 0), tooLarge, failures: loop.failures };
    } finally {
      await context.close();
    }
  }
  const last = sizes.at(-1);
  const none = stats([], 0);
  return { id: last?.id ?? 'none', kind: last?.kind ?? 'large', answerBytes: Buffer.byteLength(last?.case.answer ?? ''), key: '–', edit: none, full: none, worker: none, toStore: none, toReport: none, tooLarge, failures: [] };
}

type Heaps = { page: number; workers: Awaited<ReturnType<typeof workerHeaps>> };

/** The page's and the engine workers' heaps, each after a forced GC. */
async function heaps(browser: Browser, page: Page): Promise<Heaps> {
  return { page: await pageHeap(page), workers: await workerHeaps(browser) };
}

function memoryOf(before: Heaps, after: Heaps, edits: number): MemoryResult {
  const sum = (b: number[]) => b.reduce((n, x) => n + x, 0);
  const worker =
    'bytes' in before.workers && 'bytes' in after.workers
      ? { before: sum(before.workers.bytes), after: sum(after.workers.bytes), workers: after.workers.bytes.length }
      : { unavailable: 'unavailable' in before.workers ? before.workers.unavailable : 'unavailable' in after.workers ? after.workers.unavailable : '' };
  return { edits, pageBefore: before.page, pageAfter: after.page, worker };
}

// ---------------------------------------------------------------- edit profile

/** Traced edits of the 300-field case: the timed breakdown and, per thread, what its tasks spent their time on. */
interface EditProfile {
  id: string;
  edits: number;
  edit: Stats;
  toStore: Stats;
  worker: Stats;
  toReport: Stats;
  /** Per thread, ms per edit: by trace event name (events nest: a FunctionCall holds the GC it triggered), and the CPU profile's self time by script file and by function. */
  threads: Array<{ thread: string; jsMs: number; byName: Array<[string, number]>; byFile: Array<[string, number]>; byFunction: Array<[string, number]> }>;
  trace: string;
}

/** The trace events whose time the edit profile sums, per thread. */
const PROFILED = /^(FunctionCall|RunMicrotasks|HandlePostMessage|EventDispatch|TimerFire|FireAnimationFrame|UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit|MajorGC|MinorGC|V8\.GC_MARK_COMPACTOR|v8\.compile|V8\.CompileCode|V8\.ParseFunction|v8\.deserializeOnBackground|ParseHTML)$/;

/**
 * The 300-field case's edits (the 1 MB answer, or the largest that opens), a few untraced to warm up, then `n` traced:
 * the trace is written to bench/results/trace-edit-300-fields.json, and the row says where each edit's time goes.
 */
async function editProfile(browser: Browser, origin: string, n: number, blocked: string[]): Promise<EditProfile> {
  const [objects = []] = largeCases();
  const { context } = await freshContext(browser, origin, blocked);
  try {
    for (const ec of objects) {
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      process.stderr.write(`bench browser: edit profile, ${ec.id}: opening\n`);
      const ready = (await open(page, ec)) ?? (await prepareEdits(page, ec, 60_000));
      if ('failed' in ready) {
        await page.close();
        continue;
      }
      await editLoop(page, ec, ready.texts, 4, 60_000);
      await browser.startTracing(page, { categories: [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler'], screenshots: false });
      let loop: Loop;
      let raw: Buffer;
      try {
        loop = await editLoop(page, ec, ready.texts, n, 60_000);
      } finally {
        raw = await browser.stopTracing();
      }
      const trace = join(RESULTS, 'trace-edit-300-fields.json');
      mkdirSync(RESULTS, { recursive: true });
      writeFileSync(trace, raw);
      const events = (JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
      const spans = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
      const from = Math.min(...spans.map((e) => e.ts)) / 1000;
      const to = Math.max(...spans.map((e) => e.ts + (e.dur ?? 0))) / 1000;
      const sampled = new Map(sampledSelfTimes(events).map((x) => [x.key, x]));
      const perEdit = (list: Array<[string, number]>) => list.map(([what, v]): [string, number] => [what, v / n]).filter(([, v]) => v >= 0.5);
      const threads = threadTimes(events, from, to).map((t) => {
        const byName = new Map<string, number>();
        for (const e of spans) if (PROFILED.test(e.name) && `${e.pid}:${e.tid}` === t.key) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
        const own = sampled.get(t.key);
        return { thread: t.thread, jsMs: t.jsMs / n, byName: perEdit([...byName].sort((a, b) => b[1] - a[1])), byFile: perEdit(own?.byFile ?? []), byFunction: perEdit(own?.byFunction ?? []) };
      });
      return { id: ec.id, edits: n, edit: stats(loop.times, loop.failed), toStore: stats(loop.toStore, 0), worker: stats(loop.worker, 0), toReport: stats(loop.toReport, 0), threads, trace: relative(ROOT, trace) };
    }
    throw new Error('edit profile: no size of the 300-field case opened');
  } finally {
    await context.close();
  }
}

function renderEditProfile(p: EditProfile): string[] {
  return [
    `Edit profile: ${p.id}, ${p.edits} traced edits (${p.trace}; tracing slows them)`,
    `  keydown → selected verdict p50 ${ms(p.edit.p50)} ms (p95 ${ms(p.edit.p95)}); keydown → store p50 ${ms(p.toStore.p50)} ms; in the worker p50 ${ms(p.worker.p50)} ms; keydown → full report in the store p50 ${ms(p.toReport.p50)} ms`,
    '  per thread, ms per edit: JavaScript (compile and run, nested events once), then the trace events that held it (they nest)',
    ...p.threads
      .filter((t) => t.jsMs >= 1 || t.byName.length > 0)
      .flatMap((t) => [
        `    ${t.thread}: JavaScript ${ms(t.jsMs)} ms`,
        `      trace events: ${t.byName.map(([name, v]) => `${name} ${ms(v)}`).join(', ')}`,
        `      sampled self time by file: ${t.byFile.map(([name, v]) => `${name} ${ms(v)}`).join(', ') || '–'}`,
        `      by function: ${t.byFunction.map(([name, v]) => `${name} ${ms(v)}`).join(', ') || '–'}`,
      ]),
  ];
}

// ---------------------------------------------------------------- repeat visit

/** Repeat visits: in each of `contexts` browser contexts, `visits` loads of the app one after the other. */
interface RepeatResult {
  /** The first visit of each context (cold cache), the second, and the later ones (Chromium's code cache is made on a script's second run and used from its third). */
  first: Stats;
  second: Stats;
  later: Stats;
  /** Per later visit: the page's scripts (Resource Timing) that came from the HTTP cache (transferSize 0) of those it fetched. */
  cached: string[];
}

async function repeatVisits(origin: string, contexts: number, visits: number, blocked: string[]): Promise<RepeatResult> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const byVisit: number[][] = Array.from({ length: visits }, () => []);
  const cached: string[] = [];
  try {
    for (let c = 0; c < contexts; c++) {
      // Without routing: Playwright's request routing turns Chromium's HTTP cache off, and with it the code cache a
      // repeat visit is about. The browser itself blocks what is beyond this machine (chromiumLaunchOptions).
      const { context } = await freshContext(browser, origin, blocked, { route: false });
      try {
        for (let v = 0; v < visits; v++) {
          process.stderr.write(`bench browser: repeat visit ${v + 1}/${visits} (context ${c + 1}/${contexts})\n`);
          const page = await context.newPage();
          await page.goto(linkOf('app', DEFAULT_CASE));
          const result = await firstVerdict(page, 60_000);
          if ('failed' in result) throw new Error(`repeat visit: ${result.failed}`);
          byVisit[v]?.push(result.shownMs);
          // The full report and an idle moment, so that what the visit compiled is in the cache before the next one.
          await fullReport(page, 60_000);
          await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 2000 }), 500)));
          if (v > 0) {
            const scripts = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => /\.js$/.test(new URL(e.name).pathname)).map((e) => e.transferSize));
            cached.push(`visit ${v + 1}: ${scripts.filter((t) => t === 0).length}/${scripts.length}`);
          }
          await page.close();
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { first: stats(byVisit[0] ?? [], 0), second: stats(byVisit[1] ?? [], 0), later: stats(byVisit.slice(2).flat(), 0), cached };
}

function renderRepeat(r: RepeatResult): string[] {
  return [
    `Repeat visit (the app from its link again in the same browser context, after the previous visit settled; ms from navigation start to the first verdict on screen, a report kept from the previous visit included; target p50 ≤ ${BUDGET.repeatVisitMs} ms)`,
    table([
      ['visit', 'loads', 'p50', 'p95', 'target (p50)'],
      ['  first (cold cache)', String(r.first.n), ms(r.first.p50), ms(r.first.p95), ''],
      ['  second', String(r.second.n), ms(r.second.p50), ms(r.second.p95), against(r.second.p50, BUDGET.repeatVisitMs, msOver)],
      ['  third and later (code cache)', String(r.later.n), ms(r.later.p50), ms(r.later.p95), against(r.later.p50, BUDGET.repeatVisitMs, msOver)],
    ]),
    `  page scripts from the HTTP cache: ${r.cached.join(', ')}`,
  ];
}

/** Visits to one page in a fresh on-disk profile: the first (cold), then a new browser on the same profile, twice. */
interface ProfileRow {
  page: string;
  floor: string | null;
  /** The first verdict on screen: on a repeat visit, the report kept from the earlier one (marked as re-checked). */
  first: Stats;
  second: Stats;
  /** The second visit's own run's first verdict (the re-check). */
  secondChecked: Stats;
  third: Stats;
  /** Per profile: second / first and third / first (each profile's own ratio; the row reports their median). */
  secondRatio: Stats;
  secondCheckedRatio: Stats;
  thirdRatio: Stats;
  loadavg: Stats;
  /** Per visit after the first: the page's scripts (Resource Timing) that came from the HTTP cache, of those it fetched. */
  cached: string[];
}

/**
 * Repeat visits as a returning user makes them: a fresh on-disk profile (Chromium keeps V8's code cache only there,
 * not in an in-memory context), the first visit, the browser closed, a new browser on the same profile for the second
 * visit, and again for the third (Chromium makes a script's code cache when it runs a second time and uses it from the
 * third). The pages take turns, a new profile per page and round.
 */
async function profileVisits(pages: ReadonlyArray<Omit<Contender, 'n'>>, origin: string, rounds: number, blocked: string[]): Promise<ProfileRow[]> {
  const times = pages.map((): number[][] => [[], [], []]);
  const checked = pages.map((): number[][] => [[], [], []]);
  const loads = pages.map((): number[] => []);
  const cached = pages.map((): string[] => []);
  for (let i = 0; i < rounds; i++) {
    for (const [k, p] of pages.entries()) {
      const profile = mkdtempSync(join(tmpdir(), 'bench-profile-'));
      try {
        for (let v = 0; v < 3; v++) {
          process.stderr.write(`bench browser: ${p.page}, on-disk profile ${i + 1}/${rounds}, visit ${v + 1}/3\n`);
          loads[k]?.push(loadavg()[0] ?? Number.NaN);
          const visit = await visitWithProfile(profile, origin, p.path, blocked);
          times[k]?.[v]?.push(visit.shownMs);
          checked[k]?.[v]?.push(visit.ms);
          if (v > 0) cached[k]?.push(`visit ${v + 1}: ${visit.cached}`);
        }
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    }
  }
  return pages.map((p, k) => {
    const [first = [], second = [], third = []] = times[k] ?? [];
    const [firstChecked = [], secondChecked = []] = checked[k] ?? [];
    const ratios = (later: number[], to = first) => stats(later.map((t, j) => t / (to[j] ?? Number.NaN)), 0);
    return { page: p.page, floor: p.floor, first: stats(first, 0), second: stats(second, 0), secondChecked: stats(secondChecked, 0), third: stats(third, 0), secondRatio: ratios(second), secondCheckedRatio: ratios(secondChecked, firstChecked), thirdRatio: ratios(third), loadavg: stats(loads[k] ?? [], 0), cached: cached[k] ?? [] };
  });
}

/**
 * One visit in its own browser on `profile`: ms from navigation start to the first verdict, and how many of the
 * page's scripts came from the HTTP cache (transfer size 0); then the page settles and the browser closes.
 */
async function visitWithProfile(profile: string, origin: string, path: string, blocked: string[], traceTo?: string): Promise<{ ms: number; shownMs: number; cached: string; threads?: ThreadTime[] }> {
  // No request routing (it turns the HTTP cache off): the launch options' proxy blocks what is beyond this machine.
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), baseURL: origin, viewport: { width: 1440, height: 900 } });
  try {
    context.on('request', (r) => (isLocal(r.url()) ? undefined : blocked.push(r.url())));
    await instrument(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const visit = async () => {
      await page.goto(path);
      const first = await firstVerdict(page, 60_000);
      if ('failed' in first) throw new Error(`${path}: ${first.failed}`);
      if (!path.startsWith(`/${FLOOR_PAGE}`)) await fullReport(page, 60_000);
      return first;
    };
    let result: { ms: number; shownMs: number };
    let threads: ThreadTime[] | undefined;
    if (traceTo) {
      const traced = await tracePage(page, visit);
      result = traced.result;
      writeFileSync(traceTo, JSON.stringify({ traceEvents: traced.events }));
      const mark = traced.events.find((e) => e.name === FIRST_VERDICT_MARK);
      const origin0 = mark ? mark.ts / 1000 - result.ms : Number.NaN;
      threads = mark ? threadTimes(traced.events, origin0, origin0 + result.ms) : [];
    } else result = await visit();
    // An idle moment, so that what the visit compiled reaches the cache before the browser closes.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 2000 }), 500)));
    const sizes = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => /\.js$/.test(new URL(e.name).pathname)).map((e) => e.transferSize));
    return { ms: result.ms, shownMs: result.shownMs, cached: `${sizes.filter((t) => t === 0).length}/${sizes.length}`, ...(threads ? { threads } : {}) };
  } finally {
    await context.close();
  }
}

/** The traced first and repeat visit of one page on a fresh on-disk profile: JavaScript time per thread until the first verdict. */
interface RepeatTrace {
  page: string;
  visits: Array<{ visit: number; ms: number; shownMs: number; threads: ThreadTime[]; trace: string }>;
}

/**
 * One more fresh profile per page whose first and second visits are traced (the timed visits above stay untraced);
 * each trace is written to bench/results/ (open it in Chromium's Performance panel or ui.perfetto.dev).
 */
async function repeatTraces(pages: ReadonlyArray<Omit<Contender, 'n'>>, origin: string, blocked: string[]): Promise<RepeatTrace[]> {
  const out: RepeatTrace[] = [];
  mkdirSync(RESULTS, { recursive: true });
  for (const p of pages) {
    const profile = mkdtempSync(join(tmpdir(), 'bench-profile-'));
    const visits: RepeatTrace['visits'] = [];
    try {
      for (let v = 1; v <= 2; v++) {
        process.stderr.write(`bench browser: ${p.page}, traced on-disk profile, visit ${v}/2\n`);
        const trace = join(RESULTS, `trace-${p.page.replace(/\W+/g, '-')}-visit${v}.json`);
        const visit = await visitWithProfile(profile, origin, p.path, blocked, trace);
        visits.push({ visit: v, ms: visit.ms, shownMs: visit.shownMs, threads: visit.threads ?? [], trace: relative(ROOT, trace) });
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
    out.push({ page: p.page, visits });
  }
  return out;
}

function renderRepeatTraces(traces: readonly RepeatTrace[]): string[] {
  const lines = ['Traced first and repeat visit (on-disk profile; JavaScript time per thread from navigation start to the first verdict, compile included; tracing slows each visit)'];
  for (const t of traces) {
    for (const v of t.visits) {
      lines.push(`  ${t.page}, visit ${v.visit}: first verdict on screen ${ms(v.shownMs)} ms, its own run's ${ms(v.ms)} ms (${v.trace})`);
      lines.push(...table(v.threads.map((th) => [`    ${th.thread}`, `js ${ms(th.jsMs)} ms`, `compile ${ms(th.compileMs)} ms`])).split('\n'));
    }
  }
  return lines;
}

/**
 * Why each file fetched before the first verdict is there, by its name (first match wins). A file no line explains
 * is printed as such: the list is meant to be read, and a newcomer should be.
 */
const WHY: ReadonlyArray<readonly [RegExp, string]> = [
  [/^floor: .*\/index-[\w-]+\.js$/, "the floor page's script: starts its worker and prints the verdict"],
  [/^floor: .*\/worker-[\w-]+\.js$/, "the floor's worker: zod, the SDK's Ajv validator with ajv-formats, fflate"],
  [/^app: sandbox\.html$/, "the sandbox frame's inline script: an opaque-origin frame that starts the engine worker and the client realm and relays messages (docs/security.md)"],
  [/^app: index\.html$/, "the app page's inline script"],
  [/\/engine-worker-/, "the engine worker (the schema's realm): SES lockdown, the module loader, zod, the converters and the report phases; it runs the schema's code. On the path"],
  [/\/engine-sucrase-/, 'engine chunk: sucrase, to strip TypeScript from the schema module. On the path for a TypeScript schema'],
  [/\/engine-(entry-)?v2-/, 'engine chunk: the v2 SDK (server half), for the v2 rows of the report. Not needed for the v1 verdict'],
  [/\/engine-(entry-)?zod/, 'engine chunk: zod entry points the schema module imports'],
  [/\/engine-lib-/, 'engine chunk: a schema library (valibot, arktype, effect) the schema module imports. Never on the default case\'s path (see the count above)'],
  [/\/engine-/, 'engine chunk, asked for by the worker while it evaluates (its name says which part)'],
  [/\/client-realm-worlds-/, "the worlds' client realm: only for a version world. Not on the default case's path"],
  [/\/client-realm-v2-client-/, "the client realm's later part: SDK v2's client half (its Client, its Ajv provider, @cfworker/json-schema), for the v2 badges and the v2 real run. On the path only when a v2 client is selected; else asked for once the first verdict is out"],
  [/\/client-realm-[0-9a-f]{8}\.js$/, "the client realm's script: SDK 1.32.2's client with Ajv 8 and ajv-formats (the default selected client's: its verdict is the first one), the zod its result parsing uses, and the module runtime that takes the later part. On the path"],
  [/\/(editor\.api|CodeEditor|AnswerEditor|SchemaEditor|jsonMode|tsMode|typescript|markdown)-/, 'Monaco (the editors): not on the verdict\'s path; here only when it raced the first verdict'],
  [/\.worker-/, "a Monaco language worker: not on the verdict's path"],
  [/\/index-[\w-]+\.js$/, "the page's entry script (src/main.tsx): starts the sandbox frame, reads the starting case, makes the stores and the live evaluation; the UI's chunks are evaluated after it"],
  [/\/client-[\w-]{8}\.js$/, 'React DOM: a chunk of its own, preloaded with the page, evaluated after the entry script has started the sandbox frame. On the path (it renders the verdict)'],
  [/\/App-[\w-]+\.js$/, "the UI (src/ui/App.tsx: the layout, the panes, the status line): preloaded with the page, evaluated after the entry script has started the sandbox frame. On the path"],
  [/\/react-[\w-]+\.js$/, "React itself (hooks, createContext), shared by the entry script and the UI's chunks"],
  [/\/rolldown-runtime-/, "the bundler's module runtime, shared by the page's chunks"],
  [/\/jsx-runtime-/, "what the entry script and the UI share: React's JSX runtime, the services context (src/ui/storeContext.ts), the case's shape (src/engine/case.ts)"],
  [/\/(values|elide)-/, "a chunk the UI shares with the page's lazy parts (answer values, tool names, the elided-text helper)"],
  [/\/(Import|Generate)-/, "the editors' Import and Generate buttons: rendered at Monaco's gate (after the first verdict is painted, or on a click into an editor): here only when that raced the first verdict"],
  [/\/schemas-/, 'zod/mini, with which the page checks each report the sandbox sends before showing it (src/state/reportCheck.ts): on the path'],
  [/\/(catalog|report|tool-name|parse|caseBound)-/, 'a chunk the entry script shares with its lazy parts (engine catalog and report types the verdict pane reads)'],
];

/** A schema library's engine chunk (src/engine/libs/lib-*.ts). */
const LIBRARY_CHUNK = /\/engine-lib-/;

/** Each JavaScript file fetched before the first verdict (the median load), with its size and why it is there. */
function renderFirstFiles(loads: readonly LoadResult[]): string[] {
  const lines = ['JavaScript fetched before the first verdict, file by file (gzip; the load with the median total) and why each is there'];
  for (const l of loads.filter((x) => x.page === 'app' || x.page === 'embed' || x.page === 'floor')) {
    lines.push(`  ${l.page}: ${kb(total(l.js))} in ${l.js.length} files`);
    // The schema libraries' chunks (src/engine/libs) are fetched only for a paste that imports one: never here.
    const libraries = l.js.filter((f) => LIBRARY_CHUNK.test(f.path)).length;
    lines.push(`    schema library chunks (engine-lib-*) fetched: ${libraries}${libraries === 0 ? '' : ' (REGRESSION: the default case imports none)'}`);
    const why = (path: string) => WHY.find(([re]) => re.test(`${l.page === 'floor' ? 'floor' : 'app'}: ${path}`))?.[1] ?? '(no reason on record: see bench/browser.ts WHY)';
    const rows = table(l.js.map((f) => [`    ${f.path}`, kb(f.gzip)])).split('\n');
    lines.push(...rows.map((row, i) => `${row}  ${why(l.js[i]?.path ?? '')}`));
  }
  return lines;
}

function renderProfiles(rows: readonly ProfileRow[]): string[] {
  const byPage = new Map(rows.map((r) => [r.page, r]));
  const over = (r: ProfileRow, pick: (x: ProfileRow) => Stats) => {
    const floor = r.floor === null ? undefined : byPage.get(r.floor);
    return floor ? ratio(pick(r).p50, pick(floor).p50) : '';
  };
  return [
    `Repeat visit with an on-disk profile (a fresh profile per page and round; each visit in a new browser on it; ms from navigation start to the first verdict on screen; target: the app's second visit ≤ ${REPEAT_TARGET}× its first)`,
    '  (on a repeat visit the app first shows the report it kept for this case and build, marked as re-checked; "re-checked": its own run\'s first verdict)',
    table([
      ['page', 'profiles', 'first p50', 'second p50', 'second re-checked p50', 'third p50', 'second / first', 're-checked / first', 'third / first', 'first app/floor', 'second app/floor', 'load avg p50', 'target (second / first)'],
      ...rows.map((r) => [
        `  ${r.page}`,
        String(r.first.n),
        ms(r.first.p50),
        ms(r.second.p50),
        ms(r.secondChecked.p50),
        ms(r.third.p50),
        r.secondRatio.p50.toFixed(2),
        r.secondCheckedRatio.p50.toFixed(2),
        r.thirdRatio.p50.toFixed(2),
        over(r, (x) => x.first),
        over(r, (x) => x.second),
        r.loadavg.p50.toFixed(2),
        r.floor === null ? '' : withinRatio(r.secondRatio.p50, REPEAT_TARGET),
      ]),
    ]),
    '  (second / first and third / first: the median over profiles of each profile\'s own ratio)',
    ...rows.map((r) => `  ${r.page}: page scripts from the HTTP cache: ${r.cached.join(', ')}`),
  ];
}

// ---------------------------------------------------------------- runaway schema

/** A schema whose module code never returns. */
export const RUNAWAY_SCHEMA = "import { z } from 'zod';\nwhile (true) {}\nexport default z.object({ id: z.string() });\n";

/** Runaway code: from a link (navigation start → the timeout shown) and typed into the warm app (setText → the timeout shown). */
interface RunawayResult {
  link: Stats;
  typed: Stats;
  outcomes: string[];
  /** One more, traced load from a link: where its time went (ms from navigation start). */
  traced?: RunawayTrace;
}

/** A traced runaway load: when the schema's module code started in its worker, and when the page said it was ended. */
interface RunawayTrace {
  /** The start of the worker's task that never ended (the loop: the watchdog terminated its worker). */
  loopStart: number;
  shown: number;
  trace: string;
}

/**
 * A runaway link's load, traced (written to bench/results/trace-runaway.json): the one task a worker thread began and
 * never ended is the loop (its worker was terminated), which places the schema's start on the page's clock.
 */
async function tracedRunaway(browser: Browser, origin: string, blocked: string[]): Promise<RunawayTrace | undefined> {
  const { context } = await freshContext(browser, origin, blocked);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing'], screenshots: false });
    let shown: number;
    let raw: Buffer;
    try {
      await page.goto(linkOf('app', { ...DEFAULT_CASE, schema: RUNAWAY_SCHEMA }));
      await page.waitForFunction(() => (window as BenchWindow).__benchRunEnd ?? false, undefined, { timeout: 60_000, polling: 50 });
      shown = await page.evaluate(() => {
        performance.mark('bench:runaway-shown', { startTime: (window as BenchWindow).__benchRunEnd?.at ?? 0 });
        return (window as BenchWindow).__benchRunEnd?.at ?? Number.NaN;
      });
    } finally {
      raw = await browser.stopTracing();
    }
    const events = (JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const mark = events.find((e) => e.name === 'bench:runaway-shown');
    const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? '']));
    if (!mark) return undefined;
    const ended = new Set(events.filter((e) => e.ph === 'E').map((e) => `${e.pid}:${e.tid}:${e.name}`));
    const loop = events.filter((e) => e.ph === 'B' && names.get(`${e.pid}:${e.tid}`) === 'DedicatedWorker thread' && !ended.has(`${e.pid}:${e.tid}:${e.name}`) && e.ts < mark.ts).sort((a, b) => a.ts - b.ts)[0];
    if (!loop) return undefined;
    const trace = join(RESULTS, 'trace-runaway.json');
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(trace, raw);
    const navigation = mark.ts / 1000 - shown;
    return { loopStart: loop.ts / 1000 - navigation, shown, trace: relative(ROOT, trace) };
  } finally {
    await context.close();
  }
}

async function runawayFromLink(browser: Browser, origin: string, blocked: string[]): Promise<{ ms: number; outcome: string }> {
  const { context } = await freshContext(browser, origin, blocked);
  try {
    const page = await context.newPage();
    await page.goto(linkOf('app', { ...DEFAULT_CASE, schema: RUNAWAY_SCHEMA }));
    const end = await page.waitForFunction(() => (window as BenchWindow).__benchRunEnd ?? false, undefined, { timeout: 60_000, polling: 50 });
    const { kind, at } = (await end.jsonValue()) as { kind: string; at: number };
    return { ms: kind === 'timeout' ? at : Number.NaN, outcome: `link: ${kind} at ${ms(at)} ms` };
  } finally {
    await context.close();
  }
}

async function runawayTyped(browser: Browser, origin: string, blocked: string[]): Promise<{ ms: number; outcome: string }> {
  const { context } = await freshContext(browser, origin, blocked);
  try {
    const page = await context.newPage();
    await page.goto(linkOf('app', DEFAULT_CASE));
    const first = await firstVerdict(page, 60_000);
    if ('failed' in first) return { ms: Number.NaN, outcome: `typed: ${first.failed}` };
    await fullReport(page, 60_000);
    await page.waitForFunction(() => (window as BenchWindow).__playground?.ready() === true, undefined, { timeout: 60_000 });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const end = await page.evaluate(
      (schema) =>
        new Promise<{ kind: string; ms: number }>((resolve) => {
          const hook = (window as BenchWindow).__playground!;
          const t0 = performance.now();
          const unsubscribe = hook.store.subscribe((s) => {
            if (s.run.kind === 'timeout' || s.run.kind === 'crash' || (s.run.kind === 'done' && s.schema === schema)) {
              unsubscribe();
              resolve({ kind: s.run.kind, ms: performance.now() - t0 });
            }
          });
          hook.setText('schema', schema);
        }),
      RUNAWAY_SCHEMA,
    );
    return { ms: end.kind === 'timeout' ? end.ms : Number.NaN, outcome: `typed: ${end.kind} after ${ms(end.ms)} ms` };
  } finally {
    await context.close();
  }
}

async function runaway(browser: Browser, origin: string, n: number, blocked: string[]): Promise<RunawayResult> {
  const link: Array<{ ms: number; outcome: string }> = [];
  const typed: Array<{ ms: number; outcome: string }> = [];
  for (let i = 0; i < n; i++) {
    process.stderr.write(`bench browser: runaway ${i + 1}/${n}\n`);
    link.push(await runawayFromLink(browser, origin, blocked));
    typed.push(await runawayTyped(browser, origin, blocked));
  }
  const of = (xs: typeof link) => stats(xs.map((x) => x.ms).filter((v) => !Number.isNaN(v)), xs.filter((x) => Number.isNaN(x.ms)).length);
  process.stderr.write('bench browser: runaway, traced\n');
  const traced = await tracedRunaway(browser, origin, blocked);
  return { link: of(link), typed: of(typed), outcomes: [...link, ...typed].map((x) => x.outcome), ...(traced ? { traced } : {}) };
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

/** A 100,000-key answer (about 1.5 MB) against `z.object({})`: every strict client lists every key as an error. */
export function giantAnswerCase(keys = 100_000): Case {
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

// ---------------------------------------------------------------- edit → verdict against the floor

/** The app's edit p50 against the floor's own re-evaluation: at most this many times (issue 37). */
const EDIT_RATIO_TARGET = 10;

/** One case's edits in the app and in the floor page, the same keystrokes at the same place, in the same run. */
interface FloorEditRow {
  id: string;
  kind: EditCase['kind'];
  answerBytes: number;
  key: string;
  app: Stats;
  floor: Stats;
  /** The 1-minute load average when the app's and the floor's edits began. */
  loadavg: [number, number];
}

/**
 * The floor's edits (bench/floor): the answer in its textarea, the cursor before the closing quote of `key`'s name, and
 * `n` keystrokes alternately adding a letter and taking it back, each timed in the page from its keydown to the
 * worker's verdict for it painted (the frame after it lands). The floor evaluates the whole case again per input.
 */
async function floorEdits(browser: Browser, origin: string, c: FloorInput, key: string, n: number, blocked: string[]): Promise<Stats> {
  const { context } = await freshContext(browser, origin, blocked);
  try {
    const page = await context.newPage();
    await page.goto(floorLink(c));
    await page.locator(FLOOR_VERDICT).waitFor({ timeout: 60_000 });
    const box = page.locator('#answer');
    await box.fill(c.answer);
    // Every input the fill sent answered (the page numbers the edits it sends, the worker echoes the number).
    const settled = () => {
      const sent = document.getElementById('answer')?.dataset['edit'];
      return sent !== undefined && document.getElementById('verdict')?.dataset['edit'] === sent;
    };
    await page.waitForFunction(settled, undefined, { timeout: 60_000 });
    const at = c.answer.indexOf(`"${key}"`) + 1 + key.length;
    await box.evaluate((el: HTMLTextAreaElement, pos: number) => (el.focus(), el.setSelectionRange(pos, pos)), at);
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < n; i++) {
      await page.evaluate(() => {
        const out = document.getElementById('verdict') as HTMLOutputElement;
        const box = document.getElementById('answer') as HTMLTextAreaElement;
        const before = Number(out.dataset['edit']);
        (window as { __floorEdit?: Promise<number | null> }).__floorEdit = new Promise((resolve) => {
          let t0: number | null = null;
          addEventListener('keydown', () => void (t0 ??= performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            // The keystroke's own verdict: the last edit sent, answered.
            if (t0 === null || Number(out.dataset['edit']) <= before || out.dataset['edit'] !== box.dataset['edit']) return;
            observer.disconnect();
            clearTimeout(timer);
            requestAnimationFrame(() => resolve(performance.now() - (t0 ?? 0)));
          });
          observer.observe(out, { attributes: true });
          const timer = setTimeout(() => (observer.disconnect(), resolve(null)), 60_000);
        });
      });
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      const ms = await page.evaluate(() => (window as { __floorEdit?: Promise<number | null> }).__floorEdit ?? null);
      if (ms === null) failed++;
      else times.push(ms);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
    }
    if ((await box.inputValue()) !== c.answer && n % 2 === 0) throw new Error('floor edits: the answer did not come back to the case');
    return stats(times, failed);
  } finally {
    await context.close();
  }
}

/**
 * Edit → verdict on the small permalink's case and the 300-field case, the app first (its own edit row, which picks the
 * key whose renaming changes the verdict), then the floor with the same key and keystrokes.
 */
async function editsAgainstFloor(browser: Browser, origin: string, n: number, blocked: string[]): Promise<FloorEditRow[]> {
  const large = largeObjectCase(LARGE_LINK_BYTES);
  const cases: EditCase[] = [
    { id: 'small permalink (the default case)', kind: 'gallery', case: DEFAULT_CASE, keys: ['id', 'total'] },
    // From its link, as the first-verdict row opens it (a paste into the app is the other edit row's).
    { ...fromBench({ ...large, id: `300-field permalink (${size(Buffer.byteLength(large.case.answer))} answer)` }, ['g0', 'f0_0']), link: true },
  ];
  const rows: FloorEditRow[] = [];
  for (const ec of cases) {
    const appLoad = loadavg()[0] ?? Number.NaN;
    const app = await edits(browser, origin, [ec], n, blocked);
    if (app.tooLarge.length > 0 || app.edit.n === 0) throw new Error(`edit row, ${ec.id}: the app's edits did not run (${[...app.tooLarge, ...app.failures].join('; ')})`);
    const floorLoad = loadavg()[0] ?? Number.NaN;
    process.stderr.write(`bench browser: ${ec.id}: the floor's edits\n`);
    const floor = await floorEdits(browser, origin, { tool: ec.case.tool ?? 'my_tool', schema: ec.case.schema, answer: ec.case.answer }, app.key, n, blocked);
    rows.push({ id: ec.id, kind: ec.kind, answerBytes: app.answerBytes, key: app.key, app: app.edit, floor, loadavg: [appLoad, floorLoad] });
  }
  return rows;
}

function renderFloorEdits(rows: readonly FloorEditRow[]): string[] {
  return [
    `Edit → verdict against the floor (ms from keydown to the selected verdict painted; the floor: keydown in its textarea to its worker's new verdict painted, the whole case evaluated again; target: app p50 ≤ ${EDIT_RATIO_TARGET}× the floor's p50, app p95 ≤ ${BUDGET.editGalleryMs} ms small, ≤ ${BUDGET.editLargeMs} ms 300 fields on a quiet host)`,
    table([
      ['case', 'answer', 'key', 'edits', 'failed', 'app p50', 'p95', 'floor p50', 'p95', 'app/floor p50', 'load avg (app, floor)', 'target (p50 ratio)', 'target (app p95)'],
      ...rows.map((r) => [
        `  ${r.id}`,
        size(r.answerBytes),
        r.key,
        String(r.app.n),
        `${r.app.failed} + ${r.floor.failed}`,
        ms(r.app.p50),
        ms(r.app.p95),
        ms(r.floor.p50),
        ms(r.floor.p95),
        ratio(r.app.p50, r.floor.p50),
        r.loadavg.map((l) => l.toFixed(2)).join(', '),
        withinRatio(r.app.p50 / r.floor.p50, EDIT_RATIO_TARGET),
        against(r.app.p95, r.kind === 'large' ? BUDGET.editLargeMs : BUDGET.editGalleryMs, msOver),
      ]),
    ]),
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

interface Result {
  chromium: string;
  blocked: number;
  loads: LoadResult[];
  edits: EditResult[];
  floorEdits: FloorEditRow[];
  giant: GiantResult;
  runaway: RunawayResult;
  repeat: RepeatResult;
  profiles: ProfileRow[];
  traces: RepeatTrace[];
  waterfalls: Waterfall[];
  worker: WorkerBreakdown;
  clientRealm: { script: WorkerBreakdown; later: WorkerBreakdown };
  quick: boolean;
}

const msOver = (v: number): string => `${ms(v)} ms`;

/** app / floor targets of the first verdict, by page label prefix (docs/performance.md). */
const RATIO_TARGET: ReadonlyArray<readonly [string, number]> = [
  ['app: 300', 2],
  ['embed', 1.3],
  ['app', 1.5],
];
/** The app's second visit against its first, on an on-disk profile. */
const REPEAT_TARGET = 0.5;

/** `a / b` as a ratio for people: 3.41×. */
const ratio = (a: number, b: number): string => (Number.isNaN(a) || Number.isNaN(b) || b === 0 ? '–' : `${(a / b).toFixed(2)}×`);

/** "meets", or that a ratio is over its target. */
const withinRatio = (value: number, target: number): string => (Number.isNaN(value) ? 'not measured' : value <= target ? 'meets' : `misses (${value.toFixed(2)} > ${target})`);

function renderLoads(loads: readonly LoadResult[]): string[] {
  const byPage = new Map(loads.map((l) => [l.page, l]));
  return [
    `First verdict (ms from navigation start to the selected verdict on screen, i.e. the first report; the floor page's verdict for the floor rows; target p50 ≤ ${BUDGET.firstVerdictMs} ms app and embed, ≤ ${BUDGET.largeFirstVerdictMs} ms the 300-field case; app/floor ≤ ${RATIO_TARGET.map(([p, r]) => `${r}× ${p}`).join(', ')})`,
    '  (the pages take turns, floor, app, embed, floor, app, a fresh context per load; app/floor: p50 over p50 of the floor row on the same case; load avg: the 1-minute load average at each load)',
    '  (full report: the whole report on screen; worker script in: when the engine worker script had arrived; full run: the first run inside the worker)',
    table([
      ['page', 'loads', 'p50', 'p95', 'floor p50', 'app/floor', 'load avg p50', 'full report p50', 'p95', 'full failed', 'worker script in p50', 'full run in worker p50', 'target (p50)', 'target (app/floor)'],
      ...loads.map((l) => {
        const budget = l.page.startsWith('app: 300') ? BUDGET.largeFirstVerdictMs : BUDGET.firstVerdictMs;
        const floor = l.floor === null ? undefined : byPage.get(l.floor);
        const target = RATIO_TARGET.find(([prefix]) => l.page.startsWith(prefix))?.[1];
        const app = l.floor !== null;
        return [
          `  ${l.page}`,
          String(l.firstVerdict.n),
          ms(l.firstVerdict.p50),
          ms(l.firstVerdict.p95),
          floor ? ms(floor.firstVerdict.p50) : '',
          floor ? ratio(l.firstVerdict.p50, floor.firstVerdict.p50) : '',
          l.loadavg.p50.toFixed(2),
          app ? ms(l.fullReport.p50) : '',
          app ? ms(l.fullReport.p95) : '',
          app ? String(l.fullReport.failed) : '',
          app ? ms(l.workerScriptAt.p50) : '',
          app ? ms(l.firstRunMs.p50) : '',
          app ? against(l.firstVerdict.p50, budget, msOver) : '',
          floor && target !== undefined ? withinRatio(l.firstVerdict.p50 / floor.firstVerdict.p50, target) : '',
        ];
      }),
    ]),
    `  JS before the first verdict (gzip, the load with the median total): ${loads.map((l) => `${l.page} ${kb(total(l.js))}`).join(', ')}`,
  ];
}

function renderEdits(edits: readonly EditResult[]): string[] {
  const lines = [
    `Edit → verdict (ms from keydown in the answer editor; target p95 ≤ ${BUDGET.editGalleryMs} ms gallery, ≤ ${BUDGET.editLargeMs} ms large, for the selected verdict on screen)`,
    table([
      ['case', 'answer', 'edits', 'failed', 'selected p50', 'p95', 'full p50', 'p95', '→ store p50', '→ report p50', 'worker p50', 'target (selected p95)'],
      ...edits.map((e) => [`  ${e.id}`, size(e.answerBytes), String(e.edit.n), String(e.edit.failed), ms(e.edit.p50), ms(e.edit.p95), ms(e.full.p50), ms(e.full.p95), ms(e.toStore.p50), ms(e.toReport.p50), ms(e.worker.p50), against(e.edit.p95, e.kind === 'large' ? BUDGET.editLargeMs : BUDGET.editGalleryMs, msOver)]),
    ]),
    '  (selected: the verdict row without the other clients\' badges reads its new text, in the next animation frame (painted);',
    '   full: the full report in the store, next frame; → store: keydown until the edited text reaches the store; → report: until the full report lands there; worker: the full run inside the worker)',
    `  (gallery case opened from its link; large cases loaded into the app opened on the default case, each at the largest size whose opening run lands within the app's run budget for it)`,
  ];
  for (const e of edits.filter((x) => x.tooLarge.length > 0)) lines.push(`  not measured: ${e.tooLarge.join('; ')}`);
  for (const e of edits.filter((x) => x.failures.length > 0)) lines.push(`  ${e.id}: failed edits: ${e.failures.join('; ')}`);
  return lines;
}

function renderMemory(edits: readonly EditResult[]): string[] {
  const lines = [`Memory (used JS heap after a forced GC, before and after the edits of the case; target page growth ≤ ${size(BUDGET.heapGrowthBytes)})`];
  for (const e of edits) {
    const m = e.memory;
    if (!m) continue;
    const growth = m.pageAfter - m.pageBefore;
    lines.push(`  ${e.id}, ${m.edits} edits: page ${size(m.pageBefore)} → ${size(m.pageAfter)} (${growth >= 0 ? '+' : '−'}${size(Math.abs(growth))}): ${against(growth, BUDGET.heapGrowthBytes, size)}`);
    lines.push('unavailable' in m.worker ? `  engine worker: not measured (${m.worker.unavailable})` : `  engine workers (${m.worker.workers}, summed): ${size(m.worker.before)} → ${size(m.worker.after)}`);
  }
  return lines;
}

function renderRunaway(r: RunawayResult): string[] {
  return [
    `Runaway schema (while (true) {} in the module code; ms until the timeout is on screen; target ≤ ${BUDGET.runawayLinkMs} ms from a link, ≤ ${BUDGET.runawayTypedMs} ms typed into the warm app)`,
    table([
      ['how', 'samples', 'failed', 'p50', 'max', 'target (max)'],
      ['  from a link (navigation start →)', String(r.link.n), String(r.link.failed), ms(r.link.p50), ms(r.link.p95), against(r.link.p95, BUDGET.runawayLinkMs, msOver)],
      ['  typed, warm app (schema set →)', String(r.typed.n), String(r.typed.failed), ms(r.typed.p50), ms(r.typed.p95), against(r.typed.p95, BUDGET.runawayTypedMs, msOver)],
    ]),
    ...r.outcomes.filter((o) => !o.includes('timeout')).map((o) => `  not a timeout: ${o}`),
    ...(r.traced
      ? [
          `  traced from a link (${r.traced.trace}): the schema's module code started at ${ms(r.traced.loopStart)} ms from navigation start, and the timeout was on screen at ${ms(r.traced.shown)} ms, ${ms(r.traced.shown - r.traced.loopStart)} ms later (the watchdog's bound: ${RUN_BUDGET_MS} ms)`,
          `  beyond the bound: ${ms(r.traced.shown - RUN_BUDGET_MS)} ms (target ≤ 2000): ${ms(r.traced.loopStart)} ms before the schema's code starts (the page, the frame, the engine worker's script), ${ms(r.traced.shown - r.traced.loopStart - RUN_BUDGET_MS)} ms from the bound to the message`,
        ]
      : ['  (the traced load found no worker task holding the loop)']),
  ];
}

function renderWaterfall(w: Waterfall): string[] {
  const lines = [`  ${w.page}: first verdict at ${ms(w.firstVerdictMs)} ms, full report at ${ms(w.fullReportMs)} ms`];
  lines.push(
    table([
      ['    fetched', 'bytes', 'gzip', 'start', 'end', 'before the first verdict'],
      ...w.fetches.map((f) => [`    ${f.path}`, size(f.bytes), f.gzip ? kb(f.gzip) : '–', ms(f.start), ms(f.end), f.beforeFirstVerdict ? 'yes' : 'no']),
    ]),
  );
  const chunks = w.fetches.filter((f) => /\/engine-(?!worker)/.test(f.path));
  lines.push(`    engine chunks: ${chunks.length === 0 ? 'none fetched' : chunks.map((c) => `${c.path} ${c.beforeFirstVerdict ? 'fetched before the first verdict' : 'fetched after it'}`).join('; ')}`);
  if (!w.traced) return [...lines, '    (the trace did not hold the first-verdict mark: compile and run times not measured)'];
  lines.push(table([['    thread (until the first verdict)', 'compile ms', 'JS ms (compile + run)'], ...w.threads.map((t) => [`    ${t.thread}`, ms(t.compileMs), ms(t.jsMs)])]));
  return lines;
}

/** A script by package (bench/bundle.ts). */
function renderBreakdown(title: string, note: string, b: WorkerBreakdown): string[] {
  return [
    `${title} by package (${kb(b.gzip)} gzip, ${size(b.minified)} minified; ${note}; shares estimated from each package's modules gzipped alone)`,
    table([['package', 'modules', 'rendered', 'gzip (est.)', 'share'], ...b.packages.map((p) => [`  ${p.name}`, String(p.modules), size(p.rendered), kb(p.gzipEstimate), `${(p.share * 100).toFixed(1)} %`])]),
    `  largest modules: ${b.largestModules.map((m) => `${m.path} ${kb(m.gzipEstimate)}`).join(', ')}`,
  ];
}

/** The client realm's two parts, each by package. */
function renderClientRealm(b: Result['clientRealm']): string[] {
  return [
    ...renderBreakdown('Client realm script', 'fetched before the first verdict: the selected-by-default client', b.script),
    '',
    ...renderBreakdown('Client realm later part', 'the v2 client half, fetched after the first verdict unless a v2 client is selected', b.later),
  ];
}

function render(r: Result): string {
  const lines = [`Headless Chromium ${r.chromium}, built app via vite preview, fresh context (cold cache) per load; requests beyond localhost blocked: ${r.blocked}`, ''];
  lines.push(...renderLoads(r.loads), '', ...renderProfiles(r.profiles), '', ...renderRepeatTraces(r.traces), '', ...renderRepeat(r.repeat), '', ...renderEdits(r.edits), '', ...renderFloorEdits(r.floorEdits), '', ...renderMemory(r.edits), '', ...renderRunaway(r.runaway), '', ...renderGiant(r.giant));
  lines.push('', 'JavaScript fetched before the first verdict (gzip, each file on its own; the load with the median total)');
  const kinds = ['script', 'engine worker', 'engine chunk', 'client realm', 'inline script', 'editor worker'] as const;
  const pages = r.loads.filter((l) => l.page === 'app' || l.page === 'embed');
  lines.push(
    table([
      ['page', 'scripts', 'engine worker', 'engine chunks', 'client realm', 'inline (sandbox.html)', 'editor workers', 'total', 'range over loads', 'target'],
      ...pages.map((l) => {
        const budget = l.page === 'app' ? BUDGET.appJsGzip : BUDGET.embedJsGzip;
        const range = `${kb(Math.min(...l.jsTotals))}–${kb(Math.max(...l.jsTotals))}`;
        return [`  ${l.page}`, ...kinds.map((k) => kb(total(l.js.filter((f) => f.kind === k)))), kb(total(l.js)), range, `≤ ${kb(budget)}: ${against(total(l.js), budget, kb)}`];
      }),
    ]),
  );
  for (const l of pages) lines.push(`  ${l.page}: ${l.js.map((f) => `${f.path} ${kb(f.gzip)}`).join(', ')}`);
  lines.push('', 'First-load waterfall (one more load per page, traced: Resource Timing for what is fetched, Chromium tracing for compile and run per thread; tracing slows it a little, the timed loads above are untraced)');
  for (const w of r.waterfalls) lines.push(...renderWaterfall(w));
  lines.push('', ...renderFirstFiles(r.loads));
  lines.push('', ...renderBreakdown('Engine worker core script', 'lazy chunks left out', r.worker), '', ...renderClientRealm(r.clientRealm));
  lines.push('', 'Version switch in the browser: not measured here (npm run bench -- --section worlds times it in Node).');
  if (r.quick) lines.push('', '(--quick: fewer loads and edits; percentiles are rough)');
  return lines.join('\n');
}

/** One traced load of `path` (bench/waterfall.ts). */
async function waterfall(browser: Browser, origin: string, dir: string, label: string, path: string, blocked: string[]): Promise<Waterfall> {
  const { context } = await freshContext(browser, origin, blocked);
  try {
    const page = await context.newPage();
    process.stderr.write(`bench browser: ${label} traced load\n`);
    return await tracedLoad(browser, page, label, path, dir, async () => {
      const first = await firstVerdict(page, 60_000);
      if ('failed' in first) throw new Error(`${label}: ${first.failed}`);
      return { first: first.ms, full: await fullReport(page, 60_000) };
    });
  } finally {
    await context.close();
  }
}

/** The budgets' 300-field case (about 100 KB of answer), opened from a link. */
const LARGE_LINK_BYTES = 100_000;

/** The rows `--row` runs alone. */
const ROWS = ['giant-answer', 'repeat-visit', 'compare-grid', 'floor', 'runaway', 'edit-profile', 'edit-floor'];

/**
 * The app against the floor page (bench/floor.ts) on the same cases, in one run: first verdicts taking turns with
 * fresh contexts (a small permalink, an embed of it, the 300-field permalink), repeat visits on on-disk profiles, and
 * one traced load per page for the files fetched before the first verdict.
 */
async function floorComparison(browser: Browser, origin: string, dir: string, n: { loads: number; largeLoads: number; profiles: number }, blocked: string[]): Promise<{ loads: LoadResult[]; profiles: ProfileRow[]; traces: RepeatTrace[]; waterfalls: Waterfall[] }> {
  const large = largeObjectCase(LARGE_LINK_BYTES);
  const largeCase = { ...DEFAULT_CASE, role: large.case.role, tool: large.case.tool, schema: large.case.schema, answer: large.case.answer };
  const largeLabel = `app: 300-field case (${size(Buffer.byteLength(large.case.answer))} answer)`;
  const pages: Contender[] = [
    { page: 'floor', path: floorLink(DEFAULT_CASE), n: n.loads, floor: null },
    { page: 'app', path: linkOf('app', DEFAULT_CASE), n: n.loads, floor: 'floor' },
    { page: 'embed', path: linkOf('embed', DEFAULT_CASE), n: n.loads, floor: 'floor' },
    { page: 'floor: 300-field case', path: floorLink(largeCase), n: n.largeLoads, floor: null },
    { page: largeLabel, path: linkOf('app', largeCase), n: n.largeLoads, floor: 'floor: 300-field case' },
  ];
  const loads = await alternatingLoads(browser, pages, origin, dir, blocked);
  const profiles = await profileVisits(pages.slice(0, 2), origin, n.profiles, blocked);
  const traces = await repeatTraces(pages.slice(0, 2), origin, blocked);
  const waterfalls = [
    await waterfall(browser, origin, dir, 'app', linkOf('app', DEFAULT_CASE), blocked),
    await waterfall(browser, origin, dir, 'embed', linkOf('embed', DEFAULT_CASE), blocked),
  ];
  return { loads, profiles, traces, waterfalls };
}

/** The browser section. */
export const section: Section = {
  id: 'browser',
  title: 'Browser: first verdict, edit → verdict, memory, runaway code, JavaScript and the waterfall before the first verdict',
  async run({ quick, dist, row }: RunOptions): Promise<SectionResult> {
    if (row !== undefined && !ROWS.includes(row)) throw new Error(`--row ${row}: the browser section's rows are: ${ROWS.join(', ')}`);
    const n = quick ? { loads: 3, largeLoads: 2, edits: 10, memoryEdits: 20, giant: 1, runaway: 2, repeatContexts: 2, profiles: 2 } : { loads: 10, largeLoads: 5, edits: 30, memoryEdits: 100, giant: 3, runaway: 5, repeatContexts: 3, profiles: 5 };
    const app = await builtApp(dist);
    const server = await serve(app.dir);
    const browser = await chromium.launch(chromiumLaunchOptions());
    const blocked: string[] = [];
    try {
      if (row === 'compare-grid') {
        const grids = await compareGrids(browser, server.origin, quick ? 1 : 3, blocked);
        return { text: renderGrids(grids), json: { dist: dist ?? '(fresh build)', chromium: browser.version(), blocked: blocked.length, grids, quick, blockedUrls: blocked } };
      }
      if (row === 'repeat-visit') {
        const repeat = await repeatVisits(server.origin, n.repeatContexts, 4, blocked);
        return { text: renderRepeat(repeat).join('\n'), json: { budget: BUDGET, dist: dist ?? '(fresh build)', chromium: browser.version(), blocked: blocked.length, repeat, quick, blockedUrls: blocked } };
      }
      if (row === 'edit-profile') {
        const profile = await editProfile(browser, server.origin, quick ? 10 : 20, blocked);
        return { text: renderEditProfile(profile).join('\n'), json: { dist: dist ?? '(fresh build)', chromium: browser.version(), blocked: blocked.length, editProfile: profile, quick, blockedUrls: blocked } };
      }
      if (row === 'edit-floor') {
        const floorEdited = await editsAgainstFloor(browser, server.origin, n.edits, blocked);
        return { text: renderFloorEdits(floorEdited).join('\n'), json: { budget: BUDGET, dist: dist ?? '(fresh build)', chromium: browser.version(), blocked: blocked.length, floorEdits: floorEdited, quick, blockedUrls: blocked } };
      }
      if (row === 'runaway') {
        const runaways = await runaway(browser, server.origin, n.runaway, blocked);
        return { text: renderRunaway(runaways).join('\n'), json: { budget: BUDGET, dist: dist ?? '(fresh build)', chromium: browser.version(), blocked: blocked.length, runaway: runaways, quick, blockedUrls: blocked } };
      }
      if (row === 'floor') {
        const floor = await floorComparison(browser, server.origin, app.dir, n, blocked);
        const clientRealm = await clientRealmBreakdown();
        const text = [...renderLoads(floor.loads), '', ...renderProfiles(floor.profiles), '', ...renderRepeatTraces(floor.traces), '', ...renderFirstFiles(floor.loads), '', ...renderClientRealm(clientRealm), '', ...floor.waterfalls.flatMap(renderWaterfall)].join('\n');
        return { text, json: { budget: BUDGET, dist: dist ?? '(fresh build)', chromium: browser.version(), blocked: blocked.length, ...floor, clientRealm, quick, blockedUrls: blocked } };
      }
      const giant = await giantAnswer(browser, server.origin, n.giant, blocked);
      if (row === 'giant-answer') {
        const only = { chromium: browser.version(), blocked: blocked.length, giant, quick };
        return { text: renderGiant(giant).join('\n'), json: { budget: BUDGET, dist: dist ?? '(fresh build)', ...only, blockedUrls: blocked } };
      }
      const { loads: pageLoads, profiles, traces, waterfalls } = await floorComparison(browser, server.origin, app.dir, n, blocked);
      const repeat = await repeatVisits(server.origin, n.repeatContexts, 4, blocked);
      const [objects, unions] = largeCases();
      const edited: EditResult[] = [
        await edits(browser, server.origin, [galleryEditCase()], n.edits, blocked),
        // The memory row: the 1 MB object's edits, with the heaps before and after them.
        await edits(browser, server.origin, objects ?? [], n.memoryEdits, blocked, true),
        await edits(browser, server.origin, unions ?? [], n.edits, blocked),
      ];
      const floorEdited = await editsAgainstFloor(browser, server.origin, n.edits, blocked);
      const runaways = await runaway(browser, server.origin, n.runaway, blocked);
      process.stderr.write('bench browser: engine worker breakdown\n');
      const worker = await workerBreakdown();
      const clientRealm = await clientRealmBreakdown();
      const result: Result = { chromium: browser.version(), blocked: blocked.length, loads: pageLoads, edits: edited, floorEdits: floorEdited, giant, runaway: runaways, repeat, profiles, traces, waterfalls, worker, clientRealm, quick };
      return { text: render(result), json: { budget: BUDGET, dist: dist ?? '(fresh build)', ...result, blockedUrls: blocked } };
    } finally {
      await browser.close();
      await server.close();
      app.cleanup();
    }
  },
};
