/**
 * The engine's lazy chunks in the browser: the v2 SDK is not in the worker's core script; the app fetches its chunk
 * (the frame and worker have no network), the worker evaluates it before the schema code runs, and the v2 SDK's real
 * server and client answer as in Node.
 */
import { V2_PREFIX } from '../test/seed.rows.ts';
import { expect, openCase, setEditorText, test, waitForEditors } from './fixtures.ts';

const schemaOf = (expr: string) => `import { z } from 'zod';\n\nexport default ${expr};\n`;

test('the v2 SDK runs for real from its own chunk, fetched by the app', async ({ page }) => {
  const chunkRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/engine-v2-[\w-]+\.js$|\/__sandbox\/engine-v2-/.test(r.url())) chunkRequests.push(r.url());
  });
  await openCase(page, { schema: schemaOf('z.object({ n: z.coerce.number() })'), answer: '{"n":"5"}', converter: 'mcp-sdk-v2', client: 'sdk-v2-node' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  // The v2 client refuses what the v2 server passed: both ran, in the worker, from the chunk.
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText(`${V2_PREFIX}data/n must be number`);
  await expect(page.locator('[data-pane="listed"]')).toContainText('"type": "number"');
  expect(chunkRequests).toHaveLength(1);
});

test('the first verdict of a page needs no chunk: it shows while the v2 SDK is still being fetched', async ({ page }) => {
  // Hold the v2 chunk back until the first verdict is on screen: a page whose first verdict waited for it would show none.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/engine-v2-/, async (route) => {
    await held;
    await route.fallback();
  });
  await openCase(page, { schema: schemaOf('z.object({ id: z.string() })'), answer: '{"id":"a","extra":1}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
  const raw = page.locator('[data-pane="verdict"] [data-policy="raw"]');
  await expect(raw.locator(':scope > .badge')).toHaveText('FAIL');
  await expect(raw).toContainText('data must NOT have additional properties');
  await expect(page.locator('[data-pane="real-sdk"]')).toContainText('Running: it comes after the first verdict.');
  release();
  // Then the full report, with the rows only the v2 chunk can make: the real v2 run.
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText('data must NOT have additional properties');
});

test('the client realm takes its v2 part after a v1 first verdict, and before a v2 one', async ({ page }) => {
  // The v2 client half (client-realm-v2-client-*.js) is held back until the v1 first verdict is on screen: a first
  // verdict that waited for it would show none. The v2 real run's client lives in that part: it comes after.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const raw = page.locator('[data-pane="verdict"] [data-policy="raw"]');
  /** For each request of the part: whether a verdict was on screen when it was made. */
  const asked: boolean[] = [];
  await page.route(/\/(?:assets|__sandbox)\/client-realm-v2-client-[\w-]+\.js$/, async (route) => {
    asked.push((await raw.locator(':scope > .badge').count()) > 0);
    await held;
    await route.fallback();
  });
  await openCase(page, { schema: schemaOf('z.object({ id: z.string() })'), answer: '{"id":"a","extra":1}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
  await expect(raw.locator(':scope > .badge')).toHaveText('FAIL');
  await expect(raw).toContainText('data must NOT have additional properties');
  release();
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText('data must NOT have additional properties');
  expect(asked).toEqual([true]);

  // A new page whose case selects a v2 client: the part is asked for before its first verdict, which is that client's.
  // Another answer than the first page's: that case's report is kept (storedReports.ts, the client is no part of its
  // key) and would be shown before any run.
  const other = await page.context().newPage();
  const askedThere: boolean[] = [];
  const rawThere = other.locator('[data-pane="verdict"] [data-policy="raw"]');
  await other.route(/\/(?:assets|__sandbox)\/client-realm-v2-client-[\w-]+\.js$/, async (route) => {
    askedThere.push((await rawThere.locator(':scope > .badge').count()) > 0);
    await route.fallback();
  });
  await openCase(other, { schema: schemaOf('z.object({ id: z.string() })'), answer: '{"id":"b","extra":1}', converter: 'mcp-sdk-v1', client: 'sdk-v2-browser' });
  await expect(rawThere.locator(':scope > .badge')).toHaveText('FAIL');
  await expect(rawThere).toContainText(`${V2_PREFIX}#: Property "extra" does not match additional properties schema.`);
  expect(askedThere).toEqual([false]);
  await other.close();
});

test('a warm edit of a small case gets one report: the first report comes from a cold first run (or a large answer)', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { framesSaid: string[] }).framesSaid = seen;
    window.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
      if (e.data?.type === 'partial' || e.data?.type === 'report') seen.push(e.data.type);
    });
  });
  await openCase(page, { schema: schemaOf('z.object({ id: z.string() })'), answer: '{"id":"a","extra":1}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await waitForEditors(page);
  const said = () => page.evaluate(() => (window as unknown as { framesSaid: string[] }).framesSaid.join(' '));
  // The page's first run: a first report from the cold worker, then the full one.
  expect(await said()).toBe('partial report');
  await setEditorText(page, 'answer', '{"id":"a"}');
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('PASS');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  expect(await said()).toBe('partial report report');
});

test('sucrase is an engine part a TypeScript schema fetches; a plain JavaScript schema runs without it', async ({ page }) => {
  // sucrase's chunk is held back until the plain JavaScript case's whole report is on screen: a run that needed it
  // would never finish. (Once the page is idle its spare worker warms up with a TypeScript case and asks for it.)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sucraseRequests: string[] = [];
  await page.route(/\/(?:assets|__sandbox)\/engine-sucrase-[\w-]+\.js$/, async (route) => {
    sucraseRequests.push(route.request().url());
    await held;
    await route.fallback();
  });
  await openCase(page, { schema: schemaOf('z.object({ id: z.string() })'), answer: '{"id":"a"}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"] > .badge')).toHaveText('PASS');
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText('structuredContent: an object (1 key)');
  release();
  await waitForEditors(page);
  // Type annotations: the source is TypeScript, the error still points at its place in it.
  await setEditorText(page, 'schema', "import { z } from 'zod';\nconst Id: z.ZodString = z.string();\nexport default z.object({ id: Id, n: z.strin() });\n");
  await expect(page.getByTestId('problems')).toContainText('z.strin is not a function');
  await expect(page.getByTestId('problems')).toContainText('schema 3:40');
  expect(sucraseRequests.length).toBeGreaterThan(0);
});
