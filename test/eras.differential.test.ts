/**
 * The engine in both protocol eras against what the real v2 packages did (test/fixtures/eras/v2-2.4.0.json, recorded
 * by test/record-eras.ts): the real run, the mcp-sdk-v2 listing, and what its `raw` row ships and says. No expected
 * value here is written by hand; the era rule for the other converters (engine/era.ts) is checked as a rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { realRunOf, shipsOf } from '../src/engine/values.ts';
import type { Report } from '../src/engine/report.ts';
import { V1_ERA_NOTE } from '../src/engine/era.ts';
import type { EraCase } from './eras.cases.ts';
import type { EraRun } from './record-eras.ts';

interface Recorded {
  cases: Array<{ case: EraCase; eras: Record<'2025-11-25' | '2026-07-28', EraRun> }>;
}

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'eras', 'v2-2.4.0.json'), 'utf8')) as Recorded;
const ERAS = ['2025-11-25', '2026-07-28'] as const;

function evaluateIn(protocol: (typeof ERAS)[number], c: EraCase): Promise<Report> {
  return evaluate({ v: 1, schema: c.schema, answer: c.answer, ...(c.answerForm ? { answerForm: c.answerForm } : {}), ...(protocol === '2026-07-28' ? { protocol } : {}) });
}

/** What the recording says happened on the wire: a client throw, a refusal the server made itself, or what shipped. */
function recordedOutcome(run: EraRun, c: EraCase) {
  const serverRefusal = run.isError && run.text !== null && !c.answer.includes(JSON.stringify(run.text)) ? run.text : null;
  return { listed: run.listed, said: run.callError ?? serverRefusal, ships: run.callError ?? serverRefusal ? null : run.structuredContent };
}

/** The same, from the mcp-sdk-v2 converter's `raw` row and the sdk-v2-node client. */
function rowOutcome(report: Report) {
  const row = report.converters['mcp-sdk-v2'];
  const raw = row?.policies.raw;
  const verdict = raw?.verdicts['sdk-v2-node'];
  const said = raw?.refused ?? (verdict?.valid === false ? verdict.message : null);
  return { listed: row?.listed ?? null, said, ships: said === null ? shipsOf(report, raw) : null };
}

describe.each(RECORDED.cases.map((c) => [c.case.name, c] as const))('%s', (_name, recorded) => {
  it.each(ERAS)('in %s: the real run, the mcp-sdk-v2 listing and its raw row match the real packages', async (era) => {
    const run = recorded.eras[era];
    expect(run.protocol, 'the recording negotiated its era').toBe(era);
    const report = await evaluateIn(era, recorded.case);
    expect(report.protocol).toBe(era);
    const { protocol, ...real } = realRunOf(report, 'v2') ?? { protocol: undefined };
    expect(real).toEqual({ listed: run.listed, listError: run.listError, structuredContent: run.structuredContent, isError: run.isError, text: run.text, callError: run.callError });
    expect(protocol, 'the v2 row names the era it negotiated (modern era only)').toBe(era === '2026-07-28' ? era : undefined);
    expect(rowOutcome(report)).toEqual(recordedOutcome(run, recorded.case));
  });

  it('in 2026-07-28 nothing is wrapped, and SDK 1.x says it speaks only 2025-11-25', async () => {
    const report = await evaluateIn('2026-07-28', recorded.case);
    const bare = recorded.eras['2026-07-28'].structuredContent;
    for (const [id, row] of Object.entries(report.converters)) {
      const raw = row.policies.raw;
      if (id === 'mcp-sdk-v1' || !raw || raw.refused !== null || row.listed === null) continue;
      // Every other converter follows the v2 server's modern rule: the value ships as the tool gave it.
      if (bare !== null || recorded.case.answer.endsWith('null')) expect(shipsOf(report, raw), id).toEqual(bare ?? JSON.parse(recorded.case.answer));
    }
    expect(report.realSdk.v1?.protocol).toBe('2025-11-25');
    expect(report.converters['mcp-sdk-v1']?.warning).toBe(V1_ERA_NOTE.listing);
    const v2raw = report.converters['mcp-sdk-v2']?.policies.raw;
    // Where something ships, the v1 client says why it gives no verdict (a refused answer reaches no client at all).
    if (v2raw?.refused === null && !recorded.eras['2026-07-28'].isError) expect(v2raw.verdicts['sdk-v1']).toEqual({ valid: null, message: V1_ERA_NOTE.client });
  });

  it.runIf(recorded.case.control)('an object root is the same in both eras (recorded and evaluated)', async () => {
    const [old, modern] = [recorded.eras['2025-11-25'], recorded.eras['2026-07-28']];
    expect({ ...modern, protocol: null }).toEqual({ ...old, protocol: null });
    const [a, b] = await Promise.all(ERAS.map((era) => evaluateIn(era, recorded.case)));
    expect(rowOutcome(b as Report)).toEqual(rowOutcome(a as Report));
  });
});
