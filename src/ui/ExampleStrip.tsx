/** The open example's explanation, above the panes, while the case is still exactly that example. */
import type { EraOutcome } from '../examples/case-format.ts';
import { exampleCase, findExample } from '../examples/links.ts';
import { sameCase } from '../engine/case.ts';
import type { PlaygroundState } from '../state/store.ts';
import { usePlayground, useServices } from './storeContext.ts';

/** The gallery example the editors still show unchanged, if any (a stable object from the gallery). */
function selectOpenExample(s: PlaygroundState) {
  const example = s.exampleId === null ? undefined : findExample(s.exampleId);
  return example && sameCase(exampleCase(example), s) ? example : null;
}

/** The strip, when an example is open and unedited. */
export function ExampleStrip() {
  const { store } = useServices();
  const example = usePlayground(selectOpenExample);
  if (!example) return null;
  return (
    <aside className="example-strip" aria-label="About this example" data-testid="example-strip">
      <div className="example-text">
        <p>
          <strong>{example.title}.</strong> {example.explanation}
        </p>
        {example.expect.eras && <EraSideBySide eras={example.expect.eras} />}
      </div>
      <button type="button" className="ghost" onClick={() => store.getState().setExample(null)} aria-label="Dismiss the example's explanation">
        Dismiss
      </button>
    </aside>
  );
}

/** The example's case in each protocol era, as recorded from real runs: the listing, what ships, and the client's message. */
function EraSideBySide({ eras }: { eras: readonly EraOutcome[] }) {
  return (
    <div className="era-side-by-side" data-testid="era-side-by-side">
      {eras.map((e) => (
        <section key={e.protocol} className="era-outcome" aria-label={`A ${e.protocol} client`}>
          <h3>A {e.protocol} client</h3>
          <p>
            listed: <code>{e.listed}</code>
          </p>
          <p>
            ships: <code>{JSON.stringify(e.ships)}</code>
          </p>
          <p className="era-says" data-verdict={e.valid === true ? 'PASS' : e.valid === false ? 'FAIL' : 'none'}>
            {e.valid === true ? 'PASS' : e.valid === false ? 'FAIL' : 'no verdict'}
            {e.says !== null && <span> {e.says}</span>}
          </p>
        </section>
      ))}
    </div>
  );
}
