/**
 * Embed mode end to end: a docs page on another localhost port holds two embeds; each shows its verdict, sizes
 * itself through resize messages, takes a case from the host's `set` message, opens the full app with its case, never
 * writes storage, and loads Monaco only when the reader clicks Edit. Plus what an embed loads before its first verdict.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase } from '../src/examples/links.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { editorText, expect, test } from './fixtures.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

// The docs-page test adds a context init script and opens a popup, and the JavaScript-size row counts what a cold
// cache fetches: those get a context of their own.
test.use({ isolated: true });

const FAILING: Case = DEFAULT_CASE;
const PASSING: Case = {
  ...DEFAULT_CASE,
  tool: 'get_user',
  schema: "import { z } from 'zod';\n\nexport default z.object({ id: z.string() });\n",
  answer: '{ "id": "u1" }\n',
  converter: 'mcp-sdk-v2',
  client: 'sdk-v2-node',
};
const SET_CASE: Case = { ...PASSING, tool: 'set_by_host', answer: '{ "id": "u1", "nickname": "Ada" }\n' };
/** What the docs page sends the first embed on its ready message. */
const FAILING_ON_READY: Case = { ...FAILING, tool: 'set_on_ready' };

/** A docs-like page with two embeds, whose listener sizes each iframe from its resize messages (checking event.source). */
function docsPage(appOrigin: string): string {
  const frame = (id: string, c: Case) =>
    `<iframe id="${id}" src="${appOrigin}/?embed${encodePermalink(c)}" width="100%" height="520" loading="lazy" allow="clipboard-write" title="MCP Schema Playground: ${c.tool}"></iframe>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs: output schemas</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#222} iframe{display:block;border:1px solid #ccd;border-radius:8px;box-sizing:content-box}</style></head>
<body><h1>Output schemas and strict clients</h1>
<p>An answer with one key the schema does not declare fails a strict client:</p>
${frame('first', FAILING)}
<p>Declare every key, and it passes:</p>
${frame('second', PASSING)}
<script>
window.resizes = [];
window.received = { first: [], second: [] };
addEventListener('message', (event) => {
  for (const frame of document.querySelectorAll('iframe')) {
    if (event.source !== frame.contentWindow) continue;
    received[frame.id].push(event.data && event.data.type);
    if (event.data && event.data.type === 'mcp-schema-playground:resize') {
      frame.style.height = event.data.height + 'px';
      resizes.push({ id: frame.id, height: event.data.height });
    }
    // As docs/embed.md's host snippet: the first embed gets its case from the page the moment it says it listens.
    if (event.data && event.data.type === 'mcp-schema-playground:ready' && frame.id === 'first') {
      frame.contentWindow.postMessage({ type: 'mcp-schema-playground:set', case: ${JSON.stringify(FAILING_ON_READY)} }, '*');
    }
  }
});
</script></body></html>`;
}

/** Serves the docs page on a free localhost port (not the app's) for the duration of `run`. */
async function withDocsPage(appOrigin: string, run: (url: string) => Promise<void>): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(docsPage(appOrigin));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  try {
    await run(`http://localhost:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function frameOf(page: Page, id: string): Promise<Frame> {
  const frame = await (await page.locator(`iframe#${id}`).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`no frame #${id}`);
  return frame;
}

const verdict = (frame: Frame | Page, policy = 'raw') => frame.locator(`[data-pane="verdict"] [data-policy="${policy}"]`);
const scriptsLoaded = (frame: Frame | Page) => frame.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
const MONACO = /CodeEditor|editor\.api|SchemaEditor|AnswerEditor|editor\.worker/;

test('two embeds on a docs page: verdicts, sizes, a set message, Open in playground, no storage, Monaco on Edit', async ({ page, context, baseURL }) => {
  // Counts storage writes in every frame from the first script on.
  await context.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      (window as unknown as { storageWrites: string[] }).storageWrites ??= [];
      (window as unknown as { storageWrites: string[] }).storageWrites.push(key);
      return setItem.call(this, key, value);
    };
  });
  await withDocsPage(new URL(baseURL!).origin, async (docsUrl) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(docsUrl);
    const [first, second] = [await frameOf(page, 'first'), await frameOf(page, 'second')];

    await expect(verdict(first)).toContainText('FAIL');
    await expect(verdict(first)).toContainText('data must NOT have additional properties');
    await expect(verdict(second)).toContainText('PASS');
    // Ready comes first, and a set sent on it lands; no resize ever says 0 (the host would collapse the iframe).
    await expect(first.locator('.embed-tool')).toHaveText('set_on_ready');
    const received = await page.evaluate(() => (window as unknown as { received: Record<string, string[]> }).received);
    expect([received['first']?.[0], received['second']?.[0]]).toEqual(['mcp-schema-playground:ready', 'mcp-schema-playground:ready']);
    expect(await page.evaluate(() => (window as unknown as { resizes: Array<{ height: number }> }).resizes.filter((r) => r.height <= 0))).toEqual([]);

    // Each iframe is as tall as its content: the host set it from the embed's resize messages.
    for (const [id, frame] of [['first', first], ['second', second]] as const) {
      await expect.poll(() => page.evaluate((f) => (window as unknown as { resizes: Array<{ id: string }> }).resizes.filter((r) => r.id === f).length, id)).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const outer = await page.locator(`iframe#${id}`).evaluate((el) => el.clientHeight);
          const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
          return Math.abs(outer - inner);
        })
        .toBeLessThanOrEqual(3);
    }

    // Monaco has not been loaded by either embed.
    for (const frame of [first, second]) {
      expect((await scriptsLoaded(frame)).filter((n) => MONACO.test(n))).toEqual([]);
      await expect(frame.locator('.monaco-editor')).toHaveCount(0);
    }
    await expect(first.getByRole('region', { name: 'Zod schema' })).toContainText('z.object');

    // A set message from another frame is ignored (event.source is not the parent); the host's is applied.
    await first.evaluate((c) => window.parent.frames[1]!.postMessage({ type: 'mcp-schema-playground:set', case: { ...c, tool: 'not_from_parent' } }, '*'), SET_CASE);
    await page.evaluate((c) => (document.getElementById('second') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'mcp-schema-playground:set', case: c }, '*'), SET_CASE);
    await expect(second.locator('.embed-tool')).toHaveText('set_by_host');
    await expect(verdict(second)).toContainText('FAIL');
    await expect(verdict(second)).toContainText('data must NOT have additional properties');
    await expect(verdict(first)).toContainText('FAIL');

    // Open in playground: the full app in a new page, with the embed's current case.
    const link = second.getByRole('link', { name: /Open in playground/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    const [full] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await full.waitForLoadState();
    expect(new URL(full.url()).search).toBe('');
    await expect(full.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(full.getByRole('textbox', { name: 'Tool' })).toHaveValue('set_by_host');
    await expect.poll(() => editorText(full, 'answer')).toBe(SET_CASE.answer);
    await expect(full.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
    await full.close();

    // Edit loads Monaco in that embed only, and the edit re-evaluates.
    await first.getByRole('button', { name: 'Edit' }).click();
    await expect(first.locator('.monaco-editor')).toHaveCount(2);
    expect((await scriptsLoaded(first)).filter((n) => MONACO.test(n)).length).toBeGreaterThan(0);
    expect((await scriptsLoaded(second)).filter((n) => MONACO.test(n))).toEqual([]);
    await first.evaluate((text) => window.__playground!.setText('answer', text), '{"id":"INV-1","total":1,"lines":[]}');
    await expect(verdict(first)).toContainText('PASS');

    // Neither embed ever wrote storage.
    for (const frame of [first, second]) {
      expect(await frame.evaluate(() => (window as unknown as { storageWrites?: string[] }).storageWrites ?? [])).toEqual([]);
    }
  });
});

/**
 * The gallery examples an embed is opened on: the first, the first whose listing fails, and the first in a version
 * world of its own. Every example's verdicts and listing errors are read off the same panes in
 * test/panes-cases.test.ts; what the browser adds is the embed opening an `#example/` link, once per kind.
 */
const EMBED_EXAMPLES = [...new Set([EXAMPLES[0], EXAMPLES.find((e) => (e.expect.listErrors ?? []).length > 0), EXAMPLES.find((e) => e.case.versions !== undefined)])].filter((e) => e !== undefined);

test.describe('embeds opened from a link', () => {
  // No init script, popup or context option: these rows take the worker's shared context and its warm cache.
  test.use({ isolated: false });

  test('gallery examples open as embeds: the tool, its own verdicts and listing errors, no failed card', async ({ page }) => {
    // One page for all of them (a context per example would cost more): the budget is per example, on a busy runner.
    test.setTimeout(EMBED_EXAMPLES.length * 20_000);
    expect(EMBED_EXAMPLES.length).toBe(3);
    for (const example of EMBED_EXAMPLES) {
      // A fresh document per example (a hash change alone would not reload the embed).
      await page.goto('about:blank');
      await page.goto(`/?embed#example/${example.id}`);
      await expect(page.locator('.embed-tool'), example.id).toHaveText(exampleCase(example).tool);
      const own = (example.expect.verdicts ?? []).filter((v) => v.converter === example.case.converter && v.client === example.case.client);
      for (const v of own) {
        await expect(verdict(page, v.policy).locator(':scope > .badge'), `${example.id} ${v.policy}`).toHaveText(v.valid === true ? 'PASS' : v.valid === false ? 'FAIL' : 'not validated');
      }
      for (const l of (example.expect.listErrors ?? []).filter((l) => l.converter === example.case.converter)) {
        await expect(page.locator('[data-pane="listed"]'), example.id).toContainText(l.says);
      }
      await expect(page.getByTestId('failed-card'), example.id).toHaveCount(0);
    }
  });

  test('options: panes picks and orders the panes, readonly has no Edit, theme forces the scheme', async ({ page }) => {
    await page.goto(`/?embed&panes=verdict,listed&readonly&theme=dark${encodePermalink(DEFAULT_CASE)}`);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
    await expect(page.locator('[data-pane]')).toHaveCount(2);
    expect(await page.locator('[data-pane]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pane')))).toEqual(['verdict', 'listed']);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Share' })).toHaveCount(0);
  });
});

test('an embed loads little JavaScript before its first verdict (no Monaco); the sizes are reported', async ({ page }, testInfo) => {
  const outDir = process.env.E2E_OUT_DIR ?? 'dist';
  const gzipOf = (url: string) => gzipSync(readFileSync(join(outDir, new URL(url).pathname))).length;
  const measure = async (path: string) => {
    await page.goto(path);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
    const scripts = await scriptsLoaded(page);
    const total = (urls: string[]) => urls.reduce((n, url) => n + gzipOf(url), 0);
    // The engine worker's core script and its chunks (assets/engine-*.js) and the client realm's script
    // (assets/client-realm-*.js): fetched by the page as text, run in the sandbox's workers.
    const isWorker = (n: string) => /\/(engine|client-realm)-/.test(new URL(n).pathname);
    const main = scripts.filter((n) => !isWorker(n));
    return {
      scripts,
      mainGzip: total(main),
      withoutEditorGzip: total(main.filter((n) => !MONACO.test(n))),
      workerGzip: total(scripts.filter(isWorker)),
    };
  };
  const embed = await measure(`/?embed${encodePermalink(DEFAULT_CASE)}`);
  expect(embed.scripts.filter((n) => MONACO.test(n))).toEqual([]);
  const app = await measure(`/${encodePermalink(DEFAULT_CASE)}`);
  const sizes = {
    embedMainThreadGzip: embed.mainGzip,
    appMainThreadGzip: app.mainGzip,
    appWithoutEditorGzip: app.withoutEditorGzip,
    engineWorkerGzip: embed.workerGzip,
    embedScripts: embed.scripts.map((n) => new URL(n).pathname),
  };
  await testInfo.attach('js-bytes.json', { body: JSON.stringify(sizes, null, 2), contentType: 'application/json' });
  console.log('JS before the first verdict (gzip bytes):', JSON.stringify(sizes));
  expect(embed.mainGzip).toBeLessThan(150_000);
});
