/** The open example's explanation, above the panes, while the case is still exactly that example. */
import { exampleCase, findExample } from '../examples/links.ts';
import { caseChanged, type PlaygroundState } from '../state/store.ts';
import { usePlayground, useServices } from './storeContext.ts';

/** The gallery example the editors still show unchanged, if any (a stable object from the gallery). */
function selectOpenExample(s: PlaygroundState) {
  const example = s.exampleId === null ? undefined : findExample(s.exampleId);
  return example && !caseChanged(exampleCase(example), s) ? example : null;
}

/** The strip, when an example is open and unedited. */
export function ExampleStrip() {
  const { store } = useServices();
  const example = usePlayground(selectOpenExample);
  if (!example) return null;
  return (
    <aside className="example-strip" aria-label="About this example" data-testid="example-strip">
      <p>
        <strong>{example.title}.</strong> {example.explanation}
      </p>
      <button type="button" className="ghost" onClick={() => store.getState().setExample(null)} aria-label="Dismiss the example's explanation">
        Dismiss
      </button>
    </aside>
  );
}
