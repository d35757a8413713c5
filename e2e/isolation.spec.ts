/**
 * Isolation: schema code from a link runs in a worker inside an opaque-origin frame whose CSP forbids network.
 * The frame is driven here exactly as src/sandbox/host.ts drives it, with the built engine worker and with a
 * hostile worker that neuters nothing (so the CSP alone is tested), and then through the app.
 */
import type { FrameMessage } from '../src/sandbox/protocol.ts';
import { engineWorkerSource, evaluateInFrame, mountFrame, openHarnessPage, type Driven, waitForMessage } from './frameHarness.ts';
import { expect, openCase, setEditorText, test, waitForEditors, type Trap } from './fixtures.ts';

/** A case whose schema module is `body` followed by a harmless default export. */
function caseWith(body: string): { v: 1; schema: string; answer: string } {
  return { v: 1, schema: `import { z } from 'zod';\n${body}\nexport default z.object({ a: z.string() });\n`, answer: '{"a":"x"}' };
}

function reportOf(m: FrameMessage): { load: { ok: boolean; error?: { message: string } } } {
  if (m.type !== 'report') throw new Error(`Expected a report, got ${JSON.stringify(m)}`);
  return m.report as unknown as { load: { ok: boolean; error?: { message: string } } };
}

/** Everything schema code might try to leave the sandbox with, each aimed at the trap server. */
function escapes(trap: Trap): Record<string, string> {
  return {
    fetch: `fetch('${trap.url}/fetch').catch(() => {});`,
    xhr: `const x = new XMLHttpRequest(); x.open('GET', '${trap.url}/xhr', false); x.send();`,
    importScripts: `importScripts('${trap.url}/x.js');`,
    webSocket: `new WebSocket('${trap.url.replace('http', 'ws')}/ws');`,
    eventSource: `new EventSource('${trap.url}/sse');`,
    nestedWorker: `new Worker('${trap.url}/w.js');`,
    indexedDB: `indexedDB.open('steal');`,
    caches: `caches.open('steal');`,
    localStorage: `localStorage.getItem('k');`,
    parentDocument: `parent.document.title;`,
    topLocation: `top.location.href = '${trap.url}/top';`,
    prototypeFetch: `Object.getPrototypeOf(self).fetch('${trap.url}/proto');`,
  };
}

test.describe('the sandbox frame with the engine worker', () => {
  let source = '';
  test.beforeAll(() => {
    source = engineWorkerSource();
  });

  test.beforeEach(async ({ page }) => {
    await openHarnessPage(page);
    await mountFrame(page, source);
  });

  test("a schema module's infinite loop times out at the plain budget (2 s), even on the frame's first, cold worker, and the next case evaluates", async ({ page }) => {
    const cold = await evaluateInFrame(page, 1, caseWith('while (true) {}'));
    expect(cold.message).toMatchObject({ type: 'timeout', id: 1, budgetMs: 2000 });
    // The frame's watchdog ended it (this page drives the frame with no deadline of its own) and not before the budget.
    expect(cold.ms).toBeGreaterThanOrEqual(1900);

    const next = await evaluateInFrame(page, 2, caseWith(''));
    expect(reportOf(next.message).load.ok).toBe(true);
  });

  test("the engine's work on the first worker's first case gets a cold budget (4 × 2 s); spares warm up first; a large answer gets one more second per 128 K characters", async ({ page }) => {
    // The frame's first worker takes the first case at once, on a cold engine: a loop the engine meets (a refine
    // run by the policies' parse, after the module loaded) is ended after 8 s.
    const refineLoop = `import { z } from 'zod';\nexport default z.object({ a: z.string() }).refine(() => { while (true) {} });\n`;
    const cold = await evaluateInFrame(page, 1, { v: 1, schema: refineLoop, answer: '{"a":"x"}' });
    expect(cold.message).toMatchObject({ type: 'timeout', id: 1, budgetMs: 8000 });
    expect(cold.ms).toBeGreaterThanOrEqual(7900);
    // The next case runs on the spare, which warmed up before it took a case: the plain 2 s.
    const warm = await evaluateInFrame(page, 2, { v: 1, schema: `${refineLoop}// another schema text\n`, answer: '{"a":"x"}' });
    expect(warm.message).toMatchObject({ type: 'timeout', id: 2, budgetMs: 2000 });
    // 130 K characters of answer: 2 s + 1 s. The loop is in the schema, so the run never ends by itself.
    const large = { ...caseWith('while (true) {}'), answer: JSON.stringify({ a: 'x'.repeat(130 * 1024) }) };
    const sized = await evaluateInFrame(page, 3, large);
    expect(sized.message).toMatchObject({ type: 'timeout', id: 3, budgetMs: 3000 });
    expect(sized.ms).toBeGreaterThanOrEqual(2900);
  });

  // Three steps on one frame (its mount boots the engine), each about what one schema text can do to the next.
  test('each schema text runs in a worker of its own; schema code reaches no network, storage, parent or top; an uncaught error respawns the worker', async ({ page, trap }) => {
    // Seven schema texts, so seven fresh workers, each booting the engine: slow on a loaded 2-core runner.
    test.setTimeout(120_000);
    let id = 0;
    await test.step('a count its code keeps on zod starts over with each schema text', async () => {
      // The listing names how many times this worker ran schema code that counts on zod's global registry (zod is the
      // schema's own library: it may change it, docs/security.md; the global object takes no new properties).
      const counting = (tag: string) => ({
        v: 1,
        schema: `import { z } from 'zod';\n// ${tag}\nconst g = z.globalRegistry as any;\ng.runs = (g.runs ?? 0) + 1;\nexport default z.object({ ['runs' + g.runs]: z.string() });\n`,
        answer: '{}',
      });
      const keys = async (c: unknown) => {
        const { message } = await evaluateInFrame(page, ++id, c);
        if (message.type !== 'report') throw new Error(JSON.stringify(message));
        return JSON.stringify(message.report.converters);
      };
      expect(await keys(counting('a'))).toContain('"runs1"');
      // The same text with another answer: its code is not run again (the loader caches by source text).
      expect(await keys({ ...counting('a'), answer: '{"x":1}' })).toContain('"runs1"');
      // Another text: a fresh realm, so the count starts over (in a shared worker this listed "runs2").
      expect(await keys(counting('b'))).toContain('"runs1"');
      expect(await keys(counting('a'))).toContain('"runs1"');
    });

    await test.step('schema code reaches no network, storage, parent or top, and the worker stays healthy', async () => {
      // One schema text tries every way out, each in its own try, and lists a key per way: "<way> blocked: <error>"
      // when the attempt threw, "<way> reached" when it did not. One worker, not one per way: each would boot the engine
      // and warm a spare, to find the same thing.
      const ways = escapes(trap);
      const attempts = Object.entries(ways).map(([name, body]) => `[${JSON.stringify(name)}, () => { ${body} }]`).join(',\n');
      const tryAll = `const got = {};\nfor (const [name, attempt] of [${attempts}]) {\n  try { attempt(); got[name + ' reached'] = z.string(); }\n  catch (e) { got[name + ' blocked: ' + (e && e.name)] = z.string(); }\n}\n`;
      const { message } = await evaluateInFrame(page, ++id, { v: 1, schema: `import { z } from 'zod';\n${tryAll}export default z.object(got);\n`, answer: '{}' });
      const report = reportOf(message) as { converters?: { zod?: { listed?: { properties?: object } } } };
      const keys = Object.keys(report.converters?.zod?.listed?.properties ?? {});
      expect(keys.map((k) => k.split(' ')[0]).sort(), 'every way was tried').toEqual(Object.keys(ways).sort());
      expect(keys.filter((k) => !/ blocked: \w+Error$/.test(k)), 'ways out that did not throw').toEqual([]);
      const healthy = await evaluateInFrame(page, ++id, caseWith(''));
      expect(reportOf(healthy.message).load.ok).toBe(true);
      expect(trap.hits).toEqual([]);
    });

    await test.step('an uncaught error in the worker respawns it', async () => {
      // After the run: the run itself waits on its client realm (a macrotask), so a 0 ms timer would fire during it.
      const { message } = await evaluateInFrame(page, ++id, caseWith(`setTimeout(() => { throw new Error('boom'); }, 1500);`));
      expect(reportOf(message).load.ok).toBe(true);
      const respawned = await waitForMessage(page, id, 'respawned');
      expect(respawned.message).toMatchObject({ type: 'respawned', message: expect.stringContaining('boom') });

      const next = await evaluateInFrame(page, ++id, caseWith('// the next case'));
      expect(reportOf(next.message).load.ok).toBe(true);
    });
  });
});

/** A worker that follows the frame protocol but neuters nothing and tries every way out at once. */
function hostileWorker(trap: Trap): string {
  const ws = trap.url.replace('http', 'ws');
  return `
    let port;
    const attempt = async (run) => { try { return String(await run()); } catch (e) { return 'blocked: ' + e; } };
    const settle = (target) => new Promise((resolve) => { target.onerror = target.onclose = () => resolve('error event'); setTimeout(() => resolve('no event'), 2000); });
    const run = async (e) => {
      const report = {
        origin: self.origin,
        fetch: await attempt(() => fetch('${trap.url}/fetch').then((r) => r.status)),
        noCors: await attempt(() => fetch('${trap.url}/no-cors', { mode: 'no-cors' }).then((r) => r.type)),
        xhr: await attempt(() => { const x = new XMLHttpRequest(); x.open('GET', '${trap.url}/xhr', false); x.send(); return x.status; }),
        importScripts: await attempt(() => importScripts('${trap.url}/x.js')),
        webSocket: await attempt(() => settle(new WebSocket('${ws}/ws'))),
        eventSource: await attempt(() => settle(new EventSource('${trap.url}/sse'))),
        worker: await attempt(() => new Worker('${trap.url}/w.js')),
        indexedDB: await attempt(() => indexedDB.open('x') && 'opened'),
      };
      port.postMessage({ type: 'report', id: e.data.id, digest: '', report, ms: 0 });
    };
    self.onmessage = (e) => {
      if (e.data.type !== 'init') return;
      port = e.data.port;
      port.onmessage = run;
      port.postMessage({ type: 'ready' });
    };
  `;
}

test.describe('the sandbox frame itself', () => {
  test('its CSP alone blocks every request of a worker that neuters nothing', async ({ page, trap }) => {
    await openHarnessPage(page);
    await mountFrame(page, hostileWorker(trap), 10_000);
    const { message } = await evaluateInFrame(page, 1, {});
    if (message.type !== 'report') throw new Error(JSON.stringify(message));
    const report = message.report as unknown as Record<string, string>;
    expect(report.origin).toBe('null');
    for (const [name, result] of Object.entries(report)) {
      if (name !== 'origin') expect(result, name).toMatch(/^(blocked|error event)/);
    }
    expect(trap.hits).toEqual([]);
  });

  test('it refuses to start when framed without the sandbox attribute', async ({ page }) => {
    await openHarnessPage(page);
    const answered = await page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.src = '/sandbox.html#unsandboxed';
      let messages = 0;
      window.addEventListener('message', (e) => {
        if (e.source === frame.contentWindow) messages++;
      });
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      frame.contentWindow?.postMessage({ type: 'boot', source: 'postMessage(1)', budgetMs: 1000 }, '*');
      frame.contentWindow?.postMessage({ type: 'evaluate', id: 1, case: {} }, '*');
      // A negative result needs a settle time: the frame would have answered `ready` before its load event.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { messages, origin: frame.contentWindow?.origin };
    });
    expect(answered.origin).not.toBe('null');
    expect(answered.messages).toBe(0);
  });
});

/** Schema code that hooks JSON.parse so every parsed object loses the Copilot example's undeclared keys. */
const HOOK_JSON_PARSE = `
const parse = JSON.parse;
const strip = (v) => {
  if (v && typeof v === 'object') {
    delete v.costCenter;
    delete v.margin;
    for (const x of Object.values(v)) strip(x);
  }
  return v;
};
JSON.parse = (text, reviver) => strip(parse(text, reviver));
`;

/** A case the user never wrote: its schema (one line, with a stray backslash) fails to load at once, before any await. */
const FORGED = { v: 1, schema: "import { z } from 'zod';\\nexport default z.object({ forged: z.string() });", answer: '{}' };

/**
 * Schema code that forges requests inside the worker: while its own case runs, a fake `evaluate` of the forged case
 * for each of the first ids (the forged run fails fast, so it would answer before the real one).
 */
const FORGE_EVALUATE = `
const forged = ${JSON.stringify(FORGED)};
for (let id = 0; id < 20; id++) self.dispatchEvent(new MessageEvent('message', { data: { type: 'evaluate', id, case: forged } }));
`;

test.describe('through the app', () => {
  // Each row opens its case in the app already open, as a user following links does (rows 'at load' load it).
  test.use({ reuse: true });
  const plain = caseWith('');

  test('evaluation runs in a frame sandboxed without allow-same-origin', async ({ page }) => {
    await openCase(page, plain);
    // Every evaluation frame: the app's, and the side runs' (fixes, the finder) once a row before in this page used them.
    const frames = page.locator('iframe[title="Evaluation sandbox"]');
    await expect(frames.first()).toBeAttached();
    for (const frame of await frames.all()) {
      await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
      await expect(frame).toHaveAttribute('src', /\/sandbox\.html#[0-9a-f]{32}$/);
    }
    await expect(page.getByTestId('status')).toContainText('Evaluated in');
  });

  test.describe('at load', () => {
    test.use({ reuse: false });

    test('the app and its sandbox frame run without CSP violations', async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { __violations: seen });
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
      });
      await openCase(page, {});
      await expect(page.getByTestId('status')).toContainText('Evaluated in');
      await waitForEditors(page);
      const frames = page.frames();
      expect(frames.map((f) => new URL(f.url()).pathname)).toContain('/sandbox.html');
      const seen = await Promise.all(frames.map((f) => f.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])));
      expect(seen.flat()).toEqual([]);
    });
  });

  test('an infinite loop shows a timeout while the app stays responsive (a click lands during the run)', async ({ page }) => {
    await openCase(page, plain);
    const status = page.getByTestId('status');
    await expect(status).toContainText('Evaluated in');
    await waitForEditors(page);

    // Timed inside the page: on a loaded machine Playwright's own round trips would dominate the measurement.
    const run = await page.evaluate(async (schema) => {
      const statusLine = document.querySelector('[data-testid="status"]');
      const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.startsWith('zod'));
      if (!statusLine || !tab) throw new Error('status line or zod tab missing');
      const until = async (done: () => boolean) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      const started = performance.now();
      window.__playground?.setText('schema', schema);
      await until(() => statusLine.textContent?.includes('Evaluating') ?? false);
      const clicked = performance.now();
      tab.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const click = { ms: performance.now() - clicked, selected: tab.getAttribute('aria-selected'), duringRun: statusLine.textContent };
      await until(() => statusLine.textContent?.includes('infinite loop') ?? false);
      return { click, evaluatingMs: clicked - started, timeoutMs: performance.now() - started };
    }, caseWith('while (true) {}').schema);
    // Were the loop on the main thread, the click could land only after the run: it lands while the run is in flight.
    expect(run.click.selected).toBe('true');
    expect(run.click.duringRun).toContain('Evaluating');
    // Timings are the bench's business (a loaded runner stretches them): recorded here, not asserted.
    test.info().annotations.push({ type: 'timing', description: JSON.stringify(run) });

    await setEditorText(page, 'schema', caseWith('').schema.replace('a: z.string()', 'after: z.string()'));
    await expect(page.getByLabel('Listed outputSchema')).toContainText('"after"');
  });

  test.describe('at load', () => {
    test.use({ reuse: false });

    test('an infinite loop in a link times out and the app opens', async ({ page }) => {
      await openCase(page, caseWith('while (true) {}'));
      // The schema's module code has the plain budget even on the frame's first (cold) worker, and the message names it.
      await expect(page.getByTestId('status')).toContainText('The schema ran longer than 2 s — likely an infinite loop');
      await expect(page.getByRole('tab', { name: /^zod/ })).toBeEnabled();
    });
  });

  test('schema code from a link gets nothing through and the app stays healthy', async ({ page, trap }) => {
    const tries = Object.values(escapes(trap)).map((body) => `try { ${body} } catch {}`);
    await openCase(page, caseWith(tries.join('\n')));
    const listed = page.getByLabel('Listed outputSchema');
    await expect(listed).toContainText('"a"');

    await setEditorText(page, 'schema', caseWith('').schema.replace('a: z.string()', 'after: z.string()'));
    await expect(listed).toContainText('"after"');
    expect(trap.hits).toEqual([]);
  });

  test('code from one case never changes the verdicts of the next (a JSON.parse hook, then the Copilot example)', async ({ page }) => {
    await openCase(page, caseWith(HOOK_JSON_PARSE));
    // The hardened realm refuses the hook itself (docs/security.md), at its line.
    await expect(page.getByText('the schema tried to replace JSON.parse').first()).toBeVisible();
    const listed = page.getByLabel('Listed outputSchema');

    // Same tab, another case: its raw answer keeps costCenter, which a strict client refuses (a fresh tab says FAIL).
    await page.evaluate(() => {
      window.location.hash = '#example/copilot-extra-key';
    });
    await expect(listed).toContainText('"lines"');
    const raw = page.locator('[data-pane="verdict"] [data-policy="raw"]');
    await expect(raw).toContainText('FAIL');
    await expect(raw).toContainText('data must NOT have additional properties');
    await expect(page.locator('[data-pane="undeclared"] [data-policy="raw"]')).toContainText('costCenter');
  });

  test('a fake evaluate dispatched inside the worker never reaches the page', async ({ page }) => {
    await openCase(page, caseWith(FORGE_EVALUATE));
    const listed = page.getByLabel('Listed outputSchema');
    const main = page.getByRole('main');
    await expect(page.getByTestId('status')).toContainText('Evaluated in');
    await expect(listed).toContainText('"a"');
    await expect(main).not.toContainText('did not load');

    // The same case with another answer (its own worker, its code runs again), then another case (a fresh worker).
    await setEditorText(page, 'answer', '{"a":"y","extra":1}');
    await expect(page.locator('[data-pane="undeclared"] [data-policy="raw"]')).toContainText('extra');
    await expect(main).not.toContainText('did not load');
    await page.evaluate(() => {
      window.location.hash = '#example/copilot-extra-key';
    });
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('data must NOT have additional properties');
    await expect(listed).toContainText('"lines"');
    await expect(main).not.toContainText('did not load');
  });
});
