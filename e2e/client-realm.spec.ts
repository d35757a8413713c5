/**
 * The frame's one client realm (src/sandbox/frameClients.ts): two cases with different schema texts (two schema
 * workers) in one page are judged by the same warm client realm, and a case whose listing hangs it (a pattern that
 * backtracks without end) gets it ended and restarted, so the next case's verdicts are the honest ones.
 */
import type { Worker } from '@playwright/test';
import type { FrameMessage } from '../src/sandbox/protocol.ts';
import { engineWorkerSource, evaluateInFrame, mountFrame, openHarnessPage } from './frameHarness.ts';
import { expect, test } from './fixtures.ts';

const strict = (key: string) => ({ v: 1, schema: `import { z } from 'zod';\nexport default z.object({ ${key}: z.string() });\n`, answer: `{"${key}":"1","extra":2}` });
/** zod accepts any string; the listing carries a pattern that backtracks exponentially on this answer (in Ajv, in the client realm). */
const hanging = {
  v: 1,
  schema: "import { z } from 'zod';\nexport default z.object({ s: z.string().meta({ pattern: '^(a+)+$' }) });\n",
  answer: `{"s":"${'a'.repeat(40)}!"}`,
  converter: 'zod',
  client: 'sdk-v1',
};

type Verdict = { valid: boolean | null; message: string | null };
function v1Verdict(m: FrameMessage): Verdict | undefined {
  if (m.type !== 'report') throw new Error(`Expected a report, got ${JSON.stringify(m).slice(0, 300)}`);
  return m.report.converters.zod?.policies.raw?.verdicts['sdk-v1'];
}

test('two cases share the warm client realm; a case that hangs it does not break the next case’s verdict', async ({ page }) => {
  test.setTimeout(480_000);
  const clientRealms: Worker[] = [];
  page.on('worker', (w) => {
    void w.evaluate(() => self.name).then((name) => name === 'client-realm' && clientRealms.push(w), () => {});
  });
  await openHarnessPage(page);
  // Twice the app's 2 s: the row is about which realm answers, not about speed on a busy machine (the first, cold case
  // gets four times it), and the hanging case holds a core until the budget ends it (with 10 s the row took 15 s, 9.6 now).
  await mountFrame(page, engineWorkerSource(), 4_000);

  const first = await evaluateInFrame(page, 1, strict('first'), 120_000);
  // Count from here on (the harness frame's realm started with the first case).
  const before = clientRealms.length;
  expect(before).toBeGreaterThan(0);
  expect(v1Verdict(first.message)).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
  const second = await evaluateInFrame(page, 2, strict('second'), 120_000);
  expect(v1Verdict(second.message)).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
  // Two schema texts, so two schema workers (and a spare), and one client realm for all of them.
  expect(clientRealms.length).toBe(before);

  // The hanging listing: the client realm is ended and another started; the case itself ends as a report whose
  // client rows say why they have no verdict, or as a timeout (the real SDK run in the schema's realm hangs too).
  const hung = await evaluateInFrame(page, 3, hanging, 180_000);
  if (hung.message.type === 'report') expect(v1Verdict(hung.message)?.message).toContain('The client realm could not be asked');
  else expect(hung.message.type).toBe('timeout');
  await expect.poll(() => clientRealms.length, { timeout: 60_000 }).toBe(before + 1);

  const after = await evaluateInFrame(page, 4, strict('third'), 120_000);
  expect(clientRealms.length).toBe(before + 1);
  expect(v1Verdict(after.message)).toMatchObject({ valid: false, message: expect.stringContaining('must NOT have additional properties') });
  const honest = await evaluateInFrame(page, 5, { ...strict('third'), answer: '{"third":"1"}' }, 120_000);
  expect(v1Verdict(honest.message)).toEqual({ valid: true, message: null });
});
