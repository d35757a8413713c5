/**
 * Checking proposed fixes before they are offered: each edited case runs in the sandbox (side runs, beside the live
 * verdict), its report is checked against the contract, and the fix is kept only if the target verdict turns PASS.
 */
import type { CaseInput } from '../../engine/case.ts';
import { judge, type FixCandidate, type FixTarget, type Judgement } from '../../engine/fixes/index.ts';
import type { JsonSchema, Report } from '../../engine/report.ts';
import type { Outcome } from '../../sandbox/protocol.ts';
import { checkReport } from '../../state/reportCheck.ts';

/** A fix whose edited case passed, with what the selected converter listed before and after it. */
export interface CheckedFix {
  fix: FixCandidate;
  zodChange: Judgement['zodChange'];
  listedBefore: JsonSchema | null;
  listedAfter: JsonSchema | null;
}

/** What checking found: the fixes to offer, how many edited cases ran, and the changes that could only be put in words. */
export interface FixCheck {
  offered: CheckedFix[];
  tried: number;
  inWords: FixCandidate[];
}

/** Runs each edited candidate through `run` (one at a time, in order); `onProgress` sees each step's partial result. */
export async function checkFixes(
  candidates: readonly FixCandidate[],
  base: CaseInput,
  before: Report,
  target: FixTarget,
  run: (c: CaseInput) => Promise<Outcome>,
  onProgress: (check: FixCheck) => void = () => {},
): Promise<FixCheck> {
  const listed = (r: Report, policy = target.policy) => {
    const converter = r.converters[target.converter];
    return converter?.policies[policy]?.listed ?? converter?.listed ?? null;
  };
  const check: FixCheck = { offered: [], tried: 0, inWords: [] };
  for (const fix of candidates) {
    if (fix.verifiedBy) check.offered.push({ fix, zodChange: null, listedBefore: listed(before), listedAfter: listed(before, fix.verifiedBy) });
    else if (fix.schema === null) check.inWords.push(fix);
    else {
      const outcome = await run({ ...base, schema: fix.schema, answer: fix.answer ?? base.answer });
      if (outcome.kind === 'stale') return check;
      check.tried++;
      const checked = outcome.kind === 'report' ? checkReport(outcome.report) : null;
      const verdict = checked?.ok ? judge(before, checked.report, target) : null;
      if (checked?.ok && verdict?.passes) check.offered.push({ fix, zodChange: verdict.zodChange, listedBefore: listed(before), listedAfter: listed(checked.report) });
    }
    onProgress({ ...check, offered: [...check.offered] });
  }
  return check;
}
