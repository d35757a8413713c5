/**
 * The built app deployed as docs/deploy.md says: under a sub-path, with the headers of its snippets (the `_headers`
 * file on a plain static server, and the nginx block in a real nginx), the app, an example link (a version world's
 * chunks), a `#v1.` permalink and a docs embed on another origin each reach their verdict. A deployment that keeps the
 * sandbox frame from loading says why in the status line.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, Response } from '@playwright/test';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleLink } from '../src/examples/links.ts';
import { checkVerdict, editorText, expect, test } from './fixtures.ts';
import { type Deployment, fencedBlock, headersFor, NGINX, parseHeadersFile, runNginx, serveStatic, servePage, type Tweak } from './staticHost.ts';

// Each row loads the app on an origin of its own and opens a docs page: contexts of their own.
test.use({ isolated: true });

const DIST = process.env.E2E_OUT_DIR ?? 'dist';
const PREFIX = '/some/sub/path/';
const DOCS = readFileSync('docs/deploy.md', 'utf8');
const HEADERS_FILE = fencedBlock(DOCS, 'text');
const HEADER_RULES = parseHeadersFile(HEADERS_FILE);
/** Beside the suite's own server: E2E_PORT + 10. */
const NGINX_PORT = Number(process.env.E2E_PORT ?? 5273) + 10;

/** A version-world example: its verdict needs the world's engine and client-realm chunks, fetched by name. */
const WORLD_EXAMPLE = EXAMPLES.find((e) => e.id === 'sdk120-ajv6-wording')!;
const GOLDEN = (JSON.parse(readFileSync('test/golden/links.json', 'utf8')) as Array<{ name: string; link: string; case: { schema: string; tool: string } }>)[0]!;

const verdict = (where: Page | ReturnType<Page['frameLocator']>, policy = 'raw') => where.locator(`[data-pane="verdict"] [data-policy="${policy}"]`);

/** Opens a URL in a fresh document (not a same-document fragment change). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

/** A docs page holding one embed (iframe#embed) of `src`. */
const docsPage = (src: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><h1>Docs</h1><iframe id="embed" src="${src}" width="100%" height="600" title="MCP Schema Playground"></iframe></body></html>`;

/** Every answer the page got that was not a success: none is allowed in a working deployment. */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r: Response) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  return failed;
}

/** The app, an example link, a permalink and an embed, each to its verdict, at `app` (ends with a slash). */
async function checkDeployment(page: Page, app: string): Promise<void> {
  const failed = failedResponses(page);
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await test.step('the address without its slash redirects to it (relative URLs need the slash)', async () => {
    const r = await page.request.get(app.slice(0, -1), { maxRedirects: 0 });
    expect(r.status()).toBe(301);
    expect(new URL(r.headers()['location'] ?? '', app).href).toBe(app);
  });
  await test.step('the app: the default case reaches its verdict', async () => {
    await open(page, app);
    await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
    await expect(verdict(page)).toContainText('FAIL');
  });
  await test.step('the favicon and the preview image resolve beside the page', async () => {
    for (const selector of ['link[rel="icon"]', 'meta[property="og:image"]']) {
      const url = await page.locator(selector).evaluate((el) => new URL(el.getAttribute('href') ?? el.getAttribute('content') ?? '', document.baseURI).href);
      expect(url.startsWith(app), `${selector}: ${url}`).toBe(true);
      const r = await page.request.get(url);
      expect(r.status(), url).toBe(200);
      expect(r.headers()['content-type']).toMatch(/^image\//);
    }
  });
  await test.step('the headers the docs promise: no X-Frame-Options, frame-ancestors *, immutable assets, no-cache pages', async () => {
    const byPath = (p: RegExp) => responses.filter((r) => p.test(new URL(r.url()).pathname));
    const pages = [...byPath(/\/some\/sub\/path\/$/), ...byPath(/\/sandbox\.html$/)];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const r of pages) {
      const h = await r.allHeaders();
      expect(h['x-frame-options'], r.url()).toBeUndefined();
      expect(h['content-security-policy'], r.url()).toBe('frame-ancestors *');
      expect(h['cache-control'], r.url()).toBe('no-cache');
    }
    const assets = byPath(/\/assets\//);
    expect(assets.length).toBeGreaterThan(0);
    for (const r of assets.slice(0, 5)) expect((await r.allHeaders())['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
  });
  await test.step(`an example link (#example/${WORLD_EXAMPLE.id}, a version world) reaches its verdict`, async () => {
    await open(page, `${app}${exampleLink(WORLD_EXAMPLE.id)}`);
    await expect(page.getByTestId('example-strip')).toContainText(WORLD_EXAMPLE.title);
    const own = (WORLD_EXAMPLE.expect.verdicts ?? []).find((v) => v.converter === WORLD_EXAMPLE.case.converter && v.client === WORLD_EXAMPLE.case.client);
    expect(own).toBeDefined();
    await checkVerdict(page, own!);
  });
  await test.step(`a #v1. permalink (test/golden: ${GOLDEN.name}) opens its case, with Monaco, and reaches its verdict`, async () => {
    await open(page, `${app}${GOLDEN.link}`);
    await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue(GOLDEN.case.tool);
    await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
    await expect(verdict(page)).toContainText('FAIL');
    // The editors' text from their Monaco models: Monaco and its workers load from under the sub-path too.
    expect(await editorText(page, 'schema')).toBe(GOLDEN.case.schema);
  });
  await test.step('an embed (?embed) on a docs page of another origin reaches its verdict', async () => {
    const docs = await servePage(docsPage(`${app}?embed${GOLDEN.link}`));
    try {
      await open(page, docs.url);
      const embed = page.frameLocator('iframe#embed');
      await expect(embed.locator('.embed-tool')).toHaveText(GOLDEN.case.tool);
      await expect(verdict(embed)).toContainText('FAIL');
      await expect(verdict(embed)).toContainText('must NOT have additional properties');
    } finally {
      await docs.close();
    }
  });
  expect(failed).toEqual([]);
}

test('docs/deploy.md: its _headers block is public/_headers word for word, and the build ships it', () => {
  expect(readFileSync('public/_headers', 'utf8')).toBe(HEADERS_FILE);
  expect(readFileSync(`${DIST}/_headers`, 'utf8')).toBe(HEADERS_FILE);
});

test(`under ${PREFIX} on a plain static server with the _headers file: the app, an example, a permalink and an embed`, async ({ page }) => {
  test.setTimeout(240_000);
  const host = await serveStatic(DIST, PREFIX, (path) => headersFor(HEADER_RULES, path));
  try {
    await checkDeployment(page, host.url);
  } finally {
    await host.close();
  }
});

test(`under ${PREFIX} in nginx with the docs' location block: the app, an example, a permalink and an embed`, async ({ page }) => {
  test.skip(!existsSync(NGINX), `${NGINX} is not installed (Debian's nginx package): the nginx snippet of docs/deploy.md is not run`);
  test.setTimeout(240_000);
  const host = await runNginx(fencedBlock(DOCS, 'nginx'), DIST, PREFIX, NGINX_PORT);
  try {
    await checkDeployment(page, host.url);
  } finally {
    await host.close();
  }
});

/**
 * The project copied beside `work` (its node_modules linked) with a change to the page (the title) and to the client
 * realm (a name in its script), built into `work/b`: a new release whose page and engine both differ from dist's.
 */
function rebuild(work: string): string {
  const copy = join(work, 'project');
  for (const dir of ['src', 'vite-plugins', 'build', 'public']) cpSync(dir, join(copy, dir), { recursive: true });
  for (const file of ['index.html', 'sandbox.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) cpSync(file, join(copy, file));
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
  const change = (file: string, from: string, to: string) => {
    const text = readFileSync(join(copy, file), 'utf8');
    if (!text.includes(from)) throw new Error(`${file} no longer holds ${from}`);
    writeFileSync(join(copy, file), text.replace(from, to));
  };
  change('src/ui/Header.tsx', 'MCP Schema <span>Playground</span>', 'MCP Schema <span>Playground</span> rebuilt');
  change('src/sandbox/clientRealm.ts', "partsName: 'the v2 SDK'", "partsName: 'the v2 SDK, rebuilt'");
  const out = join(work, 'b');
  execFileSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: copy, stdio: 'pipe' });
  return out;
}

test(`a new release deployed over the old one under ${PREFIX}: the next visit runs it whole, with no old chunk and no old report`, async ({ page }) => {
  test.setTimeout(420_000);
  const work = mkdtempSync(join(tmpdir(), 'e2e-release-'));
  // The server's folder is a link: deploying the new release points it at the new build, as a host swaps folders.
  const live = join(work, 'live');
  symlinkSync(resolve(DIST), live);
  const host = await serveStatic(live, PREFIX, (path) => headersFor(HEADER_RULES, path));
  const failed = failedResponses(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  // Every text the status line shows, in order, from the page's first script on.
  await page.addInitScript(() => {
    const w = window as Window & { __statuses?: string[] };
    w.__statuses = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="status"]')?.textContent ?? '';
      if (text && w.__statuses?.at(-1) !== text) w.__statuses?.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const statuses = () => page.evaluate(() => (window as Window & { __statuses?: string[] }).__statuses ?? []);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const RECHECKING = 'Verdict from your last visit; checking it again…';
  try {
    await test.step('the first release: the default case reaches its verdict, and its report is kept', async () => {
      await open(page, host.url);
      await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
      await expect(verdict(page)).toContainText('FAIL');
      await expect
        .poll(() => page.evaluate(() => new Promise<number>((done) => {
          const req = indexedDB.open('mcp-schema-playground-reports');
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('reports')) return done(0);
            const count = db.transaction('reports').objectStore('reports').count();
            count.onsuccess = () => done(count.result);
          };
          req.onerror = () => done(-1);
        })), { timeout: 10_000 })
        .toBe(1);
      // The tab is closed before the release changes: an open tab's lazy parts (Monaco) would ask for the old files.
      await page.waitForFunction(() => window.__playground?.ready() === true, undefined, { timeout: 60_000 });
      await page.goto('about:blank');
    });
    const next = rebuild(work);
    rmSync(live);
    symlinkSync(next, live);
    await test.step('the next visit runs the new release: its page, its engine, no file of the old one, no report of the old engine', async () => {
      requested.length = 0;
      await page.goto(host.url);
      await expect(page.locator('h1')).toContainText('rebuilt');
      await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
      await expect(verdict(page)).toContainText('FAIL');
      await expect(verdict(page)).toContainText('must NOT have additional properties');
      const assets = [...new Set(requested.filter((p) => p.startsWith(`${PREFIX}assets/`)))];
      expect(assets.some((p) => /\/client-realm-[0-9a-f]+\.js$/.test(p))).toBe(true);
      for (const p of assets) expect(existsSync(join(next, p.slice(PREFIX.length))), `${p} is the new release's`).toBe(true);
      expect(await statuses()).not.toContain(RECHECKING);
    });
    await test.step("a repeat visit of the new release shows its kept verdict marked as re-checked, then its own run's", async () => {
      await page.waitForTimeout(1500);
      await open(page, host.url);
      await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
      await expect(verdict(page)).toContainText('must NOT have additional properties');
      const seen = await statuses();
      expect(seen).toContain(RECHECKING);
      expect(seen.indexOf(RECHECKING)).toBeLessThan(seen.findIndex((t) => /Evaluated in/.test(t)));
    });
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await host.close();
    rmSync(work, { recursive: true, force: true });
  }
});

test.describe('a deployment that keeps the sandbox frame from loading says why, not that the worker crashed', () => {
  const FORBIDS = 'The sandbox frame (sandbox.html) could not load: the server forbids framing it (X-Frame-Options / frame-ancestors). See docs/deploy.md.';
  const ROWS: Array<[string, Tweak, string]> = [
    // A server's stock "security headers" instead of the documented ones (with frame-ancestors, X-Frame-Options is ignored).
    ['X-Frame-Options: DENY on every page', () => ({ 'X-Frame-Options': 'DENY' }), FORBIDS],
    ["Content-Security-Policy: frame-ancestors 'none' on sandbox.html", (p, h) => (p === '/sandbox.html' ? { ...h, 'Content-Security-Policy': "frame-ancestors 'none'" } : h), FORBIDS],
    [
      'a 404 for sandbox.html',
      (p, h) => (p === '/sandbox.html' ? { status: 404 } : h),
      'The sandbox frame (sandbox.html) could not load: the server answers 404 Not Found for it (deploy the whole dist/ folder: sandbox.html belongs beside index.html). See docs/deploy.md.',
    ],
    [
      "the page's Content-Security-Policy header with frame-src 'none'",
      (p, h) => (p === '/' ? { ...h, 'Content-Security-Policy': "frame-src 'none'" } : h),
      "The sandbox frame (sandbox.html) could not load: this page's Content-Security-Policy (frame-src) blocks it. See docs/deploy.md.",
    ],
  ];
  for (const [what, tweak, message] of ROWS) {
    test(what, async ({ page }) => {
      let host: Deployment | null = null;
      try {
        host = await serveStatic(DIST, PREFIX, (path) => headersFor(HEADER_RULES, path), tweak);
        await open(page, host.url);
        await expect(page.getByTestId('status')).toHaveText(message);
        await expect(page.getByTestId('status')).toHaveAttribute('data-tone', 'error');
        // The next run says the same at once, without waiting for a frame that will not come.
        await page.getByRole('textbox', { name: 'Tool' }).fill('another_tool');
        await expect(page.getByTestId('status')).toHaveText(message);
      } finally {
        await host?.close();
      }
    });
  }

  test("frame-ancestors 'self' on sandbox.html: the app on its own origin works, an embed on a docs page says why it cannot", async ({ page }) => {
    test.setTimeout(120_000);
    const host = await serveStatic(DIST, PREFIX, (path) => ({ ...headersFor(HEADER_RULES, path), ...(path === '/sandbox.html' ? { 'Content-Security-Policy': "frame-ancestors 'self'" } : {}) }));
    const docs = await servePage(docsPage(`${host.url}?embed${GOLDEN.link}`));
    try {
      await open(page, host.url);
      await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
      // In the embed every ancestor must be allowed, the docs page too: 'self' is not enough there.
      await open(page, docs.url);
      await expect(page.frameLocator('iframe#embed').getByTestId('status')).toHaveText(FORBIDS);
    } finally {
      await docs.close();
      await host.close();
    }
  });
});
