/**
 * The examples gallery end to end: an example opens through its `#example/<id>` link with its explanation and shows
 * each verdict its explanation promises; the Examples menu opens them too; an unknown id says so. One example is
 * opened here; every example's verdicts are read off the app's panes in test/panes-cases.test.ts.
 */
import type { ExpectedVerdict } from '../src/examples/case-format.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { DEFAULT_STORY } from '../src/examples/default-story.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { exampleCase } from '../src/examples/links.ts';
import { checkListError, checkVerdict, editorText, expect, openCase, openLink, test } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

// The first example: five verdicts over three converters, so the pickers are driven too.
for (const example of EXAMPLES.slice(0, 1)) {
  test(`#example/${example.id}: ${example.title}`, async ({ page }) => {
    await openLink(page, `#example/${example.id}`);
    await expect(page.getByTestId('example-strip')).toContainText(example.title);
    await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
    await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue(exampleCase(example).tool);
    for (const l of example.expect.listErrors ?? []) await checkListError(page, l, example.case.client);
    // The example's own converter and client first (what the reader sees on opening it), then the others.
    const verdicts = example.expect.verdicts ?? [];
    const own = (p: ExpectedVerdict) => p.converter === example.case.converter && p.client === example.case.client;
    for (const p of [...verdicts.filter(own), ...verdicts.filter((p) => !own(p))]) await checkVerdict(page, p);
  });
}

test('the Examples menu lists every example with its explanation; choosing one opens it, and editing hides the strip', async ({ page }) => {
  await openCase(page, {});
  const button = page.getByRole('button', { name: 'Examples' });
  await button.click();
  const menu = page.getByRole('menu');
  // Every example, then Reset.
  await expect(menu.getByRole('menuitem')).toHaveCount(EXAMPLES.length + 1);
  const example = EXAMPLES[2]!;
  const item = menu.getByRole('menuitem', { name: example.title });
  await expect(item).toHaveAccessibleDescription(example.explanation);
  await item.click();
  await expect(menu).toHaveCount(0);
  await expect.poll(() => editorText(page, 'schema')).toBe(example.case.schema);
  const strip = page.getByTestId('example-strip');
  await expect(strip).toContainText(example.explanation);
  await page.getByRole('combobox', { name: 'Client' }).selectOption('sdk-v2-browser');
  await expect(strip).toHaveCount(0);

  // Keyboard: arrows move through the items, Escape closes and gives focus back to the button.
  await button.click();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});

test.describe('rows that load the app themselves', () => {
  // What the app shows when it loads a bad link (the open app keeps its case instead: bad-input.spec.ts).
  test.use({ reuse: false });

  test('an unknown example id: the bad-link banner and a fresh case', async ({ page }) => {
    await openLink(page, '#example/no-such-example');
    await expect(page.getByTestId('banner')).toContainText('This link names an example ("no-such-example") this playground does not have. A fresh case was opened instead.');
    await expect.poll(() => editorText(page, 'answer')).toBe(DEFAULT_CASE.answer);
    // No example's explanation: the default case's own story.
    await expect(page.getByTestId('example-strip')).toContainText(DEFAULT_STORY.title);
  });
});
