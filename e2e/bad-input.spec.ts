/**
 * The bad-input matrix in the app (docs/bad-input.md): for each row, the user reads a clear message (positioned where a
 * position exists), the editors still hold exactly what was typed or loaded, and the app answers a click.
 */
import type { Locator, Page } from '@playwright/test';
import { refusal } from '../src/examples/case-format.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import type { EditorName } from '../src/ui/editor/mountedEditors.ts';
import { ENGINE_ROWS } from '../test/bad-input.rows.ts';
import { editorText, expect, openCase, setEditorText, test, waitForEditors } from './fixtures.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const IMPORT = "import { z } from 'zod';\n\n";
/** How long a run may take to land on a loaded machine (the app's own limit is the 2 s budget plus a 15 s frame grace). */
const LANDS = 45_000;

// Each test loads the app, Monaco and a cold sandbox worker, several times over on a busy machine.
test.describe.configure({ timeout: 150_000 });
// The main-thread timings reported here are the app's: no trace is recorded on a first run (playwright.config.ts), and
// a trace's screencast and DOM snapshots run on the page's main thread (the 10 MB rows measured 2–5 s more of long
// tasks with them). Not set per file: `trace` is a worker option, so a file of its own value started two more workers,
// each a browser, a kept app page and a trace of every row.
const status = (page: Page): Locator => page.getByTestId('status');
const tab = (page: Page, name: string): Locator => page.locator('[data-pane="listed"]').getByRole('tab', { name });

/** Waits for a verdict on the case in the editors. */
async function evaluated(page: Page): Promise<void> {
  await expect(status(page)).toContainText(/Evaluated in \d+ ms/, { timeout: LANDS });
}

/** The app answers a click within `within` ms: a converter tab other than the selected one becomes selected. */
async function responds(page: Page, within = 10_000): Promise<void> {
  const target = (await tab(page, 'zod').getAttribute('aria-selected')) === 'true' ? 'wire-truthful' : 'zod';
  await tab(page, target).click({ timeout: within });
  await expect(tab(page, target)).toHaveAttribute('aria-selected', 'true', { timeout: within });
}

/** The (restarted) worker takes the next edit: a schema with a new field shows up in the listing. */
async function nextEditEvaluates(page: Page): Promise<void> {
  await setEditorText(page, 'schema', `${IMPORT}export default z.object({ id: z.string(), after: z.string() });\n`);
  await evaluated(page);
  await expect(page.getByLabel('Listed outputSchema')).toContainText('"after"');
}

/** The editors hold exactly this text (read from the Monaco models). */
async function textIntact(page: Page, expected: Partial<Record<EditorName, string>>): Promise<void> {
  for (const [which, text] of Object.entries(expected) as Array<[EditorName, string]>) {
    await expect.poll(() => editorText(page, which), { message: `${which} editor text` }).toBe(text);
  }
}

/** Records how long the main thread is blocked (Chromium long tasks) from now on: from the run a row starts, not the page load. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const longest: Array<{ start: number; duration: number }> = [];
    Object.assign(window, { __longTasks: longest });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => longest.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask' });
  });
}

async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(Math.max(0, ...(window as unknown as { __longTasks: Array<{ duration: number }> }).__longTasks.map((t) => t.duration))));
}

// Two rows run in the app, one refused at load and one at the answer, each the row whose size or depth a browser
// worker could treat differently from Node; every row's problems list is read off the app's component in
// test/panes-cases.test.ts.
const IN_THE_APP = ['a schema that recurses forever at conversion', '10,000-deep nesting'];
test.describe('engine rows in the app: message, position, text intact, app responsive', () => {
  // Each row opens its case in the app already open, as a user following links does.
  test.use({ reuse: true });
  for (const row of ENGINE_ROWS.filter((r) => IN_THE_APP.includes(r.row))) {
    test(row.row, async ({ page }) => {
      const refused = refusal(row.expect);
      if (!refused) throw new Error(`${row.row}: a bad-input row expects a refusal`);
      const editor = refused.phase === 'load' ? 'schema' : 'answer';
      const { message, line, column } = refused.error;
      await openCase(page, {});
      await evaluated(page);
      await setEditorText(page, 'schema', row.case.schema);
      await setEditorText(page, 'answer', row.case.answer);
      const problems = page.getByTestId('problems');
      await expect(problems).toContainText(message, { timeout: LANDS });
      const jump = problems.getByRole('button', { name: new RegExp(`^${editor} \\d+:\\d+$`) });
      if (line !== undefined) await expect(jump).toHaveText(`${editor} ${line}:${column}`);
      else await expect(jump).toHaveCount(0);
      await responds(page);
      await textIntact(page, { schema: row.case.schema, answer: row.case.answer });
    });
  }
});

test.describe('runaway schemas: the watchdog ends them within the budget', () => {
  // Each row opens its case in the app already open, as a user following links does.
  test.use({ reuse: true });
  const cases = [
    { row: 'an infinite loop', schema: `${IMPORT}while (true) {}\nexport default z.object({ id: z.string() });\n`, answer: '{"id":"1"}' },
    {
      row: 'a regex that backtracks catastrophically',
      schema: `${IMPORT}export default z.object({ s: z.string().regex(/(a+)+$/) });\n`,
      answer: JSON.stringify({ s: `${'a'.repeat(40)}!` }),
    },
  ];
  for (const c of cases) {
    test(c.row, async ({ page }) => {
      await openCase(page, {});
      await evaluated(page);
      await watchLongTasks(page);
      await waitForEditors(page);
      // Timed in the page from the moment the run starts, so Playwright's round trips on a loaded machine do not count.
      const run = await page.evaluate(
        async ([schema, answer]) => {
          const line = document.querySelector('[data-testid="status"]');
          if (!line) throw new Error('no status line');
          const until = async (done: () => boolean) => {
            while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
          };
          window.__playground?.setText('answer', answer);
          window.__playground?.setText('schema', schema);
          await until(() => line.textContent?.includes('Evaluating') ?? false);
          const started = performance.now();
          await until(() => line.textContent?.includes('ran longer than') ?? false);
          return { ms: Math.round(performance.now() - started) };
        },
        [c.schema, c.answer] as const,
      );
      test.info().annotations.push({ type: 'timing', description: `timeout message ${run.ms} ms after the run started; longest main-thread task ${await longestTask(page)} ms` });
      // The frame's watchdog ended the run (its message, not the app's "stopped responding"); how soon is a bench figure.
      await expect(status(page)).toContainText('The worker was restarted');
      await responds(page);
      await textIntact(page, { schema: c.schema, answer: c.answer });

      await nextEditEvaluates(page);
    });
  }
});

test.describe('a 10 MB answer', () => {
  const schema = `${IMPORT}export default z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), qty: z.number() })) });\n`;

  /** Pastes a 10 MB single-line answer (built in the page) and returns when the paste, and the run it starts, have ended. */
  async function pasteTenMegabytes(page: Page): Promise<{ bytes: number; pasteMs: number; runMs: number; status: string; blockedAfterPasteMs: number }> {
    await openCase(page, { schema, answer: '{"items":[]}' });
    await evaluated(page);
    await watchLongTasks(page);
    await waitForEditors(page);
    const pasted = await page.evaluate(() => {
      const items: string[] = [];
      let size = 0;
      for (let i = 0; size < 10 * 1024 * 1024; i++) {
        const item = JSON.stringify({ id: `item-${i}`, name: 'x'.repeat(80), qty: i });
        items.push(item);
        size += item.length + 1;
      }
      const big = `{"items":[${items.join(',')}]}`;
      Object.assign(window, { __big: big });
      const started = performance.now();
      window.__playground?.setText('answer', big);
      const ended = performance.now();
      Object.assign(window, { __pastedAt: ended });
      return { bytes: big.length, pasteMs: Math.round(ended - started) };
    });
    const run = await page.evaluate(async () => {
      const line = document.querySelector('[data-testid="status"]');
      const until = async (done: () => boolean) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      await until(() => line?.textContent?.includes('Evaluating') ?? false);
      const started = performance.now();
      await until(() => /Evaluated in|ran longer than|crashed/.test(line?.textContent ?? ''));
      return { runMs: Math.round(performance.now() - started), status: line?.textContent ?? '' };
    });
    // Whatever the page does once the text is in (links, autosave, markers, the run's outcome) must not lock it up.
    await page.waitForTimeout(3_000);
    const { blockedAfterPasteMs, longTasks } = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }>; __pastedAt: number };
      const after = w.__longTasks.filter((t) => t.start >= w.__pastedAt);
      return {
        blockedAfterPasteMs: Math.round(after.reduce((sum, t) => sum + t.duration, 0)),
        // [ms after the paste, ms long], for the timing note.
        longTasks: after.map((t) => [Math.round(t.start - w.__pastedAt), Math.round(t.duration)]),
      };
    });
    const measured = { ...pasted, ...run, blockedAfterPasteMs, longTasks };
    test.info().annotations.push({ type: 'timing', description: JSON.stringify(measured) });
    return measured;
  }

  // One paste for the three things a user does with such an answer: pasting 10 MB and checking it is the costly part
  // (about 11 s of a row on a 2-core runner), and each step starts from the state a user would be in after it.
  test('the editor keeps it as plain text, the verdict or the time budget is shown, Share and Export say it is too large, and typing elsewhere lands', async ({ page }) => {
    test.setTimeout(240_000);
    const measured = await pasteTenMegabytes(page);
    const too = /^This case is too large for a link \(10\.\d MB > 4 MB\)/;

    await test.step('the editor shows it as plain text, keeps every character, and the verdict or the time budget is shown', async () => {
      expect(measured.bytes).toBeGreaterThanOrEqual(10 * 1024 * 1024);
      expect(measured.status).toMatch(/Evaluated in \d+ ms|ran longer than \d+ s/);
      const model = await page.evaluate(() => {
        const m = window.__playground?.model('answer') as { getLanguageId(): string; getValue(): string };
        return { language: m.getLanguageId(), intact: m.getValue() === (window as unknown as { __big: string }).__big };
      });
      expect(model).toEqual({ language: 'plaintext', intact: true });
      // A 10 MB answer is checked for far longer than the budget: the timeout says so instead of blaming the schema.
      if (measured.status.includes('ran longer than')) expect(measured.status).toMatch(/the answer is 10\.\d MB, likely too large to check/);
      // No link is made of it (one would not open): a note says so, and the address bar holds no older case.
      await expect(page.getByTestId('size-note')).toHaveText(/^This case is too large for a link \(10\.\d MB > 4 MB\); it is not in the address bar or autosaved\.$/);
      await expect.poll(() => new URL(page.url()).hash).toBe('');
      // It comes back; how soon is the bench's business.
      await responds(page, 60_000);
    });

    await test.step('Share and Export say the case is too large for a link instead of copying one', async () => {
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'nothing was copied' })).toHaveText(too);
      await page.getByRole('button', { name: 'Export' }).click();
      const copyLink = page.getByRole('menuitem', { name: /Copy link/ });
      await expect(copyLink).toBeDisabled();
      await expect(copyLink).toHaveAccessibleDescription(too);
      await page.keyboard.press('Escape');
      await expect(copyLink).toBeHidden();
    });

    await test.step('typing elsewhere stays responsive', async () => {
      const tool = page.getByRole('textbox', { name: 'Tool' });
      const started = Date.now();
      await tool.fill('big_answer', { timeout: 60_000 });
      await expect(tool).toHaveValue('big_answer');
      test.info().annotations.push({ type: 'timing', description: `typing in the Tool field took ${Date.now() - started} ms` });
      // How long the main thread was blocked in all (measured.blockedAfterPasteMs, recorded above) is a speed figure
      // that swings with the runner's load (1.1 s quiet, 3–4 s beside another Playwright worker): it is reported, not
      // asserted. What the user relies on is asserted: once the verdict is in, the typing lands (the frozen page of
      // bug A took 2.1–31.6 s) and the app answers clicks; how soon is the bench's figure.
      await responds(page, 60_000);
    });
  });
});

test.describe('a __proto__ key', () => {
  // Each row opens its case in the app already open, as a user following links does.
  test.use({ reuse: true });

  test('an answer with a __proto__ key: undeclared in the panes, and neither the app nor the worker is polluted', async ({ page }) => {
    // The schema checks, on every parse, that Object.prototype is as it was when the worker loaded it: a later answer in
    // the same worker (same schema text, so the same realm) is refused if the first answer polluted it.
    const schema = `${IMPORT}const before = Object.getOwnPropertyNames(Object.prototype).join();
  const clean = () => before === Object.getOwnPropertyNames(Object.prototype).join() && ({} as Record<string, unknown>).polluted === undefined;
  export default z.object({ id: z.string().refine(clean, { message: 'the worker was polluted' }) });
  `;
    const answer = '{"id":"1","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
    await openCase(page, { schema, answer, converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    await evaluated(page);
    const undeclared = page.locator('[data-pane="undeclared"] [data-policy="raw"]');
    await expect(undeclared).toContainText('__proto__');
    await expect(undeclared).toContainText('constructor');

    const next = '{"id":"2"}';
    await setEditorText(page, 'answer', next);
    await expect(undeclared).toContainText('no undeclared keys', { timeout: LANDS });
    await evaluated(page);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('PASS');
    await expect(page.locator('[data-pane="undeclared"]')).not.toContainText('the worker was polluted');
    expect(await page.evaluate(() => String(({} as Record<string, unknown>)['polluted']))).toBe('undefined');
    await responds(page);
    await textIntact(page, { schema, answer: next });
  });
});

test.describe('links that cannot be opened', () => {
  // Each row opens its case in the app already open, as a user following links does.
  test.use({ reuse: true });
  const link = encodePermalink({ ...DEFAULT_CASE, answer: '{"id":"kept"}' });
  // Every decoder error is a Node test (test/permalink.test.ts); here, that one leaves the open app's case alone.
  const LINKS = [{ row: 'a link truncated mid-way', hash: link.slice(0, Math.floor(link.length / 2)), says: /truncated/ }];
  for (const { row, hash, says } of LINKS) {
    test(`${row}, navigated to in the open app, leaves the case being edited as it was`, async ({ page }) => {
      await openCase(page, {});
      await evaluated(page);
      const edited = '{"id":"INV-1","total":1,"lines":[],"typed":"by the user"}';
      await setEditorText(page, 'answer', edited);
      await expect(page.locator('[data-pane="undeclared"] [data-policy="raw"]')).toContainText('typed');
      await page.goto(`/${hash}`);
      const banner = page.getByTestId('banner');
      await expect(banner).toContainText(says);
      await expect(banner).toContainText('The case you were editing is unchanged.');
      await textIntact(page, { schema: DEFAULT_CASE.schema, answer: edited });
      await responds(page);
      await banner.getByRole('button', { name: 'Dismiss this message' }).click();
      await expect(banner).toHaveCount(0);
    });
  }
});

test.describe('a worker that crashes is respawned and takes the next edit', () => {
  // Each row opens its case in the app already open, as a user following links does.
  test.use({ reuse: true });
  test('an error thrown during the run says so', async ({ page }) => {
    const schema = `${IMPORT}queueMicrotask(() => { throw new Error('boom'); });\nexport default z.object({ id: z.string() });\n`;
    await openCase(page, {});
    await evaluated(page);
    await setEditorText(page, 'schema', schema);
    await expect(status(page)).toContainText(/The evaluation worker crashed: .*boom \(the worker was restarted\)/, { timeout: LANDS });
    await responds(page);
    await textIntact(page, { schema, answer: DEFAULT_CASE.answer });
    await nextEditEvaluates(page);
  });

  test('an error thrown after the run, and garbage posted to the frame, leave the verdict standing', async ({ page }) => {
    // The sandbox's workers come from a blob: URL of the opaque-origin frame; Monaco's own workers do not count.
    const workers: string[] = [];
    page.on('worker', (w) => w.url().startsWith('blob:null/') && workers.push(w.url()));
    const schema = `${IMPORT}postMessage('garbage');
postMessage({ type: 'report', id: 1e9, report: {}, ms: 0, key: 'forged' });
setTimeout(() => { throw new Error('boom later'); }, 300);
export default z.object({ id: z.string() });
`;
    await openCase(page, {});
    await evaluated(page);
    const spawned = workers.length;
    await setEditorText(page, 'schema', schema);
    await evaluated(page);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
    // The throw 300 ms later kills that worker; the frame starts another, and a note beside the verdict says so.
    await expect.poll(() => workers.length, { timeout: LANDS }).toBeGreaterThan(spawned);
    await expect(page.getByTestId('worker-note')).toHaveText(/^The evaluation worker crashed after the verdict: .*boom later \(the worker was restarted\)\.$/);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
    await responds(page);
    await textIntact(page, { schema, answer: DEFAULT_CASE.answer });
    await nextEditEvaluates(page);
    await expect(page.getByTestId('worker-note')).toHaveCount(0);
  });
});

test.describe('storage that cannot be written: autosave says so, the app works on', () => {
  const STORAGE = [
    {
      row: 'localStorage full',
      init: () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      },
      says: "Autosave is off: this browser's storage is full.",
    },
    {
      row: 'localStorage unavailable',
      init: () => {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get: () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      },
      says: "Autosave is off: this browser's storage is unavailable.",
    },
  ];
  /** Opens the app over the broken storage, edits the answer and waits for its verdict; returns what was typed. */
  async function editOverBrokenStorage(page: Page, init: () => void): Promise<string> {
    await page.addInitScript(init);
    await openCase(page, {});
    await evaluated(page);
    const edited = '{"id":"INV-2","total":1,"lines":[]}';
    await setEditorText(page, 'answer', edited);
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('PASS', { timeout: LANDS });
    return edited;
  }

  for (const { row, init, says } of STORAGE) {
    test(row, async ({ page }) => {
      const edited = await editOverBrokenStorage(page, init);
      // A converter change is saved too (and starts no run, whose landing would race the note: the run comes last).
      await responds(page);
      const note = page.getByTestId('storage-note');
      await expect(note).toHaveText(says);
      // Unobtrusive: a note beside the status, not an alert or a banner over the work.
      await expect(page.getByTestId('banner')).toHaveCount(0);
      await textIntact(page, { answer: edited });
      // The link still carries the case, so nothing typed depends on storage.
      await expect.poll(() => new URL(page.url()).hash).not.toBe('');
      // The note stays when the next run lands.
      await page.evaluate(() => {
        const store = window.__playground!.store;
        const landed = new Promise<void>((resolve) => {
          const stop = store.subscribe((next, prev) => {
            if (next.run !== prev.run && next.run.kind === 'done') {
              stop();
              resolve();
            }
          });
        });
        Object.assign(window, { __landed: landed });
      });
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.evaluate(() => (window as unknown as { __landed: Promise<void> }).__landed);
      await expect(note).toHaveText(says, { timeout: 5_000 });
    });
  }
});
