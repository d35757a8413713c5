/** The open example's explanation (or the default case's story), above the panes, while the case is still exactly that one. */
import { useState, type ReactNode } from 'react';
import type { EraOutcome } from '../examples/case-format.ts';
import { DEFAULT_STORY } from '../examples/default-story.ts';
import { DEFAULT_CASE } from '../state/defaults.ts';
import { exampleCase, findExample } from '../examples/links.ts';
import { sameCase } from '../engine/case.ts';
import type { PlaygroundState } from '../state/store.ts';
import { usePlayground, useServices } from './storeContext.ts';

/** The gallery example the editors still show unchanged, if any (a stable object from the gallery). */
function selectOpenExample(s: PlaygroundState) {
  const example = s.exampleId === null ? undefined : findExample(s.exampleId);
  return example && sameCase(exampleCase(example), s) ? example : null;
}

/** Whether the case on screen is the default one, unedited (and no example is named for it). */
function selectIsDefault(s: PlaygroundState): boolean {
  return s.exampleId === null && sameCase(DEFAULT_CASE, s);
}

/** The strip, when an example is open and unedited, or the default case is. */
export function ExampleStrip() {
  const { store } = useServices();
  const example = usePlayground(selectOpenExample);
  const isDefault = usePlayground(selectIsDefault);
  const [storyHidden, setStoryHidden] = useState(false);
  if (example) {
    return (
      <Strip what="example" title={example.title} text={example.explanation} onDismiss={() => store.getState().setExample(null)}>
        {example.expect.eras && <EraSideBySide eras={example.expect.eras} />}
      </Strip>
    );
  }
  // The default case's one-line story, like an example's explanation.
  return isDefault && !storyHidden ? <Strip what="case" title={DEFAULT_STORY.title} text={DEFAULT_STORY.explanation} onDismiss={() => setStoryHidden(true)} /> : null;
}

/** The strip itself: the title and explanation, what follows them, and Dismiss. */
function Strip({ what, title, text, onDismiss, children }: { what: 'example' | 'case'; title: string; text: string; onDismiss(): void; children?: ReactNode }) {
  return (
    <aside className="example-strip" aria-label={`About this ${what}`} data-testid="example-strip">
      <div className="example-text">
        <p>
          <strong>{title}.</strong> {text}
        </p>
        {children}
      </div>
      <button type="button" className="ghost" onClick={onDismiss} aria-label={`Dismiss the ${what}'s explanation`}>
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
