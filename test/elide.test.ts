/** The worker's stand-ins for the shipped values of a very large answer: verdicts untouched, each value once. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { ELIDE_ANSWER_CHARS, elidedInfo, elideLargeValues, isElided } from '../src/sandbox/elide.ts';
import { reproductionUnavailable } from '../src/export/vitest.ts';
import { postedBytes } from './posted-size.ts';

const CASE = { v: 1, role: 'output', tool: 't', schema: "import { z } from 'zod';\nexport default z.object({ items: z.array(z.number()) });", answer: '{"items":[1,2],"extra":1}' };

describe('elideLargeValues', () => {
  it('leaves the report of an answer up to the limit as it is', async () => {
    const report = await evaluate(CASE);
    expect(elideLargeValues(report, ELIDE_ANSWER_CHARS)).toEqual(report);
  });

  it('past the limit, replaces every shipped object with a stand-in and keeps everything else', async () => {
    const report = await evaluate(CASE);
    const chars = ELIDE_ANSWER_CHARS + 1;
    const posted = elideLargeValues(report, chars);
    const rows = Object.entries(report.converters).flatMap(([id, row]) => Object.entries(row.policies).map(([policy, p]) => ({ id, policy, p })));
    expect(rows.length).toBeGreaterThan(10);
    for (const { id, policy, p } of rows) {
      const out = posted.converters[id as keyof typeof posted.converters]?.policies[policy as 'raw'];
      expect(out?.verdicts).toEqual(p.verdicts);
      expect(out?.undeclared).toEqual(p.undeclared);
      expect(out?.refused).toBe(p.refused);
      if (p.ships === null) expect(out?.ships).toBeNull();
      else {
        expect(isElided(out?.ships)).toBe(true);
        const keys = Object.keys(p.ships).length;
        expect(elidedInfo(out?.ships as never)).toEqual({ summary: `an object (${keys} key${keys === 1 ? '' : 's'})`, answerChars: chars });
      }
    }
    // One value shipped by several rows is one stand-in: the page copies it once. The rows ship a few distinct values
    // (the answer, its parse), so posting every row's stand-in costs a few stand-ins, not one per row.
    const standIns = rows.map(({ id, policy }) => posted.converters[id as 'zod']?.policies[policy as 'raw']?.ships).filter((s) => s !== null);
    expect(standIns.length).toBeGreaterThan(20);
    expect(postedBytes(standIns)).toBeLessThan(5 * postedBytes(standIns[0]));
    expect(isElided(posted.realSdk.v1?.structuredContent)).toBe(report.realSdk.v1?.structuredContent !== null);
    expect(posted.realSdk.v1?.callError).toBe(report.realSdk.v1?.callError);
    expect(posted.converters.zod?.listed).toEqual(report.converters.zod?.listed);
  });

  it('an answer that merely has the marker key among others is not taken for a stand-in', () => {
    expect(isElided({ $mcpPlaygroundElided: { summary: 'x', answerChars: 1 }, a: 1 })).toBe(false);
    expect(isElided([1])).toBe(false);
  });

  it('the Vitest export refuses a report whose SDK result was not brought to the page', async () => {
    const loose = { ...CASE, schema: CASE.schema.replace('z.object', 'z.looseObject') };
    const report = await evaluate(loose);
    expect(report.realSdk.v2?.structuredContent).not.toBeNull();
    expect(reproductionUnavailable(report, 'v2')).toBeNull();
    expect(reproductionUnavailable(elideLargeValues(report, ELIDE_ANSWER_CHARS + 1), 'v2')).toMatch(/too large for a test file/);
  });

  it('the report of a 20,000-key answer (issue 9, item 6) reaches the page smaller than one copy of the answer, its verdicts whole', async () => {
    const answer = `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const report = await evaluate({ ...CASE, schema: "import { z } from 'zod';\nexport default z.object({});", answer });
    const posted = elideLargeValues(report, answer.length);
    expect(JSON.stringify(posted).length).toBeLessThan(answer.length);
    expect(posted.converters['mcp-sdk-v1']?.policies.raw?.verdicts).toEqual(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts);
    expect(posted.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1'].valid).toBe(false);
  });
});
