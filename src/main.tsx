/** Boots the playground: the case from the link (or the default), live evaluation in the sandbox, URL sync, React. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEvaluator } from './sandbox/host.ts';
import { DEFAULT_CASE } from './state/defaults.ts';
import { startLiveEvaluation } from './state/live.ts';
import { encodePermalink, getInitialState } from './state/permalink.ts';
import { createPlaygroundStore, selectCase } from './state/store.ts';
import { startUrlSync } from './state/sync.ts';
import { App } from './ui/App.tsx';
import { copyText } from './ui/clipboard.ts';
import { ServicesContext, type AppServices } from './ui/storeContext.ts';
import { installTestHook } from './ui/testHook.ts';
import './ui/styles.css';

const initial = getInitialState(window.location, DEFAULT_CASE);
const store = createPlaygroundStore(
  initial.state,
  initial.error ? { tone: 'error', text: `${initial.error} A fresh case was opened instead.` } : null,
);
const urlSync = startUrlSync(store, window);
startLiveEvaluation(store, createEvaluator());
installTestHook(store);

const services: AppServices = {
  store,
  share: () => {
    urlSync.flush();
    const url = `${window.location.href.split('#')[0]}${encodePermalink(selectCase(store.getState()))}`;
    void copyText(url).then((ok) => store.getState().setToast(ok ? 'Link copied' : 'Copy failed: the link is in the address bar'));
  },
};

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ServicesContext.Provider value={services}>
      <App />
    </ServicesContext.Provider>
  </StrictMode>,
);
