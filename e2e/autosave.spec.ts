/**
 * Autosave end to end: typed text survives a reload and a fresh visit; a case that timed out comes back without
 * running until asked; Reset offers Undo.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { editorText, expect, openLink, setEditorText, test, waitForEditors } from './fixtures.ts';

const status = (page: Page) => page.getByTestId('status');
const saved = (page: Page) => page.evaluate(() => localStorage.getItem('mcp-schema-playground:autosave:v1'));

test('typed text is restored after a reload, and on a fresh visit without a link', async ({ page }) => {
  // Three cold page loads, each booting the sandbox (a first-verdict worker, then the full one): minutes on a busy runner.
  test.setTimeout(150_000);
  await page.goto('/');
  await waitForEditors(page);
  const answer = '{ "id": "typed before the reload", "total": 1, "lines": [] ';
  await page.getByRole('textbox', { name: 'Sample answer (JSON)' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(answer);
  // What the editor holds (its auto-closing brackets included) is what must come back.
  await expect.poll(() => editorText(page, 'answer')).toContain('typed before the reload');
  const typed = await editorText(page, 'answer');
  await expect.poll(() => saved(page)).toContain('"link":"#v1.');
  await page.reload();
  await expect.poll(() => editorText(page, 'answer')).toBe(typed);
  // No fragment at all: the text comes from storage alone.
  await page.goto('about:blank');
  await page.goto('/');
  await expect.poll(() => editorText(page, 'answer')).toBe(typed);
  await expect(status(page)).toContainText(/Evaluated in \d+ ms/);
});

test('a case that timed out is restored without running; Run it runs it (and it times out again)', async ({ page }) => {
  // Two cold page loads and two runs to their timeout.
  test.setTimeout(150_000);
  await page.goto('/');
  await waitForEditors(page);
  const schema = "import { z } from 'zod';\nwhile (true) {}\nexport default z.object({ id: z.string() });\n";
  await setEditorText(page, 'schema', schema);
  await expect(status(page)).toContainText('ran longer than', { timeout: 30_000 });
  await expect.poll(() => saved(page)).toContain('"held":"timeout"');

  await page.reload();
  await expect(status(page)).toHaveText('This case timed out last time, so it was not run again.');
  await expect.poll(() => editorText(page, 'schema')).toBe(schema);
  await expect(page.locator('[data-pane="verdict"]')).toContainText('Not run yet: see the message above.');
  expect(await page.evaluate(() => window.__playground!.store.getState().run.kind)).toBe('held');

  await page.getByRole('button', { name: 'Run it' }).click();
  await expect(status(page)).toContainText('ran longer than', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Run it' })).toHaveCount(0);
});

test.describe('in the open app', () => {
  // A user's click in the app already open; the row reads no storage.
  test.use({ reuse: true });

  test('Reset opens the default case and Undo brings the previous one back', async ({ page }) => {
    await openLink(page, '#example/loose-object-keeps');
    await waitForEditors(page);
    const before = await editorText(page, 'schema');
    await page.getByRole('button', { name: 'Examples' }).click();
    await page.getByRole('menuitem', { name: 'Reset to the default case' }).click();
    await expect.poll(() => editorText(page, 'schema')).toBe(DEFAULT_CASE.schema);
    await expect(page.getByRole('status').filter({ hasText: 'The case was reset.' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(page, 'schema')).toBe(before);
    await expect(page.getByRole('combobox', { name: 'Converter' })).toHaveValue('mcp-sdk-v1');
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  });
});
