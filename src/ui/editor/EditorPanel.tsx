/**
 * A titled editor: its text, highlighted and read-only, until Monaco may load (after the first verdict, on a click or
 * focus, or after a delay: see monacoGate.ts) and its chunk has arrived; then Monaco.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { Highlighted, type Tokenize } from '../embed/CaseView.tsx';
import { ErrorBoundary, FailedCard } from '../ErrorBoundary.tsx';
import { tokenizeJson } from '../tokens/jsonTokens.ts';
import { tokenizeTs } from '../tokens/tsTokens.ts';
import { usePlayground, useServices, useUi } from '../storeContext.ts';
import type { EditorName } from './mountedEditors.ts';

/** Each editor in its own lazy chunk (they share Monaco's), so the first paint carries no editor code. */
const EDITORS = {
  schema: lazy(() => import('./SchemaEditor.tsx')),
  answer: lazy(() => import('./AnswerEditor.tsx')),
} satisfies Record<EditorName, unknown>;

/** Props: which editor, its heading, and a note beside it. */
export interface EditorPanelProps {
  name: EditorName;
  title: string;
  aside: ReactNode;
}

/** How much of the text the placeholder shows: enough to fill the panel, never a megabyte of DOM. */
const PLACEHOLDER_CHARS = 20_000;

/** One editor with its heading. */
export function EditorPanel({ name, title, aside }: EditorPanelProps) {
  const id = `editor-${name}`;
  const Editor = EDITORS[name];
  return (
    <section className="editor-panel" aria-labelledby={id} data-editor={name}>
      <header className="panel-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </header>
      <div className="editor-body">
        <ErrorBoundary fallback={(message, retry) => <FailedEditor name={name} title={title} message={message} retry={retry} />}>
          {useUi((s) => s.monacoOpen) ? (
            <Suspense fallback={<Placeholder name={name} />}>
              <Editor />
            </Suspense>
          ) : (
            <Placeholder name={name} />
          )}
        </ErrorBoundary>
      </div>
    </section>
  );
}

const TOKENIZE: Record<EditorName, Tokenize> = { schema: tokenizeTs, answer: tokenizeJson };

/** The editor's text, highlighted, until Monaco is there; clicking or tabbing into it asks for Monaco at once. */
function Placeholder({ name }: { name: EditorName }) {
  const { ui } = useServices();
  const text = usePlayground((s) => s[name]);
  const shown = text.length > PLACEHOLDER_CHARS ? `${text.slice(0, PLACEHOLDER_CHARS)}…` : text;
  return (
    <pre
      className="editor-placeholder"
      data-editor-placeholder={name}
      aria-busy="true"
      tabIndex={0}
      onFocus={() => ui.getState().openMonaco(name)}
      onPointerDown={() => ui.getState().openMonaco(name)}
    >
      <Highlighted text={shown} tokenize={TOKENIZE[name]} />
    </pre>
  );
}

/** An editor that threw: its text (kept in the store, never lost) in a plain text area that still edits the case. */
function FailedEditor({ name, title, message, retry }: { name: EditorName; title: string; message: string; retry: () => void }) {
  const { store } = useServices();
  const text = usePlayground((s) => s[name]);
  return (
    <div className="failed-editor">
      <FailedCard what="This editor" message={message}>
        <button type="button" className="ghost" onClick={retry}>
          Try the editor again
        </button>
      </FailedCard>
      <textarea className="editor-fallback" aria-label={`${title} (plain text)`} spellCheck={false} value={text} onChange={(e) => store.getState().setField(name, e.target.value)} />
    </div>
  );
}
