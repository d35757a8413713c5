/** The worker's stand-ins for the shipped values of a very large answer: verdicts untouched, each value once. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { ELIDE_ANSWER_CHARS, elidedInfo, elideLargeValues, isElided } from '../src/sandbox/elide.ts';
import { postedBytes } from './posted-size.ts';
import { shipsOf, structuredContentOf } from '../src/engine/values.ts';
import { reproductionUnavailable } from '../src/export/availability.ts';

const CASE = { v: 1, role: 'output', tool: 't', schema: "import { z } from 'zod';\nexport default z.object({ items: z.array(z.number()) });", answer: '{"items":[1,2],"extra":1}' };

describe('elideLargeValues', () => {
  it('leaves the report of an answer up to the limit as it is', async () => {
    const report = await evaluate(CASE);
    expect(elideLargeValues(report, ELIDE_ANSWER_CHARS)).toEqual(report);
  });

  it('past the limit, replaces every object in the values table with a stand-in and keeps everything else', async () => {
    const report = await evaluate(CASE);
    const chars = ELIDE_ANSWER_CHARS + 1;
    const posted = elideLargeValues(report, chars);
    // The rows are untouched: they point into the table, and only the table's values become stand-ins.
    expect(posted.converters).toEqual(report.converters);
    expect(posted.realSdk).toEqual(report.realSdk);
    const rows = Object.values(report.converters).flatMap((row) => Object.values(row.policies));
    expect(rows.length).toBeGreaterThan(10);
    // The rows ship a few distinct values (the answer, its parse, the keep merge): each is one stand-in, once.
    expect(report.values.length).toBeGreaterThan(1);
    expect(report.values.length).toBeLessThan(6);
    report.values.forEach((value, i) => {
      const keys = Object.keys(value as object).length;
      expect(isElided(posted.values[i])).toBe(true);
      expect(elidedInfo(posted.values[i] as never)).toEqual({ summary: `an object (${keys} key${keys === 1 ? '' : 's'})`, answerChars: chars });
    });
    for (const p of rows) if (p.shipsAt !== null) expect(isElided(shipsOf(posted, p))).toBe(true);
    expect(isElided(structuredContentOf(posted, posted.realSdk.v1))).toBe(report.realSdk.v1?.structuredContentAt !== null);
    expect(postedBytes(posted.values)).toBeLessThan(6 * postedBytes(posted.values[0]));
  });

  it('an answer that merely has the marker key among others is not taken for a stand-in', () => {
    expect(isElided({ $mcpPlaygroundElided: { summary: 'x', answerChars: 1 }, a: 1 })).toBe(false);
    expect(isElided([1])).toBe(false);
  });

  it('the Vitest export refuses a report whose SDK result was not brought to the page', async () => {
    const loose = { ...CASE, schema: CASE.schema.replace('z.object', 'z.looseObject') };
    const report = await evaluate(loose);
    expect(structuredContentOf(report, report.realSdk.v2)).not.toBeNull();
    expect(reproductionUnavailable(report, 'v2')).toBeNull();
    expect(reproductionUnavailable(elideLargeValues(report, ELIDE_ANSWER_CHARS + 1), 'v2')).toMatch(/too large for a test file/);
  });

  it('the report of a 20,000-key answer reaches the page smaller than one copy of the answer, its verdicts whole', async () => {
    const answer = `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const report = await evaluate({ ...CASE, schema: "import { z } from 'zod';\nexport default z.object({});", answer });
    const posted = elideLargeValues(report, answer.length);
    expect(JSON.stringify(posted).length).toBeLessThan(answer.length);
    expect(posted.converters['mcp-sdk-v1']?.policies.raw?.verdicts).toEqual(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts);
    expect(posted.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1'].valid).toBe(false);
  });
});
