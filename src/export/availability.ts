/**
 * Whether a Vitest file can be exported for a report, and the names of its choices: what the Export menu needs before
 * the user picks an export (the generators themselves, vitest.ts and markdown.ts, load on that click).
 */
import { REAL_SDK_ENTRIES, titleOf, type RealSdkId } from '../engine/contract/catalog.ts';
import type { Report } from '../engine/report.ts';
import { checkToolName } from '../engine/tool-name.ts';
import { realRunOf } from '../engine/values.ts';
import { isElided } from '../sandbox/elide.ts';
import { answerProblem, capitalized } from '../ui/answerProblem.ts';

/** Which published SDK the test drives. */
export type ReproSdk = RealSdkId;

/** Which test: the one a user keeps in CI (`accepts`), or today's outcome pinned (`pin`). */
export type ReproForm = 'accepts' | 'pin';

/** Why no test can be exported for this report, or null when one can. */
export function reproductionUnavailable(report: Report, sdk: ReproSdk): string | null {
  if (!report.load.ok) return `The schema does not load (${report.load.error.message}), so there is nothing to reproduce.`;
  if (!report.answer.ok) return `${capitalized(answerProblem(report.role, report.answer.error))} (${report.answer.error.message}), so there is nothing to reproduce.`;
  const refusal = checkToolName(report.tool).refusal;
  if (refusal) return refusal;
  // The real run's handler returned Dates there (an ISO string at a z.date() stands for one); the exported file's handler returns the JSON as is,
  // so its server would refuse what the playground's accepted: no file rather than one that disagrees with the verdict.
  if (report.answerDates) return `The answer holds z.date() values (${report.answerDates.join(', ')}), which the exported handler cannot return as Dates yet.`;
  const run = realRunOf(report, sdk);
  if (!run) return `${titleOf(REAL_SDK_ENTRIES, sdk)} did not run for this case.`;
  if (isElided(run.structuredContent)) return 'The answer is too large for a test file here (its result was not brought to the page).';
  if (run.callError?.startsWith('The SDK did not answer within') || run.listError?.startsWith('The SDK did not answer')) {
    return `${titleOf(REAL_SDK_ENTRIES, sdk)} did not answer in time, and a test of that would hang.`;
  }
  return null;
}
