/** The playground: the full app (header, editors, panes) or, behind `?embed`, the same app laid out for a docs column. */
import { Banner, DraftNote } from './Banner.tsx';
import { EmbedApp } from './embed/EmbedApp.tsx';
import { Editors } from './Editors.tsx';
import { ErrorBoundary, FailedCard } from './ErrorBoundary.tsx';
import { Guide } from './Guide.tsx';
import { Header } from './Header.tsx';
import { HelpDialog } from './help/HelpDialog.tsx';
import { Results } from './Results.tsx';
import { usePlayground, useServices } from './storeContext.ts';
import { useShortcuts } from './useShortcuts.ts';
import { useColorScheme } from './useColorScheme.ts';
import { VerdictBar } from './VerdictBar.tsx';

/** The whole app; if a part outside the panes' and editors' own boundaries throws, the case's text is still shown. */
export function App() {
  useColorScheme();
  useShortcuts();
  const embed = useServices().options.embed;
  return <ErrorBoundary fallback={(message, retry) => <FailedApp message={message} retry={retry} />}>{embed ? <EmbedApp /> : <FullApp />}</ErrorBoundary>;
}

function FullApp() {
  return (
    <div className="app">
      <Header />
      <Banner />
      <DraftNote />
      <Guide />
      <HelpDialog />
      <main className="workspace">
        <Editors />
        <Results />
        <VerdictBar />
      </main>
    </div>
  );
}

/** The last resort: the message, and the case's text to copy (it is autosaved too, and held on the next open). */
function FailedApp({ message, retry }: { message: string; retry: () => void }) {
  const schema = usePlayground((s) => s.schema);
  const answer = usePlayground((s) => s.answer);
  return (
    <div className="app failed-app">
      <FailedCard what="The page" message={message}>
        <button type="button" className="ghost" onClick={retry}>
          Try again
        </button>
      </FailedCard>
      <textarea className="editor-fallback" aria-label="Zod schema (plain text)" readOnly value={schema} />
      <textarea className="editor-fallback" aria-label="Sample answer (plain text)" readOnly value={answer} />
    </div>
  );
}
