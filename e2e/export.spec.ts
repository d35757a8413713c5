/** The Export menu and the keyboard: what each export copies or downloads, Ctrl/Cmd+Enter re-runs, verdicts announced. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { editorText, expect, openCase, test, waitForEditors } from './fixtures.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function exportItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Export' }).click();
  return page.getByRole('menuitem', { name });
}

test('Export: the link, a Markdown report, the case as JSON and Vitest tests for both SDKs', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCase(page, DEFAULT_CASE);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);

  await (await exportItem(page, 'Copy link')).click();
  await expect.poll(async () => decodePermalink(new URL(await clipboard(page)).hash)).toEqual({ ok: true, state: DEFAULT_CASE });

  await (await exportItem(page, 'Copy Markdown bug report')).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bug report copied' })).toBeVisible();
  const markdown = await clipboard(page);
  expect(markdown).toContain('# `get_invoice`: sdk-v1 rejects');
  expect(markdown).toContain(encodePermalink(DEFAULT_CASE));
  expect(markdown).toContain('## Versions');

  const [download] = await Promise.all([page.waitForEvent('download'), (await exportItem(page, 'Download case JSON')).click()]);
  expect(download.suggestedFilename()).toBe('get_invoice.case.json');
  const { role, tool, schema, answer } = DEFAULT_CASE;
  expect(JSON.parse(readFileSync((await download.path())!, 'utf8'))).toEqual({ v: 1, role, tool, schema, answer });

  // The test to keep in CI for each SDK, then today's outcome pinned.
  for (const [sdk, pkg] of [['v1', '@modelcontextprotocol/sdk'], ['v2', '@modelcontextprotocol/server']] as const) {
    await (await exportItem(page, `Copy Vitest test: the client accepts this answer (SDK ${sdk})`)).click();
    await expect.poll(() => clipboard(page)).toContain(`from '${pkg}`);
    expect(await clipboard(page)).toMatch(/from ['"]vitest['"]/);
    expect(await clipboard(page)).toContain(`test("SDK ${sdk}: the strict client accepts this answer"`);
  }
  await (await exportItem(page, 'Copy Vitest test: pin current behaviour (SDK v1)')).click();
  await expect.poll(() => clipboard(page)).toContain('rejects.toThrow(');
});


test('verdicts are announced politely as one sentence; Ctrl/Cmd+Enter re-runs without touching the editor', async ({ page }) => {
  await openCase(page, DEFAULT_CASE);
  await waitForEditors(page);
  const summary = page.getByTestId('verdict-summary');
  await expect(summary).toHaveAttribute('aria-live', 'polite');
  await expect(summary).toHaveText('SDK v1 client, SDK v1 listing: raw FAIL, strip PASS, warn PASS, keep PASS, fail not validated.');
  await page.evaluate(() => {
    const w = window as unknown as { runs: string[] };
    w.runs = [];
    // Kinds, not objects: a first report (progressive evaluation) updates the run while it is still evaluating.
    window.__playground!.store.subscribe((s, p) => s.run.kind !== p.run.kind && w.runs.push(s.run.kind));
  });
  await page.getByRole('textbox', { name: 'Sample answer (JSON)' }).focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { runs: string[] }).runs)).toEqual(['evaluating', 'done']);
  expect(await editorText(page, 'answer')).toBe(DEFAULT_CASE.answer);
});

test('a link whose tool name holds U+2028: the field shows the refusal and the SDK warning; the Vitest export is refused with that reason', async ({ page }) => {
  await openCase(page, { ...DEFAULT_CASE, tool: 'get\u2028process.exit(1)//' });
  const note = page.getByTestId('tool-note');
  await expect(note).toContainText('The tool name holds U+2028 (line separator)');
  await expect(note).toContainText('@modelcontextprotocol/sdk warns: Tool name contains invalid characters: "\\u2028", "(", ")"');
  await expect(page.getByRole('textbox', { name: 'Tool', exact: true })).toHaveAttribute('aria-invalid', 'true');
  for (const sdk of ['v1', 'v2']) {
    const item = await exportItem(page, `Copy Vitest test: the client accepts this answer (SDK ${sdk})`);
    await expect(item).toBeDisabled();
    await expect(item).toHaveAttribute('title', /U\+2028 \(line separator\)/);
    await page.keyboard.press('Escape');
  }
});

test('a tool name the SDK only warns about: the field quotes the warning and the export escapes the name', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCase(page, { ...DEFAULT_CASE, tool: 'get invoice*/`${x}' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.getByTestId('tool-note')).toHaveText(/^@modelcontextprotocol\/sdk warns: Tool name contains spaces, which may cause parsing issues/);
  await (await exportItem(page, 'Copy Vitest test: pin current behaviour (SDK v1)')).click();
  await expect.poll(() => clipboard(page)).toContain('const TOOL = "get invoice*/`${x}";');
  expect((await clipboard(page)).split('\n')[0]).toBe('// Reproduces what @modelcontextprotocol/sdk 1.32.2 did with the tool named in TOOL below, as MCP Schema Playground ran it.');
  await (await exportItem(page, 'Copy Markdown bug report')).click();
  await expect.poll(() => clipboard(page)).toMatch(/^# ``get invoice\*\/`\$\{x\}``: /);
  expect(await clipboard(page)).toContain('## Tool name\n\n`@modelcontextprotocol/sdk` warns when it registers this name:\n\n```text\nTool name contains spaces');
});

test.describe('rows that load the app themselves', () => {
  // The Export menu is read while the page's first run is still in flight.
  test.use({ reuse: false });

  test('the report-based exports wait for the run to finish', async ({ page }) => {
    await openCase(page, { ...DEFAULT_CASE, schema: "import { z } from 'zod';\nwhile (true) {}\nexport default z.object({});\n" });
    await expect(page.getByTestId('status')).toContainText('ran longer than', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy Markdown bug report' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Copy Vitest test: the client accepts this answer (SDK v1)' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Download case JSON' })).toBeEnabled();
  });
});
