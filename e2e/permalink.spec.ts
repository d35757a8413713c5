/** Permalinks end to end: a link restores its case, a bad link says why and opens a fresh case, edits reach the URL, Share copies it. */
import type { Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { editorText, expect, openCase, setEditorText, test, waitForEditors } from './fixtures.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const CASE = {
  role: 'output',
  tool: 'lookup_ünïcode',
  schema: "import { z } from 'zod';\n\n// 𝄞 astral and ✓ BMP characters survive the link\nexport default z.object({ name: z.string() });\n",
  answer: '{"name":"Zoë 𝄞","extra":true}',
  converter: 'wire-truthful',
  client: 'sdk-v2-browser',
} satisfies Case;

/** The case the page's URL holds right now. */
async function caseInUrl(page: Page): Promise<Case | string> {
  const decoded = decodePermalink(new URL(page.url()).hash);
  return decoded.ok ? decoded.state : decoded.error;
}

test('a link restores the whole case: editors, role, tool, converter and client', async ({ page }) => {
  await openCase(page, CASE);
  await expect.poll(() => editorText(page, 'schema')).toBe(CASE.schema);
  expect(await editorText(page, 'answer')).toBe(CASE.answer);
  await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue(CASE.tool);
  await expect(page.getByRole('combobox', { name: 'Converter' })).toHaveValue('wire-truthful');
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('sdk-v2-browser');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('PASS');
});

test.describe('a link that cannot be opened shows why, and a fresh case', () => {
  // Each decoder error's sentence is a Node test (test/permalink.test.ts, "links that cannot be opened say why"); here,
  // one of them on the page, with the fresh case beneath it.
  const LINKS: Array<[string, string, RegExp]> = [['damaged', '#v1.abc$$$', /damaged/]];
  for (const [what, hash, message] of LINKS) {
    test(what, async ({ page }) => {
      await page.goto(`/${hash}`);
      const banner = page.getByTestId('banner');
      await expect(banner).toContainText(message);
      await expect(banner).toContainText('A fresh case was opened instead.');
      await expect.poll(() => editorText(page, 'answer')).toBe(DEFAULT_CASE.answer);
      await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('FAIL');
      await banner.getByRole('button', { name: 'Dismiss this message' }).click();
      await expect(banner).toHaveCount(0);
    });
  }
});

test('the URL follows edits (replaceState, no new history entries) and a reload restores them', async ({ page }) => {
  await openCase(page, CASE);
  await waitForEditors(page);
  const entries = await page.evaluate(() => history.length);
  await setEditorText(page, 'answer', '{"name":"edited"}');
  await page.getByRole('combobox', { name: 'Client' }).selectOption('sdk-v1');
  await expect.poll(() => caseInUrl(page)).toEqual({ ...CASE, answer: '{"name":"edited"}', client: 'sdk-v1' });
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.reload();
  await expect.poll(() => editorText(page, 'answer')).toBe('{"name":"edited"}');
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('sdk-v1');
});

test('Share and Ctrl/Cmd+S copy the link to the current case', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCase(page, CASE);
  await waitForEditors(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(decodePermalink(new URL(copied).hash)).toEqual({ ok: true, state: CASE });

  await setEditorText(page, 'schema', "import { z } from 'zod';\nexport default z.object({ name: z.string(), extra: z.boolean() });\n");
  await page.locator('[data-editor="schema"] .monaco-editor textarea').focus();
  await page.keyboard.press('ControlOrMeta+S');
  await expect.poll(async () => decodePermalink(new URL(await page.evaluate(() => navigator.clipboard.readText())).hash)).toMatchObject({
    ok: true,
    state: { schema: expect.stringContaining('extra: z.boolean()') },
  });
});

test('a link pasted into the address bar of the open app opens its case', async ({ page }) => {
  await openCase(page, CASE);
  await waitForEditors(page);
  // Line breaks after a one-line answer: the project's device reports Windows, where Monaco gave that answer's model CRLF
  // line endings and rewrote the new text's line breaks to them (the case then differed from its link).
  const other: Case = { ...CASE, answer: '{\n  "name": "other"\n}', converter: 'zod' };
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.goto(`/${encodePermalink(other)}`);
  await expect.poll(() => editorText(page, 'answer')).toBe(other.answer);
  await expect(page.getByRole('combobox', { name: 'Converter' })).toHaveValue('zod');
  await expect.poll(() => caseInUrl(page)).toEqual(other);
  expect(await page.evaluate(() => 'sameDocument' in window), 'a fragment change, not a reload').toBe(true);
});
