/**
 * The two places the case is kept, as zustand `StateStorage`s (strings by name): the page's localStorage, where the
 * drafts live, and the address bar, whose fragment is the case's link. Neither throws; neither decides what or when to
 * write (the case storage does, caseStorage.ts).
 */
import type { StateStorage } from 'zustand/middleware';

/** What a write did: done, or why not (storage full or unavailable: autosave is off). */
export type WriteResult = { ok: true } | { ok: false; reason: 'full' | 'unavailable'; message: string };

/** The browser's localStorage, or null where touching it throws (blocked cookies, sandboxed frames) or it is absent. */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** `storage` (null: none, every write says storage is unavailable) as a StateStorage whose writes say how they went. */
export function localStateStorage(storage: Storage | null): StateStorage<WriteResult> {
  return {
    getItem: (name) => {
      try {
        return storage?.getItem(name) ?? null;
      } catch {
        return null;
      }
    },
    setItem: (name, value) => attempt(storage, (s) => s.setItem(name, value)),
    removeItem: (name) => attempt(storage, (s) => s.removeItem(name)),
  };
}

/** What the address bar needs from the browser (passed in so tests can fake it). */
export interface UrlTarget {
  location: { hash: string; pathname: string; search: string };
  history: { replaceState(data: unknown, unused: string, url: string): void; pushState?(data: unknown, unused: string, url: string): void };
  addEventListener(type: 'hashchange', listener: (e: { newURL: string }) => void): void;
  removeEventListener(type: 'hashchange', listener: (e: { newURL: string }) => void): void;
}

/** The address bar as a StateStorage: the item is the fragment, whatever its name (a page has one); `push` adds a history entry. */
export interface HashStorage extends StateStorage<void> {
  /** The browser can add a history entry. */
  canPush: boolean;
  push(hash: string): void;
}

/**
 * Reads the fragment (null when there is none) and replaces it without a history entry (`replaceState`, which fires no
 * `hashchange`), only when it differs from the address bar's own: a navigation may have changed it since the last
 * write. An empty fragment is written as the page's own path and query (an empty URL would leave the address bar as it is).
 */
export function hashStateStorage(target: UrlTarget): HashStorage {
  const replace = (hash: string) => {
    if (hash !== target.location.hash) target.history.replaceState(null, '', hash || `${target.location.pathname}${target.location.search}`);
  };
  return {
    getItem: () => (target.location.hash === '' || target.location.hash === '#' ? null : target.location.hash),
    setItem: (_name, hash) => replace(hash),
    removeItem: () => replace(''),
    canPush: typeof target.history.pushState === 'function',
    push: (hash) => target.history.pushState?.(null, '', hash),
  };
}

function attempt(storage: Storage | null, write: (s: Storage) => void): WriteResult {
  try {
    if (!storage) return failure(null);
    write(storage);
    return { ok: true };
  } catch (e) {
    return failure(e);
  }
}

function failure(e: unknown): WriteResult {
  const full = isQuotaError(e);
  return { ok: false, reason: full ? 'full' : 'unavailable', message: `Autosave is off: this browser's storage is ${full ? 'full' : 'unavailable'}.` };
}

function isQuotaError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  // Chromium/Safari: QuotaExceededError (code 22); old Firefox: NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}
