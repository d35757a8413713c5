/** A titled editor: its text as plain <pre> at first paint, Monaco once its chunk has loaded. */
import { Suspense, lazy, type ReactNode } from 'react';
import { usePlayground } from '../storeContext.ts';
import type { EditorName } from './registry.ts';

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
        <Suspense fallback={<Placeholder name={name} />}>
          <Editor />
        </Suspense>
      </div>
    </section>
  );
}

/** The editor's text as plain text while Monaco loads. */
function Placeholder({ name }: { name: EditorName }) {
  const text = usePlayground((s) => s[name]);
  return (
    <pre className="editor-placeholder" aria-busy="true">
      {text.length > PLACEHOLDER_CHARS ? `${text.slice(0, PLACEHOLDER_CHARS)}…` : text}
    </pre>
  );
}
