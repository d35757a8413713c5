/**
 * Generation through evaluate(): the sample answer and the counterexamples are checked again by a separate, ordinary
 * evaluation of the same case with that answer (zod's parse, the SDK client's real validator), never taken on trust.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { checkReport } from '../src/state/reportCheck.ts';
import { RUN_BUDGET_MS, runBudgetMs } from '../src/sandbox/policy.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { searchCounterexamples } from '../src/engine/generate/search.ts';
import { fastCheck } from '../src/engine/chunks.ts';
import type { Json } from '../src/engine/report.ts';

const copilot = EXAMPLES.find((e) => e.id === 'copilot-extra-key')!.case;
const ask = (want: 'sample' | 'counterexamples', budgetMs = 1000) => ({ want, converter: copilot.converter, client: copilot.client, budgetMs });

/** The raw row of an ordinary evaluation of the case with `answer`. */
async function rawRow(schema: string, answer: string) {
  const report = await evaluate({ ...copilot, schema, answer });
  return report.converters[copilot.converter]?.policies.raw;
}

describe('generate', () => {
  it('builds a sample answer that zod and the selected client both accept', async () => {
    const report = await evaluate({ ...copilot, generate: ask('sample') });
    expect(checkReport(report).ok).toBe(true);
    const sample = report.generated?.found[0];
    expect(sample?.kind).toBe('sample');
    const row = await rawRow(copilot.schema, sample!.answer);
    expect(row?.refused).toBeNull();
    expect(row?.verdicts[copilot.client]?.valid).toBe(true);
  });

  it('finds an answer zod accepts and the client rejects in the Copilot case, and it is one', async () => {
    const report = await evaluate({ ...copilot, generate: ask('counterexamples') });
    expect(checkReport(report).ok).toBe(true);
    const found = report.generated?.found.find((f) => f.kind === 'zod-accepts-client-rejects');
    expect(found?.verdict.message).toContain('must NOT have additional properties');
    // The case's own answer already disagrees: a counterexample is another answer, never the one on screen.
    for (const f of report.generated?.found ?? []) expect(JSON.parse(f.answer)).not.toEqual(JSON.parse(copilot.answer));
    const row = await rawRow(copilot.schema, found!.answer);
    expect(row?.refused).toBeNull();
    expect(row?.verdicts[copilot.client]?.valid).toBe(false);
  });

  it('never offers the case\'s own answer as a counterexample, even when it is the only disagreement near it', async () => {
    const own: Json = { id: '1', costCenter: 'CC-7' };
    // A judge under which only the case's own answer disagrees: the search must come back empty-handed, not with it.
    await fastCheck.load();
    const judge = async (answers: readonly Json[]) => answers.map((a) => ({ zodAccepts: true, verdict: JSON.stringify(a) === JSON.stringify(own) ? { valid: false, message: 'no' } : { valid: true, message: null } }));
    const { found, tries } = await searchCounterexamples([{ id: '' }, own], judge, 200, Date.now, own);
    expect(tries).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it('judges with the client of the picked versions (SDK 1.20.2 words its refusal with Ajv 6)', async () => {
    const versions = { zod: '3.25.76', sdk: '1.20.2' };
    const report = await evaluate({ ...copilot, versions, generate: ask('counterexamples') });
    const found = report.generated?.found.find((f) => f.kind === 'zod-accepts-client-rejects');
    const row = (await evaluate({ ...copilot, versions, answer: found!.answer })).converters[copilot.converter]?.policies.raw;
    expect(found?.verdict.message).toContain('should NOT have additional properties');
    expect(found?.verdict.message).toBe(row?.verdicts[copilot.client]?.message);
  });

  it('says so, with the number of tries, when zod and the client never disagree', async () => {
    const schema = 'import { z } from "zod";\nexport default z.looseObject({ ok: z.boolean() });\n';
    const report = await evaluate({ ...copilot, schema, answer: '{ "ok": true }', generate: ask('counterexamples', 300) });
    expect(report.generated?.found).toEqual([]);
    expect(report.generated?.tries).toBeGreaterThan(10);
    expect(report.generated?.note).toBe(`no disagreement found in ${report.generated?.tries} tries`);
  });

  it('gives a search its time on top of the run budget', () => {
    const c = { ...copilot, generate: ask('counterexamples', 2000) };
    expect(runBudgetMs(RUN_BUDGET_MS, c, false) - runBudgetMs(RUN_BUDGET_MS, copilot, false)).toBe(2000);
  });
});
