/** The playground: the full app (header, editors, panes) or, behind `?embed`, the same app laid out for a docs column. */
import { Banner } from './Banner.tsx';
import { EmbedApp } from './embed/EmbedApp.tsx';
import { Editors } from './Editors.tsx';
import { Header } from './Header.tsx';
import { Results } from './Results.tsx';
import { useServices } from './storeContext.ts';
import { useShortcuts } from './useShortcuts.ts';
import { useColorScheme } from './useColorScheme.ts';

/** The whole app. */
export function App() {
  useColorScheme();
  useShortcuts();
  return useServices().options.embed ? <EmbedApp /> : <FullApp />;
}

function FullApp() {
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
