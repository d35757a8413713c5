/**
 * The engine in each version world against what the real packages did (test/fixtures/worlds/*.json, recorded by
 * test/record-worlds.ts from clean installs): the real runs, the SDK converters' listings, and what the SDK policy
 * (`raw`) row says the server refuses or the client throws. No expected value here is written by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { ConverterRow, Report } from '../src/engine/report.ts';
import { realRunOf, type ExpandedRealSdkRow as RealSdkRow } from '../src/engine/values.ts';
import type { RecordedRun } from './record-worlds.ts';

interface Recorded {
  zod: string;
  cases: Array<{ case: { name: string; schema: string; answer: string; answerForm?: 'structuredContent' | 'result' }; v1_132: RecordedRun; v1_120: RecordedRun; v2: RecordedRun }>;
}

const DIR = join(import.meta.dirname, 'fixtures', 'worlds');
const FILES: Recorded[] = readdirSync(DIR).map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Recorded);

/** The real run, field by field as the Report carries it. */
function realRow(run: RecordedRun): RealSdkRow {
  return { listed: run.listed as RealSdkRow['listed'], listError: run.listError, structuredContent: run.structuredContent as RealSdkRow['structuredContent'], isError: run.isError, text: run.text, callError: run.callError };
}

/** What the converter's `raw` row says happened: the server's refusal, the client's throw, or a pass. */
function rawOutcome(row: ConverterRow | undefined, client: 'sdk-v1' | 'sdk-v2-node'): { listed: unknown; listError: string | null; said: string | null } {
  const raw = row?.policies.raw;
  const verdict = raw?.verdicts[client];
  return { listed: row?.listed ?? null, listError: row?.listError ?? null, said: raw?.refused ?? (verdict?.valid === false ? verdict.message : null) };
}

/** The same, from the recording: a call error, or the text of an isError result the server made itself. */
function recordedOutcome(run: RecordedRun, answerText: string): { listed: unknown; listError: string | null; said: string | null } {
  const serverRefusal = run.isError && run.text !== null && !answerText.includes(JSON.stringify(run.text)) ? run.text : null;
  return { listed: run.listed, listError: run.listError, said: run.callError ?? serverRefusal };
}

async function evaluateIn(zod: string, sdk: string, c: Recorded['cases'][number]['case']): Promise<Report> {
  return evaluate({ v: 1, schema: c.schema, answer: c.answer, ...(c.answerForm ? { answerForm: c.answerForm } : {}), versions: { zod, sdk } });
}

describe.each(FILES.map((f) => [f.zod, f] as const))('zod %s', (zod, file) => {
  describe.each(file.cases.map((c) => [c.case.name, c] as const))('%s', (_name, recorded) => {
    it('SDK 1.32.2 and server 2.4.0: real runs, listings and the raw rows match the real packages', async () => {
      const report = await evaluateIn(zod, '1.32.2', recorded.case);
      expect(realRunOf(report, 'v1')).toEqual(realRow(recorded.v1_132));
      expect(realRunOf(report, 'v2')).toEqual(realRow(recorded.v2));
      expect(rawOutcome(report.converters['mcp-sdk-v1'], 'sdk-v1')).toEqual(recordedOutcome(recorded.v1_132, recorded.case.answer));
      expect(rawOutcome(report.converters['mcp-sdk-v2'], 'sdk-v2-node')).toEqual(recordedOutcome(recorded.v2, recorded.case.answer));
    });

    it('SDK 1.20.2: the real run, the listing and the raw row match the real package', async () => {
      const report = await evaluateIn(zod, '1.20.2', recorded.case);
      expect(realRunOf(report, 'v1')).toEqual(realRow(recorded.v1_120));
      expect(rawOutcome(report.converters['mcp-sdk-v1'], 'sdk-v1')).toEqual(recordedOutcome(recorded.v1_120, recorded.case.answer));
    });
  });
});
