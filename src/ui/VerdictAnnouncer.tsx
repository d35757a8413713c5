/** A polite, invisible summary of the verdicts for screen readers: one sentence per finished run, not the whole pane. */
import type { PlaygroundState } from '../state/store.ts';
import { answerProblem, capitalized } from './answerProblem.ts';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, titleOf } from '../engine/contract/catalog.ts';
import { policyRows } from './panes/policyRows.ts';
import { usePlayground } from './storeContext.ts';

const WORD = { true: 'PASS', false: 'FAIL', null: 'not validated' } as const;

/** E.g. "SDK v1 client, SDK v1 listing: raw FAIL, strip PASS, …", or '' while nothing finished. */
export function selectVerdictSummary(s: PlaygroundState): string {
  if (s.run.kind !== 'done' || !s.report) return '';
  if (!s.report.load.ok) return 'The schema did not load.';
  if (!s.report.answer.ok) return `${capitalized(answerProblem(s.role, s.report.answer.error))}.`;
  const rows = policyRows(s.report.converters[s.converter]);
  const verdicts = rows.map(({ policy, row }) => `${policy.title} ${WORD[`${row.verdicts[s.client]?.valid ?? null}`]}`);
  return `${titleOf(CLIENT_ENTRIES, s.client)}, ${titleOf(CONVERTER_ENTRIES, s.converter)} listing: ${verdicts.join(', ') || 'no policy applies'}.`;
}

/** The live region. */
export function VerdictAnnouncer() {
  const summary = usePlayground(selectVerdictSummary);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="verdict-summary">
      {summary}
    </p>
  );
}
