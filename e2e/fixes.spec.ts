/**
 * Fixes end to end: on the Copilot example the verdict pane offers a schema edit only after the sandbox checked it;
 * Apply flips the verdict to PASS through the normal live run, and Ctrl/Cmd+Z in the schema editor restores the source.
 */
import { EXAMPLES } from '../src/examples/index.ts';
import { editorText, expect, openLink, test, waitForEditors } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const copilot = EXAMPLES.find((e) => e.id === 'copilot-extra-key')!;

test('a checked fix applied flips the verdict, and Ctrl+Z restores the source', async ({ page }) => {
  // Side runs check each fix, then the applied and the undone schema each run in a fresh realm: room for a busy runner.
  test.slow();
  // Opened in the open app after the row before it (bounded-text's case), Ctrl+Z must undo the fix alone: before each
  // replacement was an undo step of its own, Monaco merged the opening of the example with the fix, and Ctrl+Z went
  // back to the previous row's schema.
  await openLink(page, '#example/copilot-extra-key');
  const raw = page.locator('[data-pane="verdict"] [data-policy="raw"] > .badge');
  await expect(raw).toHaveText('FAIL');
  await page.getByRole('button', { name: 'Suggest fixes' }).click();
  // Focus stays in the section (the button is gone), then goes to the schema editor on Apply: never to <body>.
  await expect(page.getByRole('heading', { name: /^Fixes for the SDK v1 client/ })).toBeFocused();
  const fix = page.getByTestId('fix').and(page.locator('[data-kind="loosen-object"]'));
  await expect(fix).toContainText('PASS, checked');
  await fix.locator('summary').click();
  await expect(fix.getByLabel('Schema source before and after')).toContainText('+   lines: z.array(z.looseObject({ sku: z.string(), qty: z.number().int() })),');
  await waitForEditors(page);
  await fix.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => editorText(page, 'schema')).toBe(copilot.case.schema.replaceAll('z.object(', 'z.looseObject('));
  await expect(raw).toHaveText('PASS');
  // No click into the editor: Apply left the focus there, at the edit.
  expect(await page.evaluate(() => document.activeElement?.closest('[data-editor]')?.getAttribute('data-editor'))).toBe('schema');
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editorText(page, 'schema')).toBe(copilot.case.schema);
  await expect(raw).toHaveText('FAIL');
});

test('a passing verdict offers no fixes', async ({ page }) => {
  await openLink(page, '#example/copilot-extra-key');
  await page.getByRole('combobox', { name: 'Converter' }).selectOption('wire-truthful');
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"] > .badge')).toHaveText('PASS');
  await expect(page.getByTestId('fixes')).toHaveCount(0);
});
