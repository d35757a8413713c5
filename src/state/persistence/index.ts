/**
 * Persistence: the store made with zustand's persist middleware, its kept state (kept.ts) written to and read from the
 * case storage (caseStorage.ts), which keeps the case in the address bar and the drafts; plus what persist does not
 * do: open a link the user navigates to in the open app (`hashchange`), and write everything when the page goes away.
 */
import { createStore } from 'zustand/vanilla';
import { persist, type StateStorage } from 'zustand/middleware';
import type { Case } from '../../engine/case.ts';
import { readLink } from '../permalink.ts';
import { createLinkEncoder, type LinkEncoder } from '../linkEncoder.ts';
import { playgroundState, type PlaygroundState, type PlaygroundStore } from '../store.ts';
import { createCaseStorage } from './caseStorage.ts';
import { keptView, startingState, type Kept, type Screen } from './kept.ts';
import { DRAFT_KEY, DRAFT_VERSION, migrateDraft } from './draftFormat.ts';
import { hashStateStorage, type UrlTarget, type WriteResult } from './storages.ts';

/** What the drafts need from the page besides storage (passed in so tests can fake it). */
export interface PageEvents {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
}

export interface PersistenceDeps {
  /** The case a fresh start opens (no link, no draft, or a link that cannot be opened). */
  fallback: Case;
  /** The window: its address bar, its navigations and its pagehide. */
  browser: UrlTarget & PageEvents;
  /** Where drafts are kept (storages.ts `localStateStorage`); null: nowhere (an embed never touches storage). */
  drafts: StateStorage<WriteResult> | null;
  /** The page's link encoder, shared with the UI. */
  links?: LinkEncoder;
  /** Writes at most once per this many ms: the address bar (1000) and the drafts (500). */
  throttleMs?: { url: number; drafts: number };
}

/** The store, kept. */
export interface Persisted {
  store: PlaygroundStore;
  /** Writes the address bar's link now (before it is copied). */
  flushLink(): void;
  stop(): void;
}

/** Creates the store from the link or the draft (`startingState`) and keeps the case in both as it changes. */
export function createPersistedStore(deps: PersistenceDeps): Persisted {
  const links = deps.links ?? createLinkEncoder();
  const url = hashStateStorage(deps.browser);
  let store: PlaygroundStore | null = null;
  const storage = createCaseStorage({
    url,
    drafts: deps.drafts,
    links,
    throttleMs: deps.throttleMs ?? { url: 1000, drafts: 500 },
    note: (text) => {
      const s = store?.getState();
      if (s && s.storageNote !== text) s.setStorageNote(text);
    },
  });
  const view = keptView();
  store = createStore<PlaygroundState>()(
    persist(playgroundState(deps.fallback), {
      name: DRAFT_KEY,
      version: DRAFT_VERSION,
      storage,
      partialize: view.partialize,
      // What was read at start, its draft brought up to this build's format (the address bar's link has its own versions).
      migrate: (persisted, version) => {
        const kept = persisted as Kept;
        return { ...kept, drafts: { ...kept.drafts, draft: migrateDraft(kept.drafts.draft, version) } };
      },
      merge: (persisted, current) => {
        const kept = persisted as Kept | undefined;
        const start = startingState(kept, current);
        if (!kept) return start;
        view.start(kept.drafts, start);
        // The store as it starts is what the storages hold: a write follows a change from it.
        storage.started(kept.drafts, view.partialize(start).screen as Screen);
        return start;
      },
    }),
  );
  // replaceState never fires hashchange, so this runs only for links the user navigates to. The link is the event's
  // own URL, not location's: a throttled write of the case being edited can run between the navigation and this event
  // and put that case's link back in the address bar, and the navigated-to link would then be lost.
  const onHashChange = (e: { newURL: string }) => {
    const at = e.newURL.indexOf('#');
    const hash = at < 0 ? '' : e.newURL.slice(at);
    // Not compared with the last link written: while an edit waits for its throttled write the address bar still holds
    // that link, and a user going to it again wants its case back.
    if (hash === '' || hash === '#' || !store) return;
    const link = readLink(hash);
    const { loadCase, setBanner } = store.getState();
    if (!link.ok) return setBanner({ tone: 'error', text: `${link.error} The case you were editing is unchanged.` });
    // The address bar holds the link again at once if a write raced in: the case the app shows is the link's.
    url.setItem(DRAFT_KEY, hash);
    loadCase(link.state, link.example, { linked: true });
  };
  const onHide = () => storage.flush();
  deps.browser.addEventListener('hashchange', onHashChange);
  deps.browser.addEventListener('pagehide', onHide);
  return {
    store,
    flushLink: storage.flushLink,
    stop: () => {
      storage.flushDrafts();
      storage.cancel();
      deps.browser.removeEventListener('hashchange', onHashChange);
      deps.browser.removeEventListener('pagehide', onHide);
    },
  };
}
