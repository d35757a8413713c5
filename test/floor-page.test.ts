/**
 * The bench's floor page (bench/floor/) still shows the verdict the app's engine gives: built with vite.config.ts as
 * `npm run bench` builds it, served by `vite preview`, opened in Chromium, and its text compared with the message of
 * the real SDK 1.32.2 client the engine runs (runRealSdk), so that the bench's app/floor ratios compare the same work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { largeObjectCase } from '../bench/cases.ts';
import { buildFloor, FLOOR_VERDICT, floorLink, type FloorInput } from '../bench/floor.ts';
import { VALID_TEXT } from '../bench/floor/protocol.ts';
import { loadSchema } from '../src/engine/load.ts';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import type { Json } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';

const ROOT = join(import.meta.dirname, '..');

/** What the engine's real v1 client says about the case: its error message, or the floor's line for "accepted". */
async function engineVerdict(c: FloorInput): Promise<string> {
  const loaded = loadSchema(c.schema, 'output');
  if (!loaded.ok) throw new Error(loaded.error.message);
  const row = await runRealSdk('v1', { role: 'output', tool: c.tool, schema: loaded.schema }, JSON.parse(c.answer) as Json);
  if (row.isError) throw new Error(`the server refused the answer: ${row.text}`);
  return row.callError ?? VALID_TEXT;
}

const large = largeObjectCase(100_000).case;
const CASES: ReadonlyArray<{ name: string; case: FloorInput }> = [
  { name: 'the default case (keys the schema does not declare)', case: DEFAULT_CASE },
  { name: 'the default case without the extra keys (accepted)', case: { ...DEFAULT_CASE, answer: '{"id":"INV-1","total":1,"lines":[{"sku":"A","qty":1}]}' } },
  { name: "the bench's 300-field case", case: large },
  { name: 'an undeclared key deep in the 300-field case', case: { ...large, answer: large.answer.replace('"f0_0":', '"extra":1,"f0_0":') } },
];

describe('the floor page of npm run bench', () => {
  let dir = '';
  let server: PreviewServer;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'floor-test-'));
    await buildFloor(dir);
    server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: dir }, preview: { port: 0, host: 'localhost', open: false } });
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(CASES)('shows the engine’s verdict: $name', async ({ case: c }) => {
    const expected = await engineVerdict(c);
    const origin = server.resolvedUrls?.local[0];
    if (!origin) throw new Error('vite preview gave no local URL');
    const page = await browser.newPage();
    try {
      await page.goto(new URL(floorLink(c).slice(1), origin).href);
      const shown = await page.locator(FLOOR_VERDICT).textContent({ timeout: 60_000 });
      expect(shown).toBe(expected);
    } finally {
      await page.close();
    }
  }, 120_000);

  // The bench's edit row types into the floor's textarea: each input is evaluated again, from the schema module up.
  it('evaluates an edited answer again and shows the engine’s verdict for it', async () => {
    const [failing, accepted] = [CASES[0]?.case, CASES[1]?.case];
    if (!failing || !accepted) throw new Error('no cases');
    const origin = server.resolvedUrls?.local[0];
    if (!origin) throw new Error('vite preview gave no local URL');
    const page = await browser.newPage();
    try {
      await page.goto(new URL(floorLink(failing).slice(1), origin).href);
      await expect.poll(() => page.locator(FLOOR_VERDICT).textContent(), { timeout: 60_000 }).toBe(await engineVerdict(failing));
      await page.locator('#answer').fill(accepted.answer);
      await expect.poll(() => page.locator(FLOOR_VERDICT).textContent(), { timeout: 60_000 }).toBe(await engineVerdict(accepted));
      await page.locator('#answer').fill(failing.answer);
      await expect.poll(() => page.locator(FLOOR_VERDICT).textContent(), { timeout: 60_000 }).toBe(await engineVerdict(failing));
      // The verdict on screen answers the last input (the page numbers each one it sends).
      const sent = await page.locator('#answer').getAttribute('data-edit');
      expect(Number(sent)).toBeGreaterThan(0);
      await expect.poll(() => page.locator('#verdict').getAttribute('data-edit')).toBe(sent);
    } finally {
      await page.close();
    }
  }, 120_000);
});
