/**
 * The e2e test fixture: every request beyond this machine is blocked and counted (the count must stay 0), plus
 * helpers that drive the app through permalinks and read/write the Monaco models.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import type { ExpectedListError, ExpectedVerdict } from '../src/examples/case-format.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { readLink } from '../src/state/permalink.ts';
import type { EditorName } from '../src/ui/editor/mountedEditors.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * How waitForFunction polls: every 50 ms, not on Playwright's default requestAnimationFrame, which makes the page render
 * a frame 60 times a second for as long as the wait lasts. Measured on an idle app page: 0.37 CPU-s per 5 s of waiting
 * on frames, 0.03 on a 100 ms timer. That is CPU the app's own work lacks on a 2-core runner.
 */
export const POLL = { polling: 50 } as const;

/** True for URLs the app may load: this machine, and in-memory blob:/data: URLs. */
export function isLocal(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'blob:' || u.protocol === 'data:' || LOCAL_HOSTS.has(u.hostname);
}

/** An HTTP server on 127.0.0.1 that records every request it gets: a trap for schema code that tries the network. */
export interface Trap {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every request line received, e.g. "GET /hit". */
  hits: string[];
}

interface Fixtures {
  /** Requests the page tried beyond localhost (blocked by the browser, chromium.ts); checked to be empty after each test. */
  external: string[];
  trap: Trap;
  /**
   * True: the test gets a browser context of its own (Playwright's default). False (the default here): it runs in its
   * worker's shared context, with storage and permissions cleared after each test, so the app's assets come from the
   * context's cache instead of being fetched and compiled again for every row. A file whose tests change the context
   * itself (an init script, a context option such as colorScheme, a popup) sets `test.use({ isolated: true })`.
   */
  isolated: boolean;
  /**
   * True: the test gets its worker's open app page (kept from the last such test), and `openCase` opens each case in it
   * the way a user opens a link in the open app: by navigating to the link, without loading the app again. For rows
   * that open a case and read what the app shows of it; not for rows about a page load, storage, a reload, the viewport
   * or the first verdict. The page lives in a second context of the worker's (`shared.keptContext`), so the rows between
   * that load the app themselves neither see its storage nor close it; a row that fails closes it.
   */
  reuse: boolean;
}

interface WorkerFixtures {
  /**
   * The worker's two contexts, where its network guard reports (each test points it at its own list): `context` for
   * the rows that load the app themselves, `keptContext` for the kept app page of the `reuse` rows. Two, because an
   * open app writes its draft to its origin's storage: in one context a row that opens the app at `/` would restore
   * the kept app's draft, so every such row closed the kept page first (with two Playwright workers taking rows in
   * turn, the suite's app loads were 97 with one context and are 78 with two).
   */
  shared: { context: BrowserContext; keptContext: BrowserContext; blocked: { to: string[] }; kept: Page | null };
}

/**
 * What the e2e contexts tried beyond this machine: each request's and WebSocket's URL is pushed to `blocked`. The
 * browser blocks them itself (chromium.ts, BLOCKING_PROXY); this only records, so it leaves the HTTP and code caches on.
 */
function recordBeyondLocalhost(context: BrowserContext, blocked: { push(url: string): unknown }): void {
  context.on('request', (request) => {
    if (!isLocal(request.url())) blocked.push(request.url());
  });
  context.on('page', (page) =>
    page.on('websocket', (ws) => {
      if (!isLocal(ws.url())) blocked.push(ws.url());
    }),
  );
}

/**
 * The bench's network guard: every request and WebSocket beyond this machine is aborted and its URL pushed to
 * `blocked`; `onLocal` sees each local request URL (the bench times them). Routing turns the HTTP cache off.
 */
export async function blockBeyondLocalhost(context: BrowserContext, blocked: { push(url: string): unknown }, onLocal?: (url: string) => void): Promise<void> {
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) {
      onLocal?.(url);
      return route.fallback();
    }
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(/.*/, (ws) => {
    if (isLocal(ws.url())) return ws.connectToServer();
    blocked.push(ws.url());
    return ws.close();
  });
}

/** Empties the app origin's storage and permissions in the shared context (its pages closed first). */
async function clearOrigin(context: BrowserContext, origin: string): Promise<void> {
  const probe = await context.newPage();
  const cdp = await context.newCDPSession(probe);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,websql,cache_storage,service_workers,cookies' });
  await cdp.detach();
  await context.clearPermissions();
  await probe.close();
}

/**
 * True when a row left something open over the app (a dialog, a menu): the next row would open its link beneath it, as
 * a user who navigated with the dialog open would, but a row expects the app as a fresh link shows it, so that page is
 * not kept.
 */
async function leftOpen(page: Page): Promise<boolean> {
  if (page.isClosed()) return false;
  return (await page.locator('dialog[open], [role="dialog"], [role="menu"]').count().catch(() => 1)) > 0;
}

/** The project options a shared context takes (a test's own options, set with test.use, need `isolated`). */
const CONTEXT_OPTIONS = ['viewport', 'userAgent', 'deviceScaleFactor', 'isMobile', 'hasTouch', 'baseURL'] as const;

/** Playwright's `test` with the network guard on for every test, a context shared per worker, and an opt-in request trap. */
export const test = base.extend<Fixtures, WorkerFixtures>({
  isolated: [false, { option: true }],
  reuse: [false, { option: true }],
  shared: [
    async ({ browser }, use, workerInfo) => {
      // The project's device and base URL, as Playwright's own context would have them.
      const project = workerInfo.project.use as Record<string, unknown>;
      const options = Object.fromEntries(CONTEXT_OPTIONS.flatMap((k) => (project[k] === undefined ? [] : [[k, project[k]]]))) as BrowserContextOptions;
      const blocked = { to: [] as string[] };
      const guarded = async () => {
        const c = await browser.newContext(options);
        recordBeyondLocalhost(c, { push: (url: string) => blocked.to.push(url) });
        return c;
      };
      const context = await guarded();
      const keptContext = await guarded();
      await use({ context, keptContext, blocked, kept: null });
      await Promise.all([context.close(), keptContext.close()]);
    },
    { scope: 'worker' },
  ],
  context: async ({ context, isolated, reuse, shared }, use, testInfo) => {
    if (isolated) return use(context);
    const origin = new URL(testInfo.project.use.baseURL ?? 'http://localhost').origin;
    const used = reuse ? shared.keptContext : shared.context;
    await use(used);
    // What a test leaves in the context goes with it: its pages, the app origin's storage, its permissions.
    // Pages close first: an open app can still write its draft (its throttled autosave, the flush on pagehide), so
    // clearing storage before they are gone would leave the next test a draft to restore. The kept page stays for the
    // next row that reuses it, unless this row failed with it in an unknown state or left a dialog or menu open on it.
    if (reuse && (testInfo.status !== testInfo.expectedStatus || (shared.kept && (await leftOpen(shared.kept))))) shared.kept = null;
    await Promise.all(used.pages().filter((p) => p !== shared.kept).map((p) => p.close()));
    if (!reuse || !shared.kept) await clearOrigin(used, origin);
  },
  page: async ({ context, reuse, isolated, shared }, use) => {
    if (!reuse || isolated) return use(await context.newPage());
    if (shared.kept?.isClosed()) shared.kept = null;
    shared.kept ??= await context.newPage();
    await use(shared.kept);
  },
  external: [
    async ({ context, isolated, shared }, use) => {
      const external: string[] = [];
      if (isolated) recordBeyondLocalhost(context, external);
      else shared.blocked.to = external;
      await use(external);
      expect(external, 'requests beyond localhost').toEqual([]);
    },
    { auto: true },
  ],
  trap: async ({}, use) => {
    const hits: string[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/javascript' });
      res.end('/* trapped */');
    });
    // A WebSocket handshake is an 'upgrade', not a 'request'.
    server.on('upgrade', (req: IncomingMessage, socket) => {
      hits.push(`UPGRADE ${req.url}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await use({ url: `http://127.0.0.1:${port}`, hits });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});

export { expect };

/** Opens the app on a permalink holding `c` (missing fields from the default case); see openLink. */
export async function openCase(page: Page, c: Partial<Case>): Promise<void> {
  await openLink(page, encodePermalink({ ...DEFAULT_CASE, ...c }));
}

/**
 * Opens the app on a link (`#v1.…` or `#example/<id>`). On a page where the app is open (a `reuse` row's kept page)
 * that is the navigation a user makes to a link in the open app: it returns once the app holds the link's case and its
 * run has settled and painted, so nothing the row reads is the previous case's.
 */
export async function openLink(page: Page, hash: string): Promise<void> {
  const open = await page.evaluate(() => window.__playground !== undefined && location.pathname === '/' && location.search === '').catch(() => false);
  // Through an empty fragment (which the app ignores): the address bar may still hold this very link, written before
  // the last row's edits, and navigating to the same fragment again is no navigation at all.
  if (open) await page.goto('/#');
  await page.goto(`/${hash}`);
  if (!open) return;
  // The case the app reads from the link, by the app's own reader.
  const link = readLink(hash);
  if (!link.ok) throw new Error(`${hash}: ${link.error}`);
  const { schema, answer, tool } = link.state;
  await page.waitForFunction(
    (expected) => {
      const s = window.__playground!.store.getState();
      return s.schema === expected.schema && s.answer === expected.answer && s.tool === expected.tool && ['done', 'timeout', 'crash', 'held'].includes(s.run.kind);
    },
    { schema, answer, tool },
    POLL,
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The text of an editor, read from its Monaco model through the app's test hook (never from the DOM: lines are virtualised). */
export async function editorText(page: Page, which: EditorName): Promise<string> {
  await waitForEditors(page);
  return page.evaluate((name) => window.__playground!.getText(name), which);
}

/** Replaces an editor's text as one undoable Monaco edit; the app sees it as a typed change. */
export async function setEditorText(page: Page, which: EditorName, text: string): Promise<void> {
  await waitForEditors(page);
  await page.evaluate(([name, value]) => window.__playground!.setText(name, value), [which, text] as const);
}

/** Waits until both Monaco editors are mounted (Monaco loads lazily after first paint). */
export async function waitForEditors(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__playground?.ready() === true, undefined, POLL);
}

const policyRow = (page: Page, pane: string, policy: string): Locator => page.locator(`[data-pane="${pane}"] [data-policy="${policy}"]`);

/** A row's text plus its tooltips (a message repeated from an earlier row is shown as "the same as …", in full on hover). */
async function said(locator: Locator): Promise<string> {
  const titles = await locator.locator('[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  return `${await locator.textContent()} ${titles.join(' ')}`;
}

/** Chooses a converter and a client with the pickers. */
export async function pick(page: Page, converter: string, client: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Converter' }).selectOption(converter);
  await page.getByRole('combobox', { name: 'Client' }).selectOption(client);
}

/** Checks one expected verdict (case-format.ts) in the app: the client's badge, and its message (FAIL) or the refusal (nothing shipped). */
export async function checkVerdict(page: Page, v: ExpectedVerdict): Promise<void> {
  await pick(page, v.converter, v.client);
  const verdictRow = policyRow(page, 'verdict', v.policy);
  await expect(verdictRow.locator(':scope > .badge')).toHaveText(v.valid === true ? 'PASS' : v.valid === false ? 'FAIL' : 'not validated');
  if (v.says === undefined) return;
  const where = v.valid === null ? policyRow(page, 'undeclared', v.policy) : verdictRow;
  await expect.poll(() => said(where)).toContain(v.says);
}

/** Checks one expected listing error in the app: the listing pane of `converter` says it. */
export async function checkListError(page: Page, l: ExpectedListError, client: string): Promise<void> {
  await pick(page, l.converter, client);
  await expect(page.locator('[data-pane="listed"]')).toContainText(l.says);
}
