/**
 * zod's rarely used parts in the browser (src/engine/zod-parts): locales, compile and fromJSONSchema are engine chunks
 * the app fetches only for a schema that names them; the default case fetches none.
 */
import { expect, openCase, test } from './fixtures.ts';

const PART_CHUNK = /\/engine-zod-(locales|compile|from-json-schema)-[\w-]+\.js$/;

/** Records the zod part chunks the page fetches, by part. */
function partRequests(page: import('@playwright/test').Page): string[] {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = PART_CHUNK.exec(new URL(r.url()).pathname);
    if (m?.[1]) fetched.push(m[1]);
  });
  return fetched;
}

test('the default case fetches no zod part chunk, for its first verdict or its full report', async ({ page }) => {
  const fetched = partRequests(page);
  await openCase(page, {});
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  // The full report's real v2 run is on screen: every engine part the case needed was fetched by then.
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText('tools/call');
  expect(fetched).toEqual([]);
});

test('z.config(z.locales.fr()) fetches the locales chunk, and the server refuses in French', async ({ page }) => {
  const fetched = partRequests(page);
  const schema = "import { z } from 'zod';\n\nz.config(z.locales.fr());\n\nexport default z.object({ n: z.number() });\n";
  await openCase(page, { schema, answer: '{"n":"x"}', role: 'output' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText('Entrée invalide : nombre attendu, chaîne de caractères reçu');
  expect([...new Set(fetched)]).toEqual(['locales']);
});
