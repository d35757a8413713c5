/** Giant messages do not freeze the page: the panes show a message's first characters, say how many more, and show or copy the whole on request. */
import { expect, openCase, test } from './fixtures.ts';

// Each row opens its case in the app already open, as a user following links does: the page loads once for the file.
test.use({ reuse: true });

const LONG = `Too long: ${'x'.repeat(20_000)}`;
/** A refinement that always fails with a 20,010-character message: the server's refusal quotes it. */
const SCHEMA = `import { z } from 'zod';
export default z.object({ a: z.string().refine(() => false, { message: ${JSON.stringify(LONG)} }) });
`;

test('a 20,000-character refusal: the engine caps it, the pane clips it with "more characters", and Show all brings all the report holds', async ({ page }) => {
  // A cold worker on a loaded 2-core runner: the first run alone can take most of the default minute.
  test.setTimeout(180_000);
  await openCase(page, { schema: SCHEMA, answer: '{"a":"x"}' });
  // The first run pays for a cold engine: on a loaded runner that can take longer than the default wait.
  await expect(page.getByTestId('status')).toContainText('Evaluated', { timeout: 90_000 });
  const refusal = page.locator('[data-pane="undeclared"] .policy-row .said').filter({ hasText: 'refused:' }).first();
  await expect(refusal.getByTestId('clip-more')).toContainText('more characters');
  await expect(refusal.getByRole('button', { name: 'Copy all' })).toBeVisible();
  expect((await refusal.textContent())?.length ?? 0).toBeLessThan(2500);
  await refusal.getByRole('button', { name: 'Show all' }).click();
  await expect(refusal.getByTestId('clip-more')).toHaveCount(0);
  // The engine capped the refusal at MAX_MESSAGE_CHARS (src/engine/caps.ts): all the report holds ends with its mark.
  await expect(refusal).toContainText(/x … and \d+ more characters$/);
});
