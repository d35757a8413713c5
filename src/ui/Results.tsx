/** The right side: status, errors, and the panes (dimmed while they show an older case's report). */
import { selectIsStale } from '../state/store.ts';
import { Pane } from './panes/Pane.tsx';
import { PANES } from './panes/registry.ts';
import { Problems } from './Problems.tsx';
import { StatusLine } from './StatusLine.tsx';
import { usePlayground } from './storeContext.ts';

/** Status line, problems and panes. */
export function Results() {
  const stale = usePlayground(selectIsStale);
  return (
    <div className="results">
      <StatusLine />
      <Problems />
      <div className="panes" data-stale={stale} aria-busy={stale}>
        {PANES.map(({ id, title, component: Body, tools: Tools }) => (
          <Pane key={id} id={id} title={title} tools={Tools && <Tools />}>
            <Body />
          </Pane>
        ))}
      </div>
    </div>
  );
}
