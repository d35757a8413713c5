/**
 * The page checks what the sandbox sends back: a schema that swaps a worker built-in so its report is malformed gets
 * "the sandbox returned a malformed report" with the field, and the page stays up (it used to go blank).
 */
import { expect, openCase, test } from './fixtures.ts';

/** Schema code that rewrites the real SDK runs' results as they pass through Promise.all: callError becomes an object. */
const FORGING_SCHEMA = `import { z } from 'zod';
const all = Promise.all.bind(Promise);
Promise.all = ((xs: any) => all(xs).then((rows: any[]) => rows.map((r) => (r && typeof r === 'object' && 'callError' in r ? { ...r, callError: { forged: true } } : r)))) as any;
export default z.object({ a: z.string() });
`;

test('a report with an object where a string belongs is refused with its field named, and the page stays up', async ({ page }) => {
  // A cold worker on a loaded 2-core runner: the first run alone can take most of the default minute.
  test.setTimeout(180_000);
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) cspViolations.push(m.text());
  });
  await openCase(page, { schema: FORGING_SCHEMA, answer: '{"a":"x"}' });
  // The first run pays for a cold engine: on a loaded runner that can take longer than the default wait.
  await expect(page.getByTestId('status')).toContainText('The sandbox returned a malformed report: realSdk.v1.callError', { timeout: 90_000 });
  // The app is still there and still works: its panes explain why they show nothing, and the header's buttons answer.
  await expect(page.locator('[data-pane="verdict"]')).toContainText('the run did not finish');
  await expect(page.getByRole('button', { name: /share/i })).toBeVisible();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(cspViolations, 'the page checks reports without eval (zod jitless under the app CSP)').toEqual([]);
});
