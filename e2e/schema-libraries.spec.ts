/**
 * The schema libraries in the browser (src/engine/libs): each is an engine chunk the app fetches only for a paste that
 * imports it; the default case fetches none. Each gallery example opens on its link, fetches its library's chunk, and
 * shows its trap in the real packages' words.
 */
import { LIBRARY_EXAMPLES } from '../src/examples/libraries.ts';
import { LIBRARY_CATALOG } from '../src/engine/libs/catalog.ts';
import { expect, openCase, openLink, test } from './fixtures.ts';

const LIBRARY_CHUNK = /\/engine-lib-([a-z]+)-[\w-]+\.js$/;

/** Records the schema library chunks the page fetches, by library. */
function libraryRequests(page: import('@playwright/test').Page): string[] {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = LIBRARY_CHUNK.exec(new URL(r.url()).pathname);
    if (m?.[1]) fetched.push(m[1]);
  });
  return fetched;
}

test('the default case fetches no schema library chunk, for its first verdict or its full report', async ({ page }) => {
  const fetched = libraryRequests(page);
  await openCase(page, {});
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  // The full report's real v2 run is on screen: every engine part the case needed was fetched by then.
  await expect(page.locator('[data-sdk="SDK v2"]')).toContainText('tools/call');
  expect(fetched).toEqual([]);
});

/** Where each example's page shows its trap, and a substring of the recorded message. */
const TRAPS: Record<string, [pane: string, says: string]> = {
  'arktype-default-listed-required': ['verdict', "data must have required property 'count'"],
  'arktype-delete-ships-the-key': ['verdict', 'data must NOT have additional properties'],
  'valibot-date-takes-down-tools-list': ['listed', 'The "date" schema cannot be converted to JSON Schema.'],
  'effect-needs-both-wrappers': ['listed', 'Schema library "effect" does not implement StandardJSONSchemaV1'],
};

for (const example of LIBRARY_EXAMPLES) {
  test(`${example.id}: fetches its library's chunk and shows its trap`, async ({ page }) => {
    const fetched = libraryRequests(page);
    await openLink(page, `#example/${example.id}`);
    await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
    const [pane, says] = TRAPS[example.id] ?? ['verdict', '\u0000'];
    await expect(page.locator(`[data-pane="${pane}"]`)).toContainText(says);
    expect([...new Set(fetched)]).toEqual([example.id.split('-')[0]]);
    // The schema editor names the library, not zod.
    const label = LIBRARY_CATALOG.find((l) => example.id.startsWith(`${l.vendor}-`))?.label;
    await expect(page.locator('[data-editor="schema"] h2')).toHaveText(`${label} schema`);
  });
}

test('a zod-only converter says it does not apply to another library, not that tools/list fails', async ({ page }) => {
  await openLink(page, '#example/arktype-delete-ships-the-key');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  // The v2 server lists arktype's schema and its client refuses the raw answer: a real FAIL.
  await expect(page.locator('[data-converter="mcp-sdk-v2"]')).toHaveAttribute('data-mark', 'FAIL');
  const zodTab = page.locator('[data-converter="zod"]');
  await expect(zodTab).toHaveAttribute('data-mark', '–');
  await zodTab.click();
  const listed = page.locator('[data-pane="listed"]');
  await expect(listed).toContainText('Does not apply:');
  await expect(listed).toContainText("needs a zod 4 schema: it reads zod's internals, and this is an arktype schema");
  await expect(listed).not.toContainText('tools/list fails:');
  await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]')).toContainText('not run: this converter needs a zod 4 schema');
  const undeclaredRaw = page.locator('[data-pane="undeclared"] [data-policy="raw"]');
  await expect(undeclaredRaw.getByTestId('not-run')).toBeVisible();
  await expect(undeclaredRaw).not.toContainText('refused');
});
