/** The playground: header, a dismissible banner, the editors on the left and the panes on the right. */
import { useEffect } from 'react';
import { Banner } from './Banner.tsx';
import { Editors } from './Editors.tsx';
import { Header } from './Header.tsx';
import { Results } from './Results.tsx';
import { useServices } from './storeContext.ts';
import { useColorScheme } from './useColorScheme.ts';

/** The whole app. */
export function App() {
  useColorScheme();
  useShareShortcut();
  return (
    <div className="app">
      <Header />
      <Banner />
      <main className="workspace">
        <Editors />
        <Results />
      </main>
    </div>
  );
}

/** Ctrl/Cmd+S copies the link (captured before Monaco sees it, so it works inside the editors too). */
function useShareShortcut(): void {
  const { share } = useServices();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        share();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [share]);
}
