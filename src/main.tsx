/** Boots the playground: the starting case (link, autosave or default), live evaluation, URL sync, autosave or the embed bridge, React. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openInPlaygroundUrl } from './embed/messages.ts';
import { parseEmbedOptions } from './embed/options.ts';
import { createEvaluator } from './sandbox/host.ts';
import { browserStorage, createAutosave } from './state/autosave.ts';
import { DEFAULT_CASE } from './state/defaults.ts';
import { startingPoint } from './state/initial.ts';
import { startLiveEvaluation } from './state/live.ts';
import { encodePermalink } from './state/permalink.ts';
import { startAutosave } from './state/persist.ts';
import { createPlaygroundStore, selectCase } from './state/store.ts';
import { startUrlSync } from './state/sync.ts';
import { App } from './ui/App.tsx';
import { copyText } from './ui/clipboard.ts';
import { startEmbedBridge } from './ui/embed/bridge.ts';
import { ServicesContext, type AppServices } from './ui/storeContext.ts';
import { installTestHook } from './ui/testHook.ts';
import './ui/styles.css';

const options = parseEmbedOptions(window.location.search);
// An embed never touches storage: the host site partitions it, and a docs page's embeds would overwrite each other.
const autosave = options.embed ? null : createAutosave(browserStorage());
const start = startingPoint(window.location, DEFAULT_CASE, autosave?.load() ?? null);
const store = createPlaygroundStore(
  start.state,
  start.error ? { tone: 'error', text: `${start.error} A fresh case was opened instead.` } : null,
);
if (start.example) store.getState().setExample(start.example);
const urlSync = startUrlSync(store, window);
window.addEventListener('pagehide', () => urlSync.flush());
if (autosave) startAutosave(store, autosave, window);
const live = startLiveEvaluation(store, createEvaluator(), { hold: start.held });
installTestHook(store);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
if (options.embed && window.parent !== window) startEmbedBridge(store, root, window);

const link = () => {
  urlSync.flush();
  return openInPlaygroundUrl(window.location.href, encodePermalink(selectCase(store.getState())));
};
const services: AppServices = {
  store,
  options,
  link,
  share: () => void copyText(link()).then((ok) => store.getState().setToast(ok ? 'Link copied' : 'Copy failed: the link is in the address bar')),
  rerun: () => live.run(),
};

createRoot(root).render(
  <StrictMode>
    <ServicesContext.Provider value={services}>
      <App />
    </ServicesContext.Provider>
  </StrictMode>,
);
