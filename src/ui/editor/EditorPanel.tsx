/** A titled editor: its text as plain <pre> at first paint, Monaco once its chunk has loaded. */
import { Suspense, lazy, type ReactNode } from 'react';
import type { EditorName } from './registry.ts';

/** Each editor in its own lazy chunk (they share Monaco's), so the first paint carries no editor code. */
const EDITORS = {
  schema: lazy(() => import('./SchemaEditor.tsx')),
  answer: lazy(() => import('./AnswerEditor.tsx')),
} satisfies Record<EditorName, unknown>;

/** Props: which editor, its heading, a note beside it, and the text shown until Monaco is there. */
export interface EditorPanelProps {
  name: EditorName;
  title: string;
  aside: ReactNode;
  text: string;
}

/** One editor with its heading. */
export function EditorPanel({ name, title, aside, text }: EditorPanelProps) {
  const id = `editor-${name}`;
  const Editor = EDITORS[name];
  return (
    <section className="editor-panel" aria-labelledby={id} data-editor={name}>
      <header className="panel-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </header>
      <div className="editor-body">
        <Suspense fallback={<pre className="editor-placeholder" aria-busy="true">{text}</pre>}>
          <Editor />
        </Suspense>
      </div>
    </section>
  );
}
