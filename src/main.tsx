/**
 * The composition root: creates the page's evaluator, link encoder, stores (the case, the UI's own state), the starting
 * case (link, autosave or default), live evaluation, persistence (URL hash, drafts), the embed bridge, and renders React
 * with them in the services context. Nothing else creates state at import time.
 *
 * This module and what it imports statically are the page's small entry chunk: the sandbox frame starts, and with it
 * its workers, as soon as they have run. The UI (React DOM, the App and everything only it needs) is a chunk of its
 * own, fetched with the page (index.html preloads it: vite.config.ts `uiPreload`) and evaluated after this module, so
 * the frame never waits for the UI's code (docs/performance.md, "The frame first").
 */
import { StrictMode } from 'react';
import { openInPlaygroundUrl } from './ui/embed/messages.ts';
import { parseEmbedOptions } from './ui/embed/options.ts';
import { createEvaluator } from './sandbox/host.ts';
import { createScriptSource } from './sandbox/frameChannel.ts';
import { createSideRuns } from './sandbox/sideRuns.ts';
import { DEFAULT_CASE } from './state/defaults.ts';
import { startLiveEvaluation } from './state/liveEvaluation.ts';
import { indexedDbShelf, startStoredReports } from './state/storedReports.ts';
import { ENGINE_BUILD_ID } from './sandbox/buildId.ts';
import { createPersistedStore } from './state/persistence/index.ts';
import { browserStorage, localStateStorage } from './state/persistence/storages.ts';
import { copyText } from './ui/clipboard.ts';
import { openMonacoAfterFirstVerdict } from './ui/editor/monacoGate.ts';
import { TOO_LARGE } from './ui/linkSize.ts';
import { startEmbedBridge } from './ui/embed/bridge.ts';
import { ServicesContext, type AppServices, type ShareLink } from './ui/storeContext.ts';
import { installTestHook } from './ui/testHook.ts';
import { rememberTheme, storedTheme } from './ui/themeChoice.ts';
import { createUiStore } from './ui/uiStore.ts';
import './ui/styles.css';
import { normalizeCase } from './engine/case.ts';
import { createLinkEncoder } from './state/linkEncoder.ts';

// First: the sandbox frame starts loading (and its worker booting) while the starting case is read and the UI is set up.
// A crash during a run fails that run (the status line says so); one after it landed leaves the verdict and says so.
const scripts = createScriptSource();
const evaluator = createEvaluator({ scripts, onCrashBetweenRuns: (message) => store.getState().setWorkerNote(`The evaluation worker crashed after the verdict: ${message}.`) });
// The UI's chunks (index.html preloads them): evaluated after this module, so after the frame has started.
const uiModules = Promise.all([import('react-dom/client'), import('./ui/App.tsx')]);
const links = createLinkEncoder();
const options = parseEmbedOptions(window.location.search);
// The starting case comes from the link, else the draft (state/persistence). An embed never touches storage: the host
// site partitions it, and a docs page's embeds would overwrite each other.
const persistence = createPersistedStore({ fallback: DEFAULT_CASE, browser: window, drafts: options.embed ? null : localStateStorage(browserStorage()), links });
const store = persistence.store;
const ui = options.embed ? createUiStore() : createUiStore(storedTheme() ?? 'auto', rememberTheme);
const held = store.getState().holdReason !== null;
const live = startLiveEvaluation(store, evaluator, { hold: held });
// A repeat visit shows the report this build gave the case last time, marked as re-checked, until the run replaces it.
// An embed keeps nothing, as with drafts.
const shelf = options.embed ? null : indexedDbShelf();
if (shelf) startStoredReports(store, shelf, ENGINE_BUILD_ID, { show: !held });
installTestHook(store, ui);
// The app shows the case read-only until its first verdict is painted, then loads Monaco; an embed's editors appear
// only when the reader clicks Edit, which then wants Monaco at once.
if (options.embed) ui.getState().openMonaco();
else openMonacoAfterFirstVerdict(store, ui);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
if (options.embed && window.parent !== window) startEmbedBridge(store, root, window);

const link = (): ShareLink => {
  persistence.flushLink();
  const shared = links.linkOf(normalizeCase(store.getState()));
  if (!shared.ok) return { ok: false, message: TOO_LARGE.share(shared.tooLarge, options.embed) };
  return { ok: true, url: openInPlaygroundUrl(window.location.href, shared.link) };
};
// An embed's address bar is the host page's: the link is behind "Open in playground" instead.
const copyFailed = options.embed ? 'Copy failed: "Open in playground ↗" opens this case, with its link' : 'Copy failed: the link is in the address bar';
const services: AppServices = {
  store,
  ui,
  links,
  options,
  link,
  share: () => {
    const shared = link();
    if (!shared.ok) return store.getState().setToast(shared.message);
    void copyText(shared.url).then((ok) => store.getState().setToast(ok ? 'Link copied' : copyFailed));
  },
  rerun: () => live.run(),
  // Created on first use: a page that never compares never starts a second sandbox frame.
  sideRuns: createSideRuns(() => createEvaluator({ scripts })),
};

uiModules.then(
  ([{ createRoot }, { App }]) =>
    createRoot(root).render(
      <StrictMode>
        <ServicesContext.Provider value={services}>
          <App />
        </ServicesContext.Provider>
      </StrictMode>,
    ),
  // A chunk that could not be fetched (a network drop, a deploy that removed it): say so where the app would be.
  (e: unknown) => {
    root.textContent = `The playground could not load its interface (${e instanceof Error ? e.message : String(e)}). Reload the page to try again.`;
  },
);
