/** Why a pane has nothing to show yet, or null when it does. */
import type { Report } from '../../engine/report.ts';

/** The sentence a pane shows instead of its content; `needsAnswer` for panes that depend on the parsed answer. */
export function paneGate(report: Report | null, needsAnswer: boolean): string | null {
  if (!report) return 'Waiting for the first evaluation…';
  if (!report.load.ok) return 'Nothing to show: the schema did not load (see the error above).';
  if (needsAnswer && !report.answer.ok) return 'Nothing to show: the answer is not valid JSON (see the error above).';
  return null;
}
