/**
 * The page checks what the sandbox sends back: a sandbox whose engine is compromised so its report is malformed gets
 * "the sandbox returned a malformed report" with the field, and the page stays up (it used to go blank).
 * Schema code can no longer do this itself (its realm's built-ins are frozen before it runs: e2e/forgery.spec.ts), so
 * the engine worker's script is served with a patch in front of it, as a broken or tampered build would be.
 */
import { expect, openCase, test } from './fixtures.ts';

/** Rewrites the real SDK runs' results as they pass through Promise.all: callError becomes an object. */
const ENGINE_PATCH = `{ const all = Promise.all.bind(Promise);
Promise.all = (xs) => all(xs).then((rows) => rows.map((r) => (r && typeof r === 'object' && 'callError' in r ? { ...r, callError: { forged: true } } : r))); }
`;

test('a report with an object where a string belongs is refused with its field named, and the page stays up', async ({ page }) => {
  // A cold worker on a loaded 2-core runner: the first run alone can take most of the default minute.
  test.setTimeout(180_000);
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.route(/\/assets\/engine-worker-[\w-]+\.js$/, async (route) => {
    const original = await route.fetch();
    await route.fulfill({ response: original, body: ENGINE_PATCH + (await original.text()) });
  });
  await openCase(page, { schema: "import { z } from 'zod';\nexport default z.object({ a: z.string() });\n", answer: '{"a":"x"}' });
  // The first run pays for a cold engine: on a loaded runner that can take longer than the default wait.
  await expect(page.getByTestId('status')).toContainText('The sandbox returned a malformed report: realSdk.v1.callError', { timeout: 90_000 });
  // The app is still there and still works: its panes explain why they show nothing, and the header's buttons answer.
  await expect(page.locator('[data-pane="verdict"]')).toContainText('the run did not finish');
  await expect(page.getByRole('button', { name: /share/i })).toBeVisible();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(cspViolations, 'the page checks reports without eval (zod jitless under the app CSP)').toEqual([]);
});
