/** The left column: the schema editor above the sample answer (or call arguments) editor, and their keys. */
import { lazy, Suspense } from 'react';
import { AnswerFormPicker } from './controls/AnswerFormPicker.tsx';
import { EditorPanel } from './editor/EditorPanel.tsx';
import { schemaTitle } from './schemaTitle.ts';
import { usePlayground, useUi } from './storeContext.ts';

// Import and Generate are off in embeds and act on a click: their code loads after the first verdict, at Monaco's gate
// (editor/monacoGate.ts: the first verdict painted, a click or tab into an editor, or the fallback delay).
const Generate = lazy(() => import('./generate/Generate.tsx').then((m) => ({ default: m.Generate })));
const Import = lazy(() => import('./import/Import.tsx').then((m) => ({ default: m.Import })));

/** Both editors. */
export function Editors() {
  const output = usePlayground((s) => s.role === 'output');
  const title = usePlayground((s) => schemaTitle(s.schema));
  const afterFirstVerdict = useUi((s) => s.monacoOpen);
  return (
    <div className="editors">
      <EditorPanel
        name="schema"
        title={title}
        aside={
          <>
            <span className="hint">TypeScript · export default your schema</span>
            {afterFirstVerdict && (
              <Suspense fallback={null}>
                <Import />
              </Suspense>
            )}
          </>
        }
      />
      <EditorPanel
        name="answer"
        title={output ? 'Sample answer' : 'Call arguments'}
        aside={
          <>
            <span className="hint">JSON · {output ? 'what the tool returns' : 'what the client sends'}</span>
            {output && <AnswerFormPicker />}
            {afterFirstVerdict && (
              <Suspense fallback={null}>
                <Generate />
              </Suspense>
            )}
          </>
        }
      />
      <p className="hint editor-keys" id="editor-keys">
        In an editor, Tab indents: press <kbd>Ctrl</kbd>+<kbd>M</kbd> (<kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>M</kbd> on a Mac) to make Tab move focus
        instead. <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>Enter</kbd> runs again, <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>S</kbd> copies the link.
      </p>
    </div>
  );
}
