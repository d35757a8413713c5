/**
 * At a z.date() position (output role), an ISO date-time string stands for the Date a handler
 * returns: zod parses the Date, what ships is the string JSON.stringify writes, and the real SDK runs agree; any other
 * string there is the answer's own error, with its position.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { evaluate } from '../src/engine/evaluate.ts';
import { realRunOf, shipsOf } from '../src/engine/values.ts';
import { reproductionUnavailable } from '../src/export/availability.ts';
import { POLICY_IDS } from '../src/engine/contract/catalog.ts';
import { reviveDates } from '../src/engine/lib/dates.ts';
import { checkReport } from '../src/state/reportCheck.ts';
import { UndeclaredPane } from '../src/ui/panes/UndeclaredPane.tsx';
import { renderPane } from './render-pane.ts';

const SCHEMA = "import { z } from 'zod';\nexport default z.object({ id: z.string(), createdAt: z.date(), events: z.array(z.object({ at: z.date().optional() })) });\n";
const ANSWER = '{ "id": "1", "createdAt": "2024-05-01T10:00:00Z", "events": [{ "at": "2024-05-02T08:30:00.000+02:00" }] }';
const SHIPS = { id: '1', createdAt: '2024-05-01T10:00:00.000Z', events: [{ at: '2024-05-02T06:30:00.000Z' }] };

describe('z.date() answers', () => {
  it('zod parses the Date, every policy ships its JSON, and a listing that says date-time passes', async () => {
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: ANSWER, converter: 'wire-truthful', client: 'sdk-v1' });
    expect(checkReport(report).ok).toBe(true);
    expect(report.answerDates).toEqual(['createdAt', 'events[].at']);
    const row = report.converters['wire-truthful']!;
    for (const id of POLICY_IDS) {
      expect(row.policies[id]?.refused, id).toBeNull();
      expect(shipsOf(report, row.policies[id]), id).toEqual(SHIPS);
    }
    for (const client of ['sdk-v1', 'sdk-v2-node', 'sdk-v2-browser'] as const) expect(row.policies.raw?.verdicts[client]?.valid, client).toBe(true);
    // The real servers: the handler returns Dates, the client receives the strings.
    for (const run of [realRunOf(report, 'v1'), realRunOf(report, 'v2')]) expect(run).toMatchObject({ structuredContent: SHIPS, isError: false, callError: null });
    expect(renderPane(report, { schema: SCHEMA, answer: ANSWER, converter: 'wire-truthful' }, UndeclaredPane)).toContain('data-testid="answer-dates"');
    // The Vitest export's handler returns the JSON as is, so it would refuse what the real run accepted: it says so instead.
    for (const sdk of ['v1', 'v2'] as const) expect(reproductionUnavailable(report, sdk)).toContain('z.date() values (createdAt, events[].at)');
  });

  it('a string that is not an ISO date-time is the answer’s own error, at its position', async () => {
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: '{ "id": "1",\n  "createdAt": "yesterday", "events": [] }' });
    expect(report.answer).toEqual({
      ok: false,
      error: { message: '`createdAt` is a z.date(): a handler\'s Date ships as an ISO date-time string (like "2024-05-01T10:00:00.000Z"), and "yesterday" is not one.', line: 2, column: 16 },
    });
    expect(report.converters['wire-truthful']?.listed).not.toBeNull();
  });

  it('leaves the input role, non-string values and schemas without z.date() as they are', async () => {
    const input = await evaluate({ v: 1, role: 'input', schema: SCHEMA, answer: ANSWER });
    expect(input.answerDates).toBeUndefined();
    expect(input.input?.ok).toBe(false);
    const value = { when: 5 };
    expect(reviveDates(z.object({ when: z.date() }), value, '')).toEqual({ ok: true, value, paths: [] });
    expect(reviveDates(z.object({ when: z.string() }), { when: 'x' }, '')).toEqual({ ok: true, value: { when: 'x' }, paths: [] });
    // A union that takes the string as a string keeps it a string.
    expect(reviveDates(z.object({ when: z.union([z.string(), z.date()]) }), { when: '2024-05-01T10:00:00Z' }, '').ok && true).toBe(true);
    const both = reviveDates(z.object({ when: z.union([z.number(), z.date()]) }), { when: '2024-05-01T10:00:00Z' }, '');
    expect(both.ok && both.value).toEqual({ when: new Date('2024-05-01T10:00:00Z') });
  });
});
