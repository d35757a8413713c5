/**
 * The examples gallery end to end: every example opens through its `#example/<id>` link with its explanation and
 * shows each verdict its explanation promises; the Examples menu opens them too; an unknown id says so.
 */
import type { Locator, Page } from '@playwright/test';
import { EXAMPLES, type Promise_ } from '../src/examples/index.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { exampleCase } from '../src/examples/links.ts';
import { editorText, expect, test } from './fixtures.ts';

const row = (page: Page, pane: string, policy: string): Locator => page.locator(`[data-pane="${pane}"] [data-policy="${policy}"]`);

/** A row's text plus its tooltips (a message repeated from an earlier row is shown as "the same as …", in full on hover). */
async function said(locator: Locator): Promise<string> {
  const titles = await locator.locator('[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  return `${await locator.textContent()} ${titles.join(' ')}`;
}

async function pick(page: Page, converter: string, client: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Converter' }).selectOption(converter);
  await page.getByRole('combobox', { name: 'Client' }).selectOption(client);
}

/** Checks one promise: the client's own badge in the verdict pane, and its message (FAIL) or the refusal (nothing shipped). */
async function checkPromise(page: Page, p: Promise_): Promise<void> {
  await pick(page, p.converter, p.client);
  const verdictRow = row(page, 'verdict', p.policy);
  const badge = verdictRow.locator(':scope > .badge');
  await expect(badge).toHaveText(p.valid === true ? 'PASS' : p.valid === false ? 'FAIL' : 'not validated');
  if (p.says === undefined) return;
  const where = p.valid === null ? row(page, 'undeclared', p.policy) : verdictRow;
  await expect.poll(() => said(where)).toContain(p.says);
}

for (const example of EXAMPLES) {
  test(`#example/${example.id}: ${example.title}`, async ({ page }) => {
    await page.goto(`/#example/${example.id}`);
    await expect(page.getByTestId('example-strip')).toContainText(example.title);
    await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
    await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue(exampleCase(example).tool);
    if (example.listError) {
      await pick(page, example.listError.converter, example.case.client);
      await expect(page.locator('[data-pane="listed"]')).toContainText(example.listError.says);
    }
    // The example's own converter and client first (what the reader sees on opening it), then the others.
    const own = (p: Promise_) => p.converter === example.case.converter && p.client === example.case.client;
    for (const p of [...example.promises.filter(own), ...example.promises.filter((p) => !own(p))]) await checkPromise(page, p);
  });
}

test('the Examples menu lists every example with its explanation; choosing one opens it, and editing hides the strip', async ({ page }) => {
  await page.goto('/');
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

test('an unknown example id: the bad-link banner and a fresh case', async ({ page }) => {
  await page.goto('/#example/no-such-example');
  await expect(page.getByTestId('banner')).toContainText('This link names an example ("no-such-example") this playground does not have. A fresh case was opened instead.');
  await expect.poll(() => editorText(page, 'answer')).toBe(DEFAULT_CASE.answer);
  await expect(page.getByTestId('example-strip')).toHaveCount(0);
});
