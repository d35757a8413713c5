/**
 * The app, driven through permalinks: the seed cases of semantics.md's "Observed" table show the right listing,
 * undeclared keys, verdicts and real-SDK outcomes; edits re-evaluate; errors say where they are (the layout: layout.spec.ts).
 */
import type { Locator, Page } from '@playwright/test';
import type { EditorName } from '../src/ui/editor/mountedEditors.ts';
import { SEED_ROWS, V1_PREFIX, V2_PREFIX } from '../test/seed.rows.ts';
import { ISSUE_BLOCK } from '../test/registration.rows.ts';
import { checkListError, checkVerdict, editorText, expect, openCase, setEditorText, test, waitForEditors } from './fixtures.ts';
import type { PolicyId } from '../src/engine/contract/catalog.ts';

const schemaOf = (expr: string) => `import { z } from 'zod';\n\nexport default ${expr};\n`;
const pane = (page: Page, id: string): Locator => page.locator(`[data-pane="${id}"]`);
const row = (page: Page, paneId: string, policy: PolicyId): Locator => pane(page, paneId).locator(`[data-policy="${policy}"]`);
const sdk = (page: Page, version: 'v1' | 'v2'): Locator => page.locator(`[data-sdk="SDK ${version}"]`);
const tab = (page: Page, name: string): Locator => pane(page, 'listed').getByRole('tab', { name });
const status = (page: Page): Locator => page.getByTestId('status');

/** An editor's markers (squiggles) as line, severity and hover message. */
async function markers(page: Page, which: EditorName): Promise<Array<{ line: number; severity: string; message: string }>> {
  await waitForEditors(page);
  return page.evaluate(
    (name) => window.__playground!.markers(name).map((m) => ({ line: m.startLineNumber, severity: m.severity, message: m.message })),
    which,
  );
}

/** Waits until the panes show the report of the case in the editors. */
async function evaluated(page: Page): Promise<void> {
  await expect(status(page)).toContainText(/Evaluated in \d+ ms/);
}

/** What only the page shows of each seed (test/seed.rows.ts holds its case and verdicts): the listing as printed, the undeclared keys, the real-SDK pane. */
const SHOWN: Record<string, (page: Page) => Promise<void>> = {
  'an undeclared key: both SDK clients refuse it, wire-truthful passes': async (page) => {
    await expect(pane(page, 'listed')).toContainText('"additionalProperties": false');
    await expect(row(page, 'undeclared', 'raw')).toContainText('costCenter');
    await expect(row(page, 'undeclared', 'warn')).toContainText('answered with keys its outputSchema does not declare, so they were stripped: costCenter.');
    await expect(sdk(page, 'v1')).toContainText(`${V1_PREFIX}data must NOT have additional properties`);
    await expect(sdk(page, 'v2')).toContainText(`${V2_PREFIX}data must NOT have additional properties`);
  },
  'a .default() field is listed as required': async (page) => {
    await expect(pane(page, 'listed')).toContainText('"required": ["id", "count"]');
    await expect(sdk(page, 'v1')).toContainText(`${V1_PREFIX}data must have required property 'count'`);
  },
  'z.date() takes tools/list down': async (page) => {
    await expect(pane(page, 'listed')).toContainText('tools/list fails:');
    await expect(sdk(page, 'v1')).toContainText('MCP error -32603: Date cannot be represented in JSON Schema');
    await expect(sdk(page, 'v2')).toContainText('Date cannot be represented in JSON Schema');
    await tab(page, 'wire-truthful').click();
    await expect(pane(page, 'listed')).toContainText('"when": { "type": "string", "format": "date-time" }');
  },
  'a discriminated union: not listed by v1, oneOf by v2': async (page) => {
    await expect(pane(page, 'listed')).toContainText('No outputSchema is listed for this tool.');
    await expect(sdk(page, 'v1')).toContainText("Cannot read properties of undefined (reading '_zod')");
    await tab(page, 'SDK v2').click();
    await expect(pane(page, 'listed')).toContainText('"oneOf"');
    await tab(page, 'wire-truthful').click();
    await expect(pane(page, 'listed')).toContainText('"anyOf"');
  },
  'an array root: v2 wraps it as { result }': async (page) => {
    await expect(pane(page, 'listed')).toContainText('"required": ["result"]');
    await row(page, 'undeclared', 'raw').getByText('ships an object (1 key)').click();
    await expect(row(page, 'undeclared', 'raw')).toContainText('{ "result": [{ "id": "1" }] }');
    await sdk(page, 'v2').getByText('structuredContent: an object (1 key)').click();
    await expect(sdk(page, 'v2')).toContainText('{ "result": [{ "id": "1" }] }');
    await tab(page, 'SDK v1').click();
    await expect(pane(page, 'listed')).toContainText('No outputSchema is listed for this tool.');
  },
  'z.coerce: the server passes, the clients do not': async (page) => {
    await expect(sdk(page, 'v2')).toContainText(`${V2_PREFIX}data/n must be number`);
  },
  'z.looseObject keeps the extra key and passes': async (page) => {
    await expect(pane(page, 'listed')).toContainText('"additionalProperties": {}');
    await expect(row(page, 'undeclared', 'raw')).toContainText('no undeclared keys');
    await expect(sdk(page, 'v1')).toContainText('structuredContent: an object (2 keys)');
  },
  'z.strictObject: the server refuses the answer': async (page) => {
    await expect(sdk(page, 'v1')).toContainText('isError: MCP error -32602: Output validation error: Invalid structured content for tool t: Unrecognized key: "x"');
  },
};

test('the default case fails with the Copilot message and underlines the keys, saying which policy and client', async ({ page }) => {
  await page.goto('/');
  await evaluated(page);
  await expect(row(page, 'verdict', 'raw')).toContainText(`${V1_PREFIX}data must NOT have additional properties, data/lines/0 must NOT have additional properties`);
  await expect(row(page, 'undeclared', 'raw')).toContainText('lines[].margin');
  // Ajv's message names no key: the row names them, from the verdict's structured errors.
  await expect(row(page, 'verdict', 'raw').getByTestId('refused-keys')).toHaveText('/costCenter/lines/0/margin');
  await expect.poll(() => markers(page, 'answer')).toEqual(
    expect.arrayContaining([
      { line: 4, severity: 'warning', message: expect.stringMatching(/^Undeclared key costCenter: .*raw, strip, warn, keep, fail/) },
      { line: 6, severity: 'warning', message: expect.stringMatching(/^Undeclared key lines\[\]\.margin/) },
      { line: 4, severity: 'error', message: 'SDK v1 client rejects what raw ships (SDK v1 listing): must NOT have additional properties' },
      { line: 6, severity: 'error', message: 'SDK v1 client rejects what raw ships (SDK v1 listing): must NOT have additional properties' },
    ]),
  );
  await expect(page.locator('[data-editor="answer"] .squiggly-error').first()).toBeVisible();
});

// One seed opens here, the one whose page needs clicks (a shipped value behind a disclosure, the converter tabs); every
// seed's listing, undeclared keys, real runs and verdicts are read off the app's panes in test/panes-cases.test.ts.
test.describe('the seed cases', () => {
  test.use({ reuse: true });
  for (const seed of SEED_ROWS.filter((s) => s.name === 'an array root: v2 wraps it as { result }')) {
    test(seed.name, async ({ page }) => {
      const { tool, schema, answer, converter, client } = seed.case;
      await openCase(page, { tool, schema, answer, converter, client });
      await evaluated(page);
      const shown = SHOWN[seed.name];
      if (!shown) throw new Error(`no page checks for the seed ${seed.name}`);
      await shown(page);
      for (const l of seed.expect.listErrors ?? []) await checkListError(page, l, client);
      for (const v of seed.expect.verdicts ?? []) await checkVerdict(page, v);
    });
  }
});

// These rows open their case in the app already open (a user following links): the page loads once for all of them.
test.describe('in the open app', () => {
  test.use({ reuse: true });

  test('editing the answer re-evaluates and updates the verdict', async ({ page }) => {
    await openCase(page, { schema: schemaOf('z.object({ id: z.string() })'), answer: '{"id":"1","costCenter":"CC-7"}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    await expect(row(page, 'verdict', 'raw')).toContainText('FAIL');
    await waitForEditors(page);
    // Rename the undeclared key to a declared one; typed text without brackets or quotes, so auto-closing stays out of it.
    await page.locator('[data-editor="answer"] .view-line').getByText('costCenter').dblclick();
    await page.keyboard.insertText('id');
    await expect.poll(() => editorText(page, 'answer')).toBe('{"id":"1","id":"CC-7"}');
    await expect(row(page, 'verdict', 'raw')).toContainText('PASS');
    await expect(row(page, 'undeclared', 'raw')).toContainText('no undeclared keys');
    await expect.poll(() => markers(page, 'answer')).toEqual([]);
  });

  test('malformed JSON says what and where (line:column), and the editor marks it', async ({ page }) => {
    await openCase(page, {});
    await evaluated(page);
    await setEditorText(page, 'answer', '{\n  "id": "1",\n  "x" 2\n}');
    const problems = page.getByTestId('problems');
    await expect(problems).toContainText('The answer is not valid JSON');
    await expect(problems).toContainText('answer 3:7');
    await expect(problems).toContainText('Malformed JSON: colon expected');
    await expect(pane(page, 'verdict')).toContainText('the answer is not valid JSON');
    await expect.poll(() => markers(page, 'answer')).toEqual([{ line: 3, severity: 'error', message: 'Malformed JSON: colon expected' }]);
  });

  test('a schema that does not load says where, and the schema editor marks it', async ({ page }) => {
    await openCase(page, {});
    await evaluated(page);
    await setEditorText(page, 'schema', "import { z } from 'zod';\n\nexport default z.object({\n  id: z.strin(),\n});\n");
    const problems = page.getByTestId('problems');
    await expect(problems).toContainText('The schema did not load');
    await expect(problems).toContainText('schema 4:9');
    await expect(problems).toContainText('z.strin is not a function');
    await expect.poll(() => markers(page, 'schema')).toEqual([{ line: 4, severity: 'error', message: 'TypeError: z.strin is not a function' }]);
  });

  test('a pasted registerTool call: the tool named, SDK v1 fails on plan, and one click uses the handler answer', async ({ page }) => {
    await openCase(page, { tool: 'my_tool', answer: '{"name":"b"}', converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    await evaluated(page);
    await setEditorText(page, 'schema', ISSUE_BLOCK);
    await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue('get_user');
    await expect(page.getByTestId('tool-description')).toHaveText('Look up a user');
    await expect(row(page, 'verdict', 'raw')).toContainText('PASS');
    await page.getByRole('button', { name: "Use the handler's answer" }).click();
    await expect.poll(async () => JSON.parse(await editorText(page, 'answer'))).toEqual({ name: 'a', plan: 'pro' });
    await expect(row(page, 'verdict', 'raw')).toContainText('FAIL');
    await expect(row(page, 'verdict', 'raw').getByTestId('refused-keys')).toHaveText('/plan');
    await expect(page.getByRole('button', { name: "Use the handler's answer" })).toHaveCount(0);
  });

  test('the pickers and the converter tabs are one choice', async ({ page }) => {
    await openCase(page, { converter: 'zod', client: 'sdk-v1' });
    await evaluated(page);
    await page.getByRole('combobox', { name: 'Converter' }).selectOption('frontmcp');
    await expect(tab(page, 'FrontMCP')).toHaveAttribute('aria-selected', 'true');
    await tab(page, 'SDK v2').click();
    await expect(page.getByRole('combobox', { name: 'Converter' })).toHaveValue('mcp-sdk-v2');
    await page.getByRole('combobox', { name: 'Client' }).selectOption('sdk-v2-browser');
    await expect(row(page, 'verdict', 'raw')).toContainText('Property "margin" does not match additional properties schema');
  });

  test('the input role checks call arguments against the inputSchema', async ({ page }) => {
    await openCase(page, { role: 'input', schema: schemaOf('z.object({ q: z.string() })'), answer: '{"q":"x","extra":1}', converter: 'zod' });
    await evaluated(page);
    await expect(page.getByRole('radio', { name: 'Input arguments' })).toBeChecked();
    await expect(pane(page, 'listed')).toContainText('inputSchema');
    await expect(row(page, 'undeclared', 'raw')).toBeVisible();
  });

  test('input role: arguments the server refuses still get the client verdict, then the refusal, in one sentence', async ({ page }) => {
    await openCase(page, { role: 'input', schema: schemaOf('z.object({ a: z.number(), b: z.number() }).refine((o) => o.a < o.b, "a must be below b")'), answer: '{"a":2,"b":1}', converter: 'mcp-sdk-v2', client: 'sdk-v2-node' });
    await evaluated(page);
    await expect(row(page, 'verdict', 'raw')).toContainText('PASS');
    await expect(row(page, 'verdict', 'raw')).toContainText('The client says the arguments are valid, then the server refuses them: Input validation error: Invalid arguments for tool');
    await expect(row(page, 'verdict', 'raw')).toContainText('a must be below b');
  });
});

test('TypeScript checks the schema once the schema editor is first focused; a link opened and only read never starts its worker', async ({ page }) => {
  // Runs as it is (sucrase drops the annotation), so only TypeScript has something to say.
  const schema = "import { z } from 'zod';\n\nconst limit: number = 'ten';\nexport default z.object({ id: z.string() });\n";
  await openCase(page, { schema, answer: '{"id":"1"}' });
  await evaluated(page);
  await waitForEditors(page);
  const squiggles = page.locator('[data-editor="schema"] .squiggly-error');
  const tsWorkers = () => page.workers().filter((w) => w.url().includes('ts.worker')).length;
  // Time for Monaco to have asked for it: its diagnostics start when the model is attached (before this, unconditionally).
  await page.waitForTimeout(1500);
  expect(tsWorkers()).toBe(0);
  await expect(squiggles).toHaveCount(0);
  await page.locator('[data-editor="schema"] .view-lines').click();
  await expect.poll(tsWorkers).toBe(1);
  await expect(squiggles.first()).toBeVisible();
});
