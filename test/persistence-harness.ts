/** The page around persistence, faked: a Storage, and a window with an address bar, history and the page's events. */
import { createPersistedStore, type Persisted } from '../src/state/persistence/index.ts';
import { localStateStorage } from '../src/state/persistence/storages.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import type { LinkEncoder } from '../src/state/linkEncoder.ts';
import type { PlaygroundStore } from '../src/state/store.ts';
import { normalizeCase } from '../src/engine/case.ts';

/** An in-memory Storage; `failWith` makes every access throw it (setItem and removeItem only, with `onlyWrites`). */
export class FakeStorage implements Storage {
  readonly items = new Map<string, string>();
  writes = 0;
  failWith: unknown = null;
  onlyWrites = false;
  constructor(items: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(items)) this.items.set(k, v);
  }
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    if (this.failWith && !this.onlyWrites) throw this.failWith;
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWith) throw this.failWith;
    this.writes++;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    if (this.failWith) throw this.failWith;
    this.items.delete(key);
  }
}

type Listener = (e: { newURL: string }) => void;

/**
 * A window with a real-enough history: entries, replaceState (recorded in `writes`), pushState (unless `push: false`),
 * Back and navigations firing hashchange as a browser does, and pagehide.
 */
export function fakeBrowser(hash = '', opts: { push?: boolean; pathname?: string; search?: string } = {}) {
  const hashListeners = new Set<Listener>();
  const hideListeners = new Set<() => void>();
  const entries = [hash];
  const writes: string[] = [];
  let at = 0;
  const pathname = opts.pathname ?? '/';
  const search = opts.search ?? '';
  const fire = (h: string) => hashListeners.forEach((l) => l({ newURL: `https://app.test${pathname}${search}${h}` }));
  const history: { replaceState(d: unknown, u: string, url: string): void; pushState?(d: unknown, u: string, url: string): void } = {
    replaceState: (_d, _u, url) => {
      writes.push(url);
      entries[at] = url.startsWith('#') ? url : '';
      win.location.hash = entries[at] ?? '';
    },
  };
  if (opts.push !== false) {
    history.pushState = (_d, _u, url) => {
      entries.splice(at + 1, entries.length, url);
      at++;
      win.location.hash = url;
    };
  }
  const win = {
    location: { hash, pathname, search },
    history,
    addEventListener: (type: 'hashchange' | 'pagehide', l: Listener | (() => void)) => void (type === 'hashchange' ? hashListeners.add(l as Listener) : hideListeners.add(l as () => void)),
    removeEventListener: (type: 'hashchange' | 'pagehide', l: Listener | (() => void)) => void (type === 'hashchange' ? hashListeners.delete(l as Listener) : hideListeners.delete(l as () => void)),
    /** The user follows a link in the open app: a new entry, then its hashchange. */
    navigate: (h: string) => {
      entries.splice(at + 1, entries.length, h);
      at++;
      win.location.hash = h;
      fire(h);
    },
    /** A navigation whose event arrives after `beforeEvent` (a pending write, say) ran. */
    navigateLate: (h: string, beforeEvent: () => void) => {
      entries.splice(at + 1, entries.length, h);
      at++;
      win.location.hash = h;
      beforeEvent();
      fire(h);
    },
    back: () => {
      at--;
      win.location.hash = entries[at] ?? '';
      fire(win.location.hash);
    },
    pagehide: () => hideListeners.forEach((l) => l()),
    entries: () => [...entries],
    writes,
  };
  return win;
}

export type FakeBrowser = ReturnType<typeof fakeBrowser>;

/** Opens the app as main.tsx does: the store from the address bar and the drafts in `storage` (null: an embed, no drafts). */
export function boot(storage: Storage | null | 'none', browser: FakeBrowser | string = '', links?: LinkEncoder): Persisted & { store: PlaygroundStore; browser: FakeBrowser } {
  const win = typeof browser === 'string' ? fakeBrowser(browser) : browser;
  const persisted = createPersistedStore({ fallback: DEFAULT_CASE, browser: win, drafts: storage === 'none' ? null : localStateStorage(storage), ...(links ? { links } : {}) });
  return { ...persisted, browser: win };
}

/** What a fresh open over `storage` without a link starts with: the case, its hold and the draft it offers back. */
export function reopened(storage: Storage) {
  const { store, stop } = boot(storage);
  const s = store.getState();
  stop();
  return { case: normalizeCase(s), held: s.holdReason, previous: s.previousDraft };
}
