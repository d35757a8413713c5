/** Asking the sandbox for generated answers: the case with a `generate` field, run beside the live verdict, report checked. */
import type { ClientId, ConverterId } from '../../engine/contract/catalog.ts';
import { SEARCH_MS } from '../../engine/generate/request.ts';
import type { Case } from '../../engine/case.ts';
import type { Generated } from '../../engine/report.ts';
import type { Outcome } from '../../sandbox/protocol.ts';
import { checkReport } from '../../state/reportCheck.ts';

/** What to ask for. */
export type Want = 'sample' | 'counterexamples';

/** The generated answers, or the sentence saying why there are none. */
export type GenerateResult = { ok: true; generated: Generated } | { ok: false; message: string };

/** Runs `base` with a generate request for `want` under the converter and client; null when the run went stale. */
export async function runGenerate(base: Case, want: Want, converter: ConverterId, client: ClientId, run: (c: Case) => Promise<Outcome>): Promise<GenerateResult | null> {
  // The request rides along on the case; the engine reads it apart (engine/generate/request.ts).
  const asked = { ...base, generate: { want, converter, client, budgetMs: SEARCH_MS } };
  const outcome = await run(asked);
  if (outcome.kind === 'stale') return null;
  if (outcome.kind === 'timeout') return { ok: false, message: `the sandbox stopped the run after ${outcome.budgetMs} ms` };
  if (outcome.kind === 'crash') return { ok: false, message: `the sandbox crashed: ${outcome.message}` };
  const checked = checkReport(outcome.report);
  if (!checked.ok) return { ok: false, message: checked.message };
  const { generated, load } = checked.report;
  if (!load.ok) return { ok: false, message: `the schema does not load: ${load.error.message}` };
  return generated ? { ok: true, generated } : { ok: false, message: 'the sandbox returned no generated answers' };
}
