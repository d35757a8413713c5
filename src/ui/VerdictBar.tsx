/**
 * One line with the chosen client's verdict per policy, kept in view on narrow screens (sticky at the bottom) so the
 * verdict shows without scrolling past both editors; a click goes to the verdict pane. Its height never changes, so
 * nothing shifts when the verdict arrives. Hidden on wide screens, where the verdict pane itself is in view.
 */
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, entryOf, titleOf } from '../engine/contract/catalog.ts';
import { usePaneGate } from './panes/paneGate.ts';
import { policyRows } from './panes/policyRows.ts';
import { VerdictBadge } from './panes/Verdict.tsx';
import { describeRun } from './StatusLine.tsx';
import { usePlayground } from './storeContext.ts';

/** The bar. */
export function VerdictBar() {
  const { report, gate } = usePaneGate(true);
  // The sentence, not the run state and the answer's length: the bar is not rendered again for every keystroke.
  const status = usePlayground((s) => describeRun(s.run, { answerChars: s.answer.length, role: s.role }).text);
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const row = report?.converters[converter];
  const rows = policyRows(row);
  const go = () => document.querySelector('[data-pane="verdict"]')?.scrollIntoView({ block: 'start' });
  return (
    <button type="button" className="verdict-bar" data-testid="verdict-bar" onClick={go} title="Go to the verdicts">
      <span className="bar-who" title={`${entryOf(CLIENT_ENTRIES, client).title} on the ${titleOf(CONVERTER_ENTRIES, converter)} listing`}>
        <span>{entryOf(CLIENT_ENTRIES, client).short}</span>
        <span className="bar-on">on {titleOf(CONVERTER_ENTRIES, converter)}</span>
      </span>
      {gate || !row ? (
        <span className="bar-text">{gate ?? status}</span>
      ) : row.listError ? (
        <span className="bar-text" data-tone="error">tools/list fails{row.listErrorAt ? ` at ${row.listErrorAt}` : ''}: {row.listError}</span>
      ) : (
        rows.map(({ policy, row: r }) => (
          <span key={policy.id} className="bar-verdict">
            {policy.title} <VerdictBadge verdict={r.verdicts[client]} small />
          </span>
        ))
      )}
    </button>
  );
}
