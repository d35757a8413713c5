/**
 * Checking proposed fixes before they are offered: each edited case runs in the sandbox (side runs, beside the live
 * verdict), its report is checked against the contract, and the fix is kept only if the target verdict turns PASS.
 */
import type { Case } from '../../engine/case.ts';
import { judge, type Judgement } from '../../engine/fixes/index.ts';
import type { JsonSchema, Report } from '../../engine/report.ts';
import type { Outcome } from '../../sandbox/protocol.ts';
import { checkReport } from '../../state/reportCheck.ts';
import type { FixCandidate, FixTarget } from '../../engine/fixes/types.ts';
import { combineFixes } from '../../engine/fixes/combine.ts';

/** A fix whose edited case passed, with what the selected converter listed before and after it. */
export interface CheckedFix {
  fix: FixCandidate;
  zodChange: Judgement['zodChange'];
  listedBefore: JsonSchema | null;
  listedAfter: JsonSchema | null;
}

/** An edit whose case still fails, but on fewer places: what it fixes and what still fails. */
export interface PartialFix {
  fix: FixCandidate;
  fixed: string[];
  remaining: string[];
}

/**
 * What checking found: the fixes to offer, the partial ones, how many edited cases ran, and the changes that could
 * only be put in words.
 */
export interface FixCheck {
  offered: CheckedFix[];
  partial: PartialFix[];
  tried: number;
  inWords: FixCandidate[];
}

/** A check before anything ran. */
export const NO_CHECK: FixCheck = { offered: [], partial: [], tried: 0, inWords: [] };

/**
 * Runs each edited candidate through `run` (one at a time, in order), then, when none passes alone, the partial ones
 * together (combineFixes: every combination up to a small bound); `onProgress` sees each step's partial result.
 */
export async function checkFixes(
  candidates: readonly FixCandidate[],
  base: Case,
  before: Report,
  target: FixTarget,
  run: (c: Case) => Promise<Outcome>,
  onProgress: (check: FixCheck) => void = () => {},
): Promise<FixCheck> {
  const listed = (r: Report, policy = target.policy) => {
    const converter = r.converters[target.converter];
    return converter?.policies[policy]?.listed ?? converter?.listed ?? null;
  };
  const check: FixCheck = { offered: [], partial: [], tried: 0, inWords: [] };
  /** Runs one edited case: false once a newer request made it stale (checking stops). */
  const tryEdit = async (fix: FixCandidate & { schema: string }): Promise<boolean> => {
    const outcome = await run({ ...base, schema: fix.schema, answer: fix.answer ?? base.answer });
    if (outcome.kind === 'stale') return false;
    check.tried++;
    const checked = outcome.kind === 'report' ? checkReport(outcome.report) : null;
    const verdict = checked?.ok ? judge(before, checked.report, target) : null;
    if (checked?.ok && verdict?.passes) check.offered.push({ fix, zodChange: verdict.zodChange, listedBefore: listed(before), listedAfter: listed(checked.report) });
    else if (verdict && verdict.fixed.length > 0 && !fix.parts) check.partial.push({ fix, fixed: verdict.fixed, remaining: verdict.remaining });
    onProgress({ ...check, offered: [...check.offered], partial: [...check.partial] });
    return true;
  };
  for (const fix of candidates) {
    if (fix.verifiedBy) check.offered.push({ fix, zodChange: null, listedBefore: listed(before), listedAfter: listed(before, fix.verifiedBy) });
    else if (fix.schema === null) check.inWords.push(fix);
    else if (!(await tryEdit({ ...fix, schema: fix.schema }))) return check;
  }
  if (check.offered.some((f) => f.fix.schema !== null)) return check;
  for (const fix of combineFixes(base.schema, check.partial.map((p) => p.fix))) {
    if (fix.schema !== null && !(await tryEdit({ ...fix, schema: fix.schema }))) return check;
  }
  return check;
}
