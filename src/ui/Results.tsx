/** The right side: status, errors, the example's explanation, and the panes (dimmed while they show an older case's report). */
import { selectIsStale } from '../state/store.ts';
import { ExampleStrip } from './ExampleStrip.tsx';
import { Pane } from './panes/Pane.tsx';
import { visiblePanes } from './panes/registry.ts';
import { Problems } from './Problems.tsx';
import { StatusLine } from './StatusLine.tsx';
import { usePlayground, useServices } from './storeContext.ts';
import { VerdictAnnouncer } from './VerdictAnnouncer.tsx';

/** Status line, problems and panes (those the page's `panes=` option picks, in its order). */
export function Results() {
  const stale = usePlayground(selectIsStale);
  const panes = visiblePanes(useServices().options.panes);
  return (
    <div className="results">
      <StatusLine />
      <VerdictAnnouncer />
      <Problems />
      <ExampleStrip />
      <div className="panes" data-stale={stale} aria-busy={stale} data-count={panes.length}>
        {panes.map(({ id, title, component: Body, tools: Tools }) => (
          <Pane key={id} id={id} title={title} tools={Tools && <Tools />}>
            <Body />
          </Pane>
        ))}
      </div>
    </div>
  );
}
