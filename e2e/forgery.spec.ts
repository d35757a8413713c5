/**
 * A verdict no link can forge: each attack row (forgery.rows.ts) runs in the built sandbox frame, and one
 * of each kind through its permalink in the app. Every row ends in the refusal naming what it tried to replace, or in
 * the honest report; never a forged PASS, a forged listing or a missing real-run error. Honest controls, one failing and one
 * passing, keep the suite from passing by breaking everything.
 */
import type { FrameMessage } from '../src/sandbox/protocol.ts';
import type { Report } from '../src/engine/report.ts';
import { engineWorkerSource, evaluateInFrame, mountFrame, openHarnessPage } from './frameHarness.ts';
import { expect, openCase, test } from './fixtures.ts';
import { ATTACK_LINE, ATTACK_ROWS, attackSchema, FAILING_ANSWER, HONEST_SCHEMA, OLD_WORLD, OLD_WORLD_REFUSAL, PASSING_ANSWER, WORLD_ATTACK_ROWS } from './forgery.rows.ts';

// The attack permalinks open in the app already open, one after another, as a user following links does.
test.use({ reuse: true });

function reportOf(m: FrameMessage): Report {
  if (m.type !== 'report') throw new Error(`Expected a report, got ${JSON.stringify(m).slice(0, 400)}`);
  return m.report;
}

/** What a forgery would change: every converter's listing and verdicts, and both real runs. */
function verdictsOf(r: Report): unknown {
  return { converters: r.converters, realSdk: r.realSdk };
}


/**
 * One attack row of each kind (refused, truthful, client-refuses) through its permalink in the app: what the page shows
 * of each kind. Every row's report is checked in the built sandbox frame below; the page shows a report the same way
 * whichever attack produced it, so one browser row of each kind is enough.
 */
const kindOf = (row: (typeof ATTACK_ROWS)[number]) => (typeof row.expect === 'string' ? row.expect : 'refused');
const ONE_OF_EACH_KIND = [...new Map(ATTACK_ROWS.map((row) => [kindOf(row), row])).values()];

test('an attack permalink of each kind shows the refusal or the honest FAIL, never a forged PASS', async ({ page }) => {
  test.setTimeout(240_000);
  expect(ONE_OF_EACH_KIND.map(kindOf).sort()).toEqual(['client-refuses', 'refused', 'truthful']);
  for (const row of ONE_OF_EACH_KIND) {
    await openCase(page, { schema: attackSchema(row), answer: FAILING_ANSWER, converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    const verdict = page.locator('[data-pane="verdict"] [data-policy="raw"] > .badge');
    if (row.expect !== 'truthful' && row.expect !== 'client-refuses') {
      await expect(page.getByText('the playground refuses that, because it could change the verdict').first(), row.id).toBeVisible();
      await expect(page.getByText(row.expect.refused).first(), row.id).toBeVisible();
      await expect(page.locator('[data-pane="verdict"] .badge', { hasText: 'PASS' }), row.id).toHaveCount(0);
    } else {
      await expect(verdict, row.id).toHaveText('FAIL');
      await expect(page.locator('[data-pane="real-sdk"]'), row.id).toContainText('data must NOT have additional properties');
    }
  }
});


test('the version-world attack permalinks show that world\'s honest FAIL, in Ajv 6\'s words', async ({ page }) => {
  test.setTimeout(240_000);
  for (const row of WORLD_ATTACK_ROWS) {
    await openCase(page, { schema: attackSchema(row), answer: FAILING_ANSWER, converter: 'mcp-sdk-v1', client: 'sdk-v1', versions: { ...OLD_WORLD, server: '2.4.0' } });
    await expect(page.getByTestId('world'), row.id).toHaveText('zod 3.25.76 · SDK 1.20.2');
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"] > .badge'), row.id).toHaveText('FAIL');
    // A cold world (its chunks, and the worlds' client realm) on a busy runner: seconds, not a verdict on them.
    await expect(page.locator('[data-pane="verdict"] [data-policy="raw"]'), row.id).toContainText('data should NOT have additional properties', { timeout: 60_000 });
    await expect(page.locator('[data-pane="real-sdk"]'), row.id).toContainText('data should NOT have additional properties', { timeout: 60_000 });
  }
});

test.describe('the built sandbox frame, driven directly', () => {
  // Each mounts the frame on a page of its own (frameHarness.ts).
  test.use({ reuse: false });

  test('every attack row is refused or reports the honest verdicts, beside honest controls', async ({ page }) => {
    test.setTimeout(240_000);
    await openHarnessPage(page);
    // A generous budget: each row is a new schema text, so a cold worker, on a busy runner; this test is about verdicts.
    await mountFrame(page, engineWorkerSource(), 10_000);
    let id = 0;
    const failing = reportOf((await evaluateInFrame(page, ++id, { v: 1, schema: HONEST_SCHEMA, answer: FAILING_ANSWER })).message);
    // The failing control: the listing closes the object, SDK v1's client and its real run refuse the extra key.
    expect(failing.converters['mcp-sdk-v1']?.listed).toMatchObject({ additionalProperties: false });
    expect(failing.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toMatchObject({ valid: false });
    expect(failing.realSdk.v1?.callError).toContain('data must NOT have additional properties');
    const passing = reportOf((await evaluateInFrame(page, ++id, { v: 1, schema: HONEST_SCHEMA, answer: PASSING_ANSWER })).message);
    expect(passing.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toMatchObject({ valid: true });
    expect(passing.realSdk.v1?.callError).toBeNull();

    for (const row of ATTACK_ROWS) {
      const report = reportOf((await evaluateInFrame(page, ++id, { v: 1, schema: attackSchema(row), answer: FAILING_ANSWER })).message);
      if (row.expect === 'client-refuses') {
        expect.soft(report.load, row.id).toEqual({ ok: true });
        expect.soft(report.converters['mcp-sdk-v1']?.listed, row.id).toMatchObject({ additionalProperties: false });
        // What the client in the client realm received and said: the very words of the honest run.
        expect.soft(report.realSdk.v1?.callError, row.id).toBe(failing.realSdk.v1?.callError);
        expect.soft(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1'], row.id).toEqual(failing.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']);
      } else if (row.expect === 'truthful') {
        expect.soft(report.load, row.id).toEqual({ ok: true });
        expect.soft(verdictsOf(report), row.id).toEqual(verdictsOf(failing));
      } else {
        expect.soft(report.load.ok, row.id).toBe(false);
        const error = report.load.ok ? null : report.load.error;
        expect.soft(error?.message, row.id).toContain(`the schema tried to ${row.expect.refused}; `);
        expect.soft(error?.message, row.id).toContain('the playground refuses that, because it could change the verdict');
        expect.soft(error?.line, row.id).toBeGreaterThanOrEqual(ATTACK_LINE);
        expect.soft(error?.line, row.id).toBeLessThan(ATTACK_LINE + row.attack.split('\n').length);
        expect.soft(report.converters, row.id).toEqual({});
      }
    }
  });

  test('a version world (zod 3.25.76 + SDK 1.20.2): patching the zod that world\'s client parses with forges nothing', async ({ page }) => {
    test.setTimeout(240_000);
    await openHarnessPage(page);
    await mountFrame(page, engineWorkerSource(), 10_000);
    let id = 0;
    const failing = reportOf((await evaluateInFrame(page, ++id, { v: 1, schema: HONEST_SCHEMA, answer: FAILING_ANSWER, versions: OLD_WORLD }, 150_000)).message);
    // The failing control: that world's client (Ajv 6's words) and its real run refuse the extra key.
    expect(failing.versions).toMatchObject({ zod: '3.25.76', '@modelcontextprotocol/sdk': '1.20.2' });
    expect(failing.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toEqual({ valid: false, message: OLD_WORLD_REFUSAL });
    expect(failing.realSdk.v1?.callError).toBe(OLD_WORLD_REFUSAL);
    const passing = reportOf((await evaluateInFrame(page, ++id, { v: 1, schema: HONEST_SCHEMA, answer: PASSING_ANSWER, versions: OLD_WORLD }, 150_000)).message);
    expect(passing.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toEqual({ valid: true, message: null });
    expect(passing.realSdk.v1?.callError).toBeNull();
    for (const row of WORLD_ATTACK_ROWS) {
      const report = reportOf((await evaluateInFrame(page, ++id, { v: 1, schema: attackSchema(row), answer: FAILING_ANSWER, versions: OLD_WORLD }, 150_000)).message);
      expect.soft(report.load, row.id).toEqual({ ok: true });
      expect.soft(verdictsOf(report), row.id).toEqual(verdictsOf(failing));
    }
  });
});
