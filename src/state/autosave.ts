/**
 * Autosave: the case in localStorage as the user types, restored on reload. Pure over an injected Storage; never
 * throws. The case is stored as its permalink (`#v1.…`), so it is compressed and read back by the link decoder,
 * which validates it and will keep reading it after the format moves on.
 */
import { decodePermalink, describeTooLarge, encodePermalink, tooLargeForLink, type PlaygroundCase } from './permalink.ts';

/** The storage key this build writes. */
export const AUTOSAVE_KEY = 'mcp-schema-playground:autosave:v1';

/**
 * What a write did: saved (`written`), found nothing to write (`written: false`, which says nothing about storage), or
 * why the case is not saved: storage is full or unavailable (autosave is off), or the case is too large for a link.
 */
export type SaveResult = { ok: true; written: boolean } | { ok: false; reason: 'full' | 'unavailable' | 'too-large'; message: string };

/** A restored case; `timedOut` means its last evaluation timed out, so the UI should not run it until asked. */
export interface Restored {
  state: PlaygroundCase;
  timedOut: boolean;
}

/** The autosave of one storage key. */
export interface Autosave {
  /** The saved case, or null when there is none or it cannot be read. */
  load(): Restored | null;
  /** Saves the case; keeps the timed-out flag only while what the engine evaluates is unchanged. */
  save(state: PlaygroundCase): SaveResult;
  /** Flags `state` as timed out, if it is the saved case (a late timeout must not overwrite newer typing). */
  markTimedOut(state: PlaygroundCase): SaveResult;
  /** Clears the flag once `state` (the saved case) evaluated. */
  markRan(state: PlaygroundCase): SaveResult;
  /** Forgets the saved case. */
  clear(): SaveResult;
}

interface Stored {
  v: 1;
  link: string;
  timedOut: boolean;
}

const WRITTEN: SaveResult = { ok: true, written: true };
const UNCHANGED: SaveResult = { ok: true, written: false };

/** The browser's localStorage, or null where touching it throws (blocked cookies, sandboxed frames) or it is absent. */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Autosave over `storage` (null: autosave is off, every write says so). */
export function createAutosave(storage: Storage | null, key: string = AUTOSAVE_KEY): Autosave {
  let current: Restored | null = null;
  const write = (next: Restored): SaveResult => {
    if (!storage) return failure(null);
    // A case a link cannot carry is not saved (the last good save stays): its deflate would block the page for seconds.
    const tooLarge = tooLargeForLink(next.state);
    if (tooLarge) return { ok: false, reason: 'too-large', message: `${describeTooLarge(tooLarge)}; it is not autosaved.` };
    const stored: Stored = { v: 1, link: encodePermalink(next.state), timedOut: next.timedOut };
    try {
      storage.setItem(key, JSON.stringify(stored));
    } catch (e) {
      return failure(e);
    }
    current = next;
    return WRITTEN;
  };
  return {
    load() {
      current = read(storage, key);
      return current;
    },
    save(state) {
      const timedOut = current !== null && current.timedOut && sameEngineCase(current.state, state);
      if (current && current.timedOut === timedOut && sameCase(current.state, state)) return UNCHANGED;
      return write({ state, timedOut });
    },
    markTimedOut(state) {
      if (current && !sameEngineCase(current.state, state)) return UNCHANGED;
      return current?.timedOut ? UNCHANGED : write({ state: current?.state ?? state, timedOut: true });
    },
    markRan(state) {
      if (!current?.timedOut || !sameEngineCase(current.state, state)) return UNCHANGED;
      return write({ state: current.state, timedOut: false });
    },
    clear() {
      current = null;
      if (!storage) return failure(null);
      try {
        storage.removeItem(key);
        return WRITTEN;
      } catch (e) {
        return failure(e);
      }
    },
  };
}

/** Creates a trailing throttle: `fn` runs at most once per `ms` with the latest arguments; `flush` runs a pending call now. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { flush(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const call = (...args: A) => {
    pending = args;
    timer ??= setTimeout(run, ms);
  };
  return Object.assign(call, {
    flush: run,
    cancel: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  });
}

function read(storage: Storage | null, key: string): Restored | null {
  let text: string | null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { v, link, timedOut } = stored as Partial<Record<keyof Stored, unknown>>;
  if (v !== 1 || typeof link !== 'string') return null;
  const decoded = decodePermalink(link);
  return decoded.ok ? { state: decoded.state, timedOut: timedOut === true } : null;
}

function failure(e: unknown): SaveResult {
  const full = isQuotaError(e);
  return { ok: false, reason: full ? 'full' : 'unavailable', message: `Autosave is off: this browser's storage is ${full ? 'full' : 'unavailable'}.` };
}

function isQuotaError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  // Chromium/Safari: QuotaExceededError (code 22); old Firefox: NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

function sameEngineCase(a: PlaygroundCase, b: PlaygroundCase): boolean {
  return a.role === b.role && a.tool === b.tool && a.schema === b.schema && a.answer === b.answer;
}

function sameCase(a: PlaygroundCase, b: PlaygroundCase): boolean {
  return sameEngineCase(a, b) && a.converter === b.converter && a.client === b.client;
}
