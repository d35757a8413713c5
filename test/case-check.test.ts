/** The case-format checker fails on a wrong expectation of every kind, so the data tests built on it can fail. */
import { expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { ENGINE_ROWS } from './bad-input.rows.ts';
import { checkExpected } from './case-check.ts';
import { loadFixtures } from './fixtures.ts';

it('a wrong verdict, message, listing error, refusal, position or recorded report fails the check', async () => {
  const example = EXAMPLES.find((e) => (e.expect.verdicts ?? []).some((v) => v.says !== undefined && v.valid === false));
  const verdict = example?.expect.verdicts?.find((v) => v.says !== undefined && v.valid === false);
  if (!example || !verdict) throw new Error('no example with a FAIL message');
  const report = await evaluate(example.case);
  checkExpected(report, { verdicts: [verdict] });
  expect(() => checkExpected(report, { verdicts: [{ ...verdict, valid: true }] })).toThrow();
  expect(() => checkExpected(report, { verdicts: [{ ...verdict, says: 'a message nobody wrote' }] })).toThrow();
  expect(() => checkExpected(report, { listErrors: [{ converter: verdict.converter, says: '' }] })).toThrow();
  expect(() => checkExpected(report, { load: { message: 'x' } })).toThrow();
  const row = ENGINE_ROWS.find((r) => r.expect.load?.line !== undefined);
  const load = row?.expect.load;
  const line = load?.line;
  if (!row || !load || line === undefined) throw new Error('no positioned load row');
  const refused = await evaluate(row.case);
  checkExpected(refused, { load });
  expect(() => checkExpected(refused, {})).toThrow();
  expect(() => checkExpected(refused, { load: { ...load, line: line + 1 } })).toThrow();
  const fixture = loadFixtures().find((f) => f.expect.report?.['realSdk'] !== undefined);
  if (!fixture) throw new Error('no fixture with a recorded report');
  expect(() => checkExpected(report, { report: fixture.expect.report! })).toThrow();
});
