/**
 * Persistence: the case kept in two storages, the URL hash and the drafts in localStorage, each a store subscriber
 * built on one writer (throttled, out of a run's way) and one link encoder with its size gate (`linkOf`).
 */
import type { LinkEncoder } from '../linkEncoder.ts';
import type { PlaygroundStore } from '../store.ts';
import { startAutosave, type PageEvents } from './draftSaver.ts';
import type { Autosave } from './drafts.ts';
import { startUrlSync, type UrlTarget } from './urlHash.ts';

/** Both storages at work. */
export interface Persistence {
  /** Writes the address bar's link now (before it is copied). */
  flushLink(): void;
  stop(): void;
}

/** Starts the URL hash, and the drafts unless `drafts` is null (an embed never touches storage), both over the page's link encoder. */
export function startPersistence(store: PlaygroundStore, browser: UrlTarget & PageEvents, drafts: Autosave | null, links: LinkEncoder): Persistence {
  const url = startUrlSync(store, browser, 1000, links);
  const onHide = () => url.flush();
  browser.addEventListener('pagehide', onHide);
  const stopDrafts = drafts ? startAutosave(store, drafts, browser, 500, links) : null;
  return {
    flushLink: url.flush,
    stop: () => {
      stopDrafts?.();
      browser.removeEventListener('pagehide', onHide);
      url.stop();
    },
  };
}
