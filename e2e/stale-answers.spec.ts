/**
 * The screen shows this case's answers only: a Sample answer panel asked for one case is gone once the case changes
 * (another example, role, zod version, or an import), and its Load, clicked in the same moment as the change (before
 * the app re-rendered), puts nothing into the new case. Each row opens its case through a permalink.
 */
import type { Page } from '@playwright/test';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase } from '../src/examples/links.ts';
import { editorText, expect, openCase, openLink, test, waitForEditors } from './fixtures.ts';

test.use({ reuse: true });

const SCHEMA = 'import { z } from "zod";\nexport default z.object({ id: z.string(), n: z.number().int().min(3) });\n';
const OTHER_EXAMPLE = EXAMPLES.find((e) => e.id === 'copilot-extra-key');
if (!OTHER_EXAMPLE) throw new Error('the gallery has no copilot-extra-key example');

/** The changes of case a panel must not survive, each made as the app's own control makes it (the store action it calls). */
const CHANGES = [
  { path: 'example', change: { kind: 'load', case: exampleCase(OTHER_EXAMPLE), example: OTHER_EXAMPLE.id } },
  { path: 'role', change: { kind: 'field', key: 'role', value: 'input' } },
  { path: 'version', change: { kind: 'versions', versions: { zod: '4.3.6' } } },
  // What Import… does with a pasted JSON Schema: the case takes the imported listing as its schema.
  { path: 'import', change: { kind: 'load', case: { role: 'output', tool: 'imported_tool', schema: 'export const listing = { "type": "object" };\n', answer: '{}', converter: 'mcp-sdk-v1', client: 'sdk-v1' }, example: null } },
] as const;

type Change = (typeof CHANGES)[number]['change'];

/** Makes the change and, in the same task (before React re-renders), clicks the old panel's Load; returns the new case's answer. */
async function changeThenClickLoad(page: Page, change: Change): Promise<string> {
  return page.evaluate((c: Change) => {
    const hook = window.__playground!;
    const load = document.querySelector<HTMLButtonElement>('[data-testid="generated"] [data-kind] button');
    if (!load) throw new Error('no Load button on screen');
    const s = hook.store.getState();
    if (c.kind === 'load') s.loadCase({ v: 1, ...c.case } as never, c.example);
    else if (c.kind === 'field') s.setField(c.key, c.value);
    else s.setVersions(c.versions);
    // The store's: the editors take the new case's text on the next render.
    const after = hook.store.getState().answer;
    load.click();
    return after;
  }, change);
}

for (const { path, change } of CHANGES) {
  test(`a Sample answer panel is gone after a change of ${path}, and its Load puts nothing into the new case`, async ({ page }) => {
    test.slow();
    await openCase(page, { schema: SCHEMA, answer: '{}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    await waitForEditors(page);
    await page.getByRole('button', { name: 'Sample answer' }).click();
    const generated = page.getByTestId('generated');
    await expect(generated.locator('[data-kind="sample"]').getByRole('button', { name: 'Load' })).toBeVisible();
    const sample = await generated.locator('pre').first().textContent();
    const answerAfterChange = await changeThenClickLoad(page, change);
    await expect(generated).toHaveCount(0);
    // Load acted on nothing: the new case's answer is as the change left it, not the old case's sample.
    expect(await editorText(page, 'answer')).toBe(answerAfterChange);
    expect(answerAfterChange).not.toBe(sample);
  });
}

test('a fix proposed for one case is gone after the role changes, and its Apply edits nothing', async ({ page }) => {
  test.slow();
  await openLink(page, '#example/copilot-extra-key');
  await waitForEditors(page);
  await page.getByRole('button', { name: 'Suggest fixes' }).click();
  const apply = page.getByTestId('fix').getByRole('button', { name: 'Apply' }).first();
  await expect(apply).toBeVisible();
  const schemaAfter = await page.evaluate(() => {
    const hook = window.__playground!;
    const button = document.querySelector<HTMLButtonElement>('[data-testid="fix"] .fix-apply');
    if (!button) throw new Error('no Apply button on screen');
    hook.store.getState().setField('role', 'input');
    button.click();
    return hook.store.getState().schema;
  });
  await expect(page.getByTestId('fix')).toHaveCount(0);
  expect(await editorText(page, 'schema')).toBe(schemaAfter);
  expect(schemaAfter).not.toContain('z.looseObject(');
});

test('the compare grid marks itself as the earlier case’s once the case changes', async ({ page }) => {
  test.slow();
  await openCase(page, {});
  await page.getByRole('button', { name: 'Compare versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare versions' });
  await expect(dialog.getByTestId('compare-table')).toHaveAttribute('data-stale', 'false');
  await page.evaluate(() => window.__playground!.store.getState().setField('answer', '{ "id": "other" }'));
  await expect(dialog.getByTestId('compare-status')).toContainText('The case changed: these cells are the earlier case’s');
  await expect(dialog.getByTestId('compare-table')).toHaveAttribute('data-stale', 'true');
  await expect(dialog.getByRole('button', { name: 'Compare again' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
});
