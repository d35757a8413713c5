/**
 * One hardened engine: every parity row (parity.rows.ts) gives the same Report from the CLI's hardened Node realm
 * (src/node-realm, as `npm run evaluate` runs a case file) and from the built sandbox frame (the browser's hardened
 * schema worker and client realm). Reports are compared field by field after resolving the `values` indexes
 * (expandReport); nothing else is normalised. The refused rows also hold their refusal's words. The CLI half runs in a
 * Node process of its own (test/parity.probe.ts) while the browser half runs its rows in one frame, one page.
 */
import { execFile } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { Report } from '../src/engine/report.ts';
import type { FrameMessage } from '../src/sandbox/protocol.ts';
import { expandReport } from '../src/engine/values.ts';
import { engineWorkerSource, evaluateInFrame, mountFrame, openHarnessPage } from './frameHarness.ts';
import { expect, test } from './fixtures.ts';
import { PARITY_ROWS, parityCase } from './parity.rows.ts';

type CliRow = { id: string; report?: Report; error?: string };

/** The rows through the CLI's realm, in a Node process of its own. */
function cliReports(): Promise<CliRow[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'test/parity.probe.ts'], { encoding: 'utf8', maxBuffer: 256 << 20, timeout: 280_000 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as CliRow[]),
    );
  });
}

/**
 * The report the frame posted for `id`, as JSON text from the page: Playwright's own transfer of a value drops an own
 * `__proto__` key (the answer of one row has one), JSON keeps it, as the CLI's JSON output does.
 */
async function reportFor(page: Page, id: number): Promise<Report> {
  const text = await page.evaluate((id) => {
    const d = (window as unknown as { __driven: { messages: Array<{ id?: number }> } }).__driven;
    return JSON.stringify(d.messages.find((m) => m.id === id));
  }, id);
  const m = JSON.parse(text) as FrameMessage;
  if (m.type !== 'report') throw new Error(`Expected a report, got ${text.slice(0, 400)}`);
  return m.report;
}

test.use({ reuse: false });

test('the CLI realm and the built sandbox give the same Report for every parity row', async ({ page }) => {
  test.setTimeout(300_000);
  const cli = cliReports();
  await openHarnessPage(page);
  // A generous budget: each row is a new schema text, so a cold worker, on a busy runner; this test is about reports.
  await mountFrame(page, engineWorkerSource(), 10_000);
  const browser = new Map<string, Report>();
  let id = 0;
  for (const row of PARITY_ROWS) {
    await evaluateInFrame(page, ++id, parityCase(row), 120_000);
    browser.set(row.id, await reportFor(page, id));
  }
  const node = await cli;
  for (const row of PARITY_ROWS) {
    const fromCli = node.find((r) => r.id === row.id);
    expect.soft(fromCli?.error, row.id).toBeUndefined();
    const inBrowser = browser.get(row.id);
    if (!fromCli?.report || !inBrowser) continue;
    expect.soft(expandReport(fromCli.report), row.id).toEqual(expandReport(inBrowser));
    for (const words of row.refused ?? []) {
      const load = inBrowser.load;
      expect.soft(load.ok ? '' : load.error.message, row.id).toContain(words);
    }
  }
});
