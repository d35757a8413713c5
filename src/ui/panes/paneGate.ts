/** Why a pane has nothing to show yet, or null when it does. */
import type { Report } from '../../engine/report.ts';
import type { RunState } from '../../state/store.ts';
import { answerProblem } from '../answerProblem.ts';
import { usePlayground } from '../storeContext.ts';

const NOT_FINISHED = 'No result: the run did not finish (see the message above).';
const WAITING = 'Waiting for the first evaluation…';
const NO_REPORT: Record<RunState['kind'], string> = {
  idle: WAITING,
  evaluating: WAITING,
  done: WAITING,
  held: 'Not run yet: see the message above.',
  timeout: NOT_FINISHED,
  crash: NOT_FINISHED,
};

/** The sentence a pane shows instead of its content; `needsAnswer` for panes that depend on the parsed answer. */
export function paneGate(report: Report | null, run: RunState['kind'], needsAnswer: boolean): string | null {
  if (!report) return NO_REPORT[run];
  if (!report.load.ok) return 'Nothing to show: the schema did not load (see the error above).';
  if (needsAnswer && !report.answer.ok) return `Nothing to show: ${answerProblem(report.role, report.answer.error)} (see the error above).`;
  return null;
}

/** The last report and, when a pane cannot show it, why. */
export function usePaneGate(needsAnswer: boolean): { report: Report | null; gate: string | null } {
  const report = usePlayground((s) => s.report);
  // The sentence itself, not the run's state: a pane is not rendered again for every run that starts and ends.
  const gate = usePlayground((s) => paneGate(s.report, s.run.kind, needsAnswer));
  return { report, gate };
}
