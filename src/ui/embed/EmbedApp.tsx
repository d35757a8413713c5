/** Embed mode: a slim bar, the case as text (Monaco only once the reader clicks Edit), and the chosen panes. */
import { useState } from 'react';
import { Banner } from '../Banner.tsx';
import { Editors } from '../Editors.tsx';
import { Results } from '../Results.tsx';
import { useServices } from '../storeContext.ts';
import { CaseView } from './CaseView.tsx';
import { EmbedBar } from './EmbedBar.tsx';

/** The embedded playground. */
export function EmbedApp() {
  const { readonly } = useServices().options;
  const [editing, setEditing] = useState(false);
  return (
    <div className="app embed">
      <EmbedBar onEdit={readonly || editing ? null : () => setEditing(true)} />
      <Banner />
      <main className="workspace">
        {editing ? <Editors /> : <CaseView />}
        <Results />
      </main>
    </div>
  );
}
