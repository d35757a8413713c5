/**
 * The right side: status, errors, the example's explanation, and the panes (dimmed while they show an older case's
 * report, and labelled so when that report is all there will be); a pane that throws shows a card, the others stay.
 */
import type { ReactNode } from 'react';
import { selectIsEarlier, selectIsStale } from '../state/store.ts';
import { ErrorBoundary, FailedCard } from './ErrorBoundary.tsx';
import { ExampleStrip } from './ExampleStrip.tsx';
import { Pane } from './panes/Pane.tsx';
import { visiblePanes } from './panes/registry.ts';
import { Problems } from './Problems.tsx';
import { StatusLine } from './StatusLine.tsx';
import { usePlayground, useServices } from './storeContext.ts';
import { VerdictAnnouncer } from './VerdictAnnouncer.tsx';

/** The label on results that describe an earlier version of the case than the one in the editors. */
export const EARLIER_VERSION = 'From an earlier version of the case: the latest run did not finish.';

/** Status line, problems and panes (those the page's `panes=` option picks, in its order). */
export function Results() {
  const { options } = useServices();
  const panes = visiblePanes(options.panes);
  // An embed lists its panes in the order its link gives, so they stay one list there.
  const columns = options.embed ? [panes] : columnsOf(panes);
  return (
    <div className="results">
      <StatusLine />
      <VerdictAnnouncer />
      <Problems />
      <ExampleStrip />
      <EarlierNote />
      <PanesFrame count={panes.length}>
        {/* Two columns, each sharing its height out on its own: a short pane takes what it needs, its neighbour below the rest. */}
        {columns.map((column, c) => (
          <div className="pane-column" key={c}>
            {column.map(({ id, title, component: Body, tools: Tools }) => (
              <Pane
                key={id}
                id={id}
                title={title}
                tools={
                  Tools && (
                    <PaneBoundary what="These controls">
                      <Tools />
                    </PaneBoundary>
                  )
                }
              >
                <PaneBoundary what="This pane">
                  <Body />
                </PaneBoundary>
              </Pane>
            ))}
          </div>
        ))}
      </PanesFrame>
    </div>
  );
}

/**
 * The panes' container, dimmed while a run is coming. It alone follows the run's state: the panes it holds are the
 * same elements across an edit's `evaluating`, so React renders them again only when what they show changes.
 */
function PanesFrame({ count, children }: { count: number; children: ReactNode }) {
  const stale = usePlayground(selectIsStale);
  return (
    <div className="panes" data-stale={stale} aria-busy={stale} data-count={count}>
      {children}
    </div>
  );
}

function EarlierNote() {
  const earlier = usePlayground(selectIsEarlier);
  return earlier ? (
    <p className="earlier-note" data-testid="earlier-note">
      {EARLIER_VERSION}
    </p>
  ) : null;
}

/** The panes in two columns as they read in two rows (1st and 3rd left, 2nd and 4th right); one pane, one column. */
export function columnsOf<T>(panes: readonly T[]): T[][] {
  if (panes.length < 2) return [[...panes]];
  return [panes.filter((_, i) => i % 2 === 0), panes.filter((_, i) => i % 2 === 1)];
}

/** A boundary around one pane's part, tried again whenever what it renders from (the report, the converter, the client) changes. */
function PaneBoundary({ what, children }: { what: string; children: ReactNode }) {
  const report = usePlayground((s) => s.report);
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  return (
    <ErrorBoundary resetKeys={[report, converter, client]} fallback={(message) => <FailedCard what={what} message={message} />}>
      {children}
    </ErrorBoundary>
  );
}
