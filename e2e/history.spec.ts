/**
 * History and links end to end: picking an example in the app pushes a history entry (Back returns to the case before
 * it), and the address bar keeps `#example/<id>` until the example is edited.
 */
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleLink } from '../src/examples/links.ts';
import { editorText, expect, openCase, setEditorText, test } from './fixtures.ts';

test('Back after picking an example returns to the case before it; the example keeps its short link until edited', async ({ page }) => {
  await openCase(page, { answer: '{ "id": "mine" }' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  const before = page.url();
  const example = EXAMPLES[2]!;
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: example.title }).click();
  await expect.poll(() => editorText(page, 'schema')).toBe(example.case.schema);
  await expect(page).toHaveURL(new RegExp(`${exampleLink(example.id)}$`));
  // Still the example's link once the throttled write had its chance.
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(new RegExp(`${exampleLink(example.id)}$`));
  await page.goBack();
  await expect.poll(() => editorText(page, 'answer')).toBe('{ "id": "mine" }');
  expect(page.url()).toBe(before);
  // Forward to the example, then an edit: the address bar takes the edited case's link.
  await page.goForward();
  await expect.poll(() => editorText(page, 'schema')).toBe(example.case.schema);
  await setEditorText(page, 'answer', '{ "edited": true }');
  await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/#v1\./);
});
