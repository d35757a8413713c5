/**
 * Drafts end to end: a link never replaces the saved draft until it is edited (and the previous
 * draft stays reachable); a pane that throws shows a card, the rest works, and the case is held on the next open;
 * after the watchdog, results from an earlier version of the text say so.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { createLinkEncoder, encodePermalink } from '../src/state/linkEncoder.ts';
import { DRAFT_KEY, draftText } from '../src/state/persistence/draftFormat.ts';
import { editorText, expect, openCase, setEditorText, test, waitForEditors } from './fixtures.ts';

// Each test opens the app several times and waits out the watchdog: give a busy runner room.
test.beforeEach(() => test.slow());

const status = (page: Page) => page.getByTestId('status');
const saved = (page: Page) => page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
const LOOP = "import { z } from 'zod';\nwhile (true) {}\nexport default z.object({ id: z.string() });\n";
const DRAFT = '{ "id": "my draft", "total": 1, "lines": [] }';

/** Opens the app fresh, types the draft's answer and waits until it is saved. */
async function saveDraft(page: Page): Promise<void> {
  await page.goto('/');
  await waitForEditors(page);
  await setEditorText(page, 'answer', DRAFT);
  await expect.poll(() => saved(page)).not.toBeNull();
  await expect(status(page)).toContainText(/Evaluated in \d+ ms/);
}

/**
 * A saved draft (the default case with the draft's answer) in the app's own format (persistence/draftFormat.ts), put in
 * the origin's storage without loading the app: for a row about what a link does to a draft already there (typing and
 * saving one is the first row's, and autosave.spec's).
 */
async function seedDraft(page: Page): Promise<void> {
  const result = draftText({ case: { ...DEFAULT_CASE, answer: DRAFT }, held: null, previous: null }, createLinkEncoder());
  if (!result.ok) throw new Error(result.message);
  const written = new Map([[DRAFT_KEY, result.text]]);
  // An empty document of the app's origin, served by the test, not the app.
  await page.route('/seed-draft', (route) => route.fulfill({ contentType: 'text/html', body: '' }));
  await page.goto('/seed-draft');
  await page.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), [...written]);
  await page.unroute('/seed-draft');
}

/** A fresh document load (a goto that only changes the fragment would be a hashchange in the open app). */
async function freshOpen(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  await waitForEditors(page);
}

test('a link that times out leaves the saved draft alone (opened in the running app); it is held on its next open; the draft opens again without it', async ({ page }) => {
  await saveDraft(page);
  const draftSave = await saved(page);
  // Pasted into the open app (a hashchange): the sandbox is up, so the run meets the watchdog, not a slow first boot.
  const loopLink = encodePermalink({ ...DEFAULT_CASE, schema: LOOP });
  await page.goto(`/${loopLink}`);
  await expect(status(page)).toContainText('ran longer than', { timeout: 30_000 });
  await expect(page.getByTestId('draft-note')).toContainText('your saved draft is kept');
  expect(await saved(page)).toBe(draftSave);
  // The address bar holds the link, even when the draft's own pending link write landed between the navigation and
  // its hashchange event (the reload below once opened the draft instead: src/state/persistence/index.ts).
  expect(await page.evaluate(() => location.hash)).toBe(loopLink);

  await page.reload();
  await waitForEditors(page);
  await expect(status(page)).toHaveText('This case timed out last time, so it was not run again.');
  await expect(page.getByRole('button', { name: 'Run it' })).toBeVisible();

  await page.getByRole('button', { name: 'Restore previous draft' }).click();
  await expect.poll(() => editorText(page, 'answer')).toBe(DRAFT);

  // A plain open: the draft, not held (the link's hold is its own).
  await freshOpen(page, '/');
  await expect.poll(() => editorText(page, 'answer')).toBe(DRAFT);
  await expect(status(page)).not.toHaveText(/last time/);
  await expect(page.getByRole('button', { name: 'Run it' })).toHaveCount(0);
});

test('editing a case opened from a link saves it, and the previous draft stays reachable', async ({ page }) => {
  await seedDraft(page);
  await freshOpen(page, '/#example/loose-object-keeps');
  await waitForEditors(page);
  await expect(page.getByTestId('draft-note')).toBeVisible();
  const edited = '{ "edited": "from the link" }';
  await setEditorText(page, 'answer', edited);
  // The save waits for the run in flight to land, which a busy runner makes slow.
  await expect.poll(() => saved(page), { timeout: 60_000 }).toContain('"previous":"#v1.');

  await freshOpen(page, '/');
  await expect.poll(() => editorText(page, 'answer')).toBe(edited);
  await expect(page.getByTestId('draft-note')).toContainText('Your previous draft is kept.');
  await page.getByRole('button', { name: 'Restore previous draft' }).click();
  await expect.poll(() => editorText(page, 'answer')).toBe(DRAFT);
  // Nothing is lost: the case it replaced is now the one offered back.
  await page.getByRole('button', { name: 'Restore previous draft' }).click();
  await expect.poll(() => editorText(page, 'answer')).toBe(edited);
});

test('a pane that throws shows a card, the rest keeps working, and the case is held with "Run it" on the next open', async ({ page }) => {
  await page.goto('/');
  await waitForEditors(page);
  await setEditorText(page, 'answer', DRAFT);
  await expect(status(page)).toContainText(/Evaluated in \d+ ms/);
  await expect.poll(() => saved(page)).not.toBeNull();
  // What a worker whose built-ins were swapped could send past a page that does not check: an object where the
  // verdict's message (a string) belongs. React cannot render it.
  await page.evaluate(() => {
    const { store } = window.__playground!;
    const { report, converter, client } = store.getState();
    const bad = structuredClone(report!);
    const verdict = bad.converters[converter]!.policies.raw!.verdicts[client];
    (verdict as { message: unknown }).message = { not: 'a string' };
    store.setState({ report: bad });
  });
  // Whatever the pane trips on first (React refusing the object, or the clipping reading it as text), the card names it.
  await expect(page.locator('[data-pane="verdict"]')).toContainText(/This pane failed: \S+/);
  await expect(page.locator('[data-pane="listed"]')).not.toContainText('failed');
  await expect(page.locator('[data-pane="listed"] .pane-body')).toContainText('"type"');
  expect(await editorText(page, 'answer')).toBe(DRAFT);
  await expect.poll(() => saved(page)).toContain('"held":"crash"');

  await page.reload();
  await expect(status(page)).toHaveText('This case crashed the page last time, so it was not run again.');
  await expect.poll(() => editorText(page, 'answer')).toBe(DRAFT);
  await page.getByRole('button', { name: 'Run it' }).click();
  await expect(status(page)).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator('[data-pane="verdict"]')).not.toContainText('failed');
  await expect.poll(() => saved(page)).not.toContain('"held"');
});

test.describe('in the open app', () => {
  // Reads no storage: a user's edits in the app already open.
  test.use({ reuse: true });

  test('after the watchdog, the previous error is marked as belonging to an earlier version of the schema', async ({ page }) => {
    await openCase(page, {});
    await waitForEditors(page);
    await setEditorText(page, 'schema', "import { z } from 'zod';\nexport default z.object({ id: z.string( });\n");
    const problems = page.getByTestId('problems');
    await expect(problems).toContainText('The schema did not load');
    await expect.poll(() => page.evaluate(() => window.__playground!.markers('schema').length)).toBe(1);
    await expect(problems).not.toContainText('Earlier version');

    await setEditorText(page, 'schema', LOOP);
    await expect(status(page)).toContainText('ran longer than', { timeout: 30_000 });
    await expect(problems).toContainText('Earlier version:');
    await expect(page.getByTestId('earlier-note')).toHaveText('From an earlier version of the case: the latest run did not finish.');
    await expect.poll(() => page.evaluate(() => window.__playground!.markers('schema').length)).toBe(0);
  });
});
