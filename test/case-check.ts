/** Checks a Report against a case's expected verdicts (src/examples/case-format.ts), with vitest's expect. */
import { expect } from 'vitest';
import type { Expected } from '../src/examples/case-format.ts';
import type { Report } from '../src/engine/report.ts';
import { expandReport } from '../src/engine/values.ts';

/** Every part of `expected` holds in `report`; a phase not expected to refuse must succeed. */
export function checkExpected(report: Report, expected: Expected): void {
  expect(report.load, 'the schema').toEqual(expected.load ? { ok: false, error: expected.load } : { ok: true });
  if (report.load.ok) expect(report.answer, 'the answer').toEqual(expected.answer ? { ok: false, error: expected.answer } : { ok: true });
  for (const l of expected.listErrors ?? []) {
    const row = report.converters[l.converter];
    expect(row?.listed, `${l.converter} lists nothing`).toBeNull();
    expect(row?.listError, `${l.converter}'s listing error`).toContain(l.says);
  }
  for (const v of expected.verdicts ?? []) {
    const where = `${v.converter}/${v.policy}/${v.client}`;
    const row = report.converters[v.converter]?.policies[v.policy];
    expect(row, where).toBeTruthy();
    const verdict = row?.verdicts[v.client];
    expect(verdict?.valid, `${where}: ${verdict?.message ?? row?.refused}`).toBe(v.valid);
    if (v.says !== undefined) expect(v.valid === null ? row?.refused : verdict?.message, where).toContain(v.says);
  }
  // Recorded reports hold each row's value (contract v1's form): the table is expanded to compare them.
  if (expected.report) expect(expandReport(report)).toMatchObject(expected.report);
}
