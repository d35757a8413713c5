/**
 * Autosave: the case in localStorage as the user types, restored on reload. Pure over an injected Storage; never
 * throws. The case is stored as its permalink (`#v1.…`), so it is compressed and read back by the link decoder,
 * which validates it and will keep reading it after the format moves on.
 */
import { decodePermalink } from '../permalink.ts';
import { type Case, sameCase } from '../../engine/case.ts';
import type { HoldReason } from '../store.ts';
import { ENGINE_FIELDS } from '../../engine/case/names.ts';
import { createLinkEncoder, describeTooLarge, type LinkEncoder, type LinkOf } from '../linkEncoder.ts';

/** The storage key this build writes. */
export const AUTOSAVE_KEY = 'mcp-schema-playground:autosave:v1';

/**
 * What a write did: saved (`written`), found nothing to write (`written: false`, which says nothing about storage), or
 * why the case is not saved: storage is full or unavailable (autosave is off), or the case is too large for a link.
 */
export type SaveResult = { ok: true; written: boolean } | { ok: false; reason: 'full' | 'unavailable' | 'too-large'; message: string };


/** A restored draft: `held` says why the UI should not run it until asked; `previous` is the draft a link's case replaced. */
export interface Restored {
  state: Case;
  held: HoldReason | null;
  previous: Case | null;
}

/** A case opened from a link (never saved as the draft) that timed out or crashed the page. */
export interface HeldLink {
  state: Case;
  reason: HoldReason;
}

/** The autosave of one storage key. */
export interface Autosave {
  /** The saved draft, or null when there is none or it cannot be read; also reads the held link (see `heldLink`). */
  load(): Restored | null;
  /** The link case last held, as `load` read it, or null. */
  heldLink(): HeldLink | null;
  /** Saves the draft (and the draft a link's case replaced); keeps the hold only while what the engine evaluates is unchanged. */
  save(state: Case, previous?: Case | null): SaveResult;
  /** Holds `state`, if it is the saved draft (a late timeout must not overwrite newer typing). */
  hold(state: Case, reason: HoldReason): SaveResult;
  /** Holds a case opened from a link, beside the draft (which it never replaces). */
  holdLink(state: Case, reason: HoldReason): SaveResult;
  /** Clears the hold once `state` (the draft or the held link) evaluated. */
  markRan(state: Case): SaveResult;
  /** Forgets the saved draft. */
  clear(): SaveResult;
}

interface Stored {
  v: 1;
  link: string;
  /** Kept for the saves of earlier builds (a timeout was the only hold); written as `held !== null`. */
  timedOut: boolean;
  held?: HoldReason;
  previous?: string;
}

interface StoredLinkHold {
  v: 1;
  link: string;
  reason: HoldReason;
}

/** The storage key of the held link, beside the draft's. */
const linkHoldKey = (key: string) => `${key}:held-link`;

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

/** Autosave over `storage` (null: autosave is off, every write says so); its links come from `links` (the page's encoder). */
export function createAutosave(storage: Storage | null, key: string = AUTOSAVE_KEY, links: Pick<LinkEncoder, 'linkOf'> = createLinkEncoder()): Autosave {
  let current: Restored | null = null;
  let linkHold: HeldLink | null = null;
  const write = (next: Restored): SaveResult => {
    const previousLink = next.previous && links.linkOf(next.previous);
    const previous = previousLink && previousLink.ok ? previousLink.link : undefined;
    const result = setItem(storage, key, links.linkOf(next.state), (link): Stored => ({ v: 1, link, timedOut: next.held !== null, ...(next.held ? { held: next.held } : {}), ...(previous ? { previous } : {}) }));
    if (result.ok) current = next;
    return result;
  };
  return {
    load() {
      current = read(storage, key);
      linkHold = readLinkHold(storage, linkHoldKey(key));
      return current;
    },
    heldLink: () => linkHold,
    save(state, previous = current?.previous ?? null) {
      const held = current !== null && sameEngineCase(current.state, state) ? current.held : null;
      if (current && current.held === held && sameCase(current.state, state) && samePrevious(current.previous, previous)) return UNCHANGED;
      return write({ state, held, previous });
    },
    hold(state, reason) {
      if (current && !sameEngineCase(current.state, state)) return UNCHANGED;
      return current?.held === reason ? UNCHANGED : write({ state: current?.state ?? state, held: reason, previous: current?.previous ?? null });
    },
    holdLink(state, reason) {
      if (linkHold && linkHold.reason === reason && sameEngineCase(linkHold.state, state)) return UNCHANGED;
      const result = setItem(storage, linkHoldKey(key), links.linkOf(state), (link): StoredLinkHold => ({ v: 1, link, reason }));
      if (result.ok) linkHold = { state, reason };
      return result;
    },
    markRan(state) {
      if (linkHold && sameEngineCase(linkHold.state, state)) {
        const result = removeItem(storage, linkHoldKey(key));
        if (result.ok) linkHold = null;
        return result;
      }
      if (!current?.held || !sameEngineCase(current.state, state)) return UNCHANGED;
      return write({ ...current, held: null });
    },
    clear() {
      current = null;
      return removeItem(storage, key);
    },
  };
}

/** Writes `value` of the case's link under `k`; a case a link cannot carry is not saved (the last good save stays). */
function setItem(storage: Storage | null, k: string, link: LinkOf, value: (link: string) => object): SaveResult {
  if (!storage) return failure(null);
  if (!link.ok) return { ok: false, reason: 'too-large', message: `${describeTooLarge(link.tooLarge)}; it is not autosaved.` };
  try {
    storage.setItem(k, JSON.stringify(value(link.link)));
  } catch (e) {
    return failure(e);
  }
  return WRITTEN;
}

function removeItem(storage: Storage | null, k: string): SaveResult {
  if (!storage) return failure(null);
  try {
    storage.removeItem(k);
    return WRITTEN;
  } catch (e) {
    return failure(e);
  }
}

function getJson(storage: Storage | null, key: string): Record<string, unknown> | null {
  let text: string | null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function decoded(link: unknown): Case | null {
  if (typeof link !== 'string') return null;
  const result = decodePermalink(link);
  return result.ok ? result.state : null;
}

function holdReason(value: unknown): HoldReason | null {
  return value === 'timeout' || value === 'crash' ? value : null;
}

function read(storage: Storage | null, key: string): Restored | null {
  const stored = getJson(storage, key);
  if (stored?.['v'] !== 1) return null;
  const state = decoded(stored['link']);
  if (!state) return null;
  const held = holdReason(stored['held']) ?? (stored['timedOut'] === true ? 'timeout' : null);
  return { state, held, previous: decoded(stored['previous']) };
}

function readLinkHold(storage: Storage | null, key: string): HeldLink | null {
  const stored = getJson(storage, key);
  const state = stored?.['v'] === 1 ? decoded(stored['link']) : null;
  const reason = holdReason(stored?.['reason']);
  return state && reason ? { state, reason } : null;
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

function sameEngineCase(a: Case, b: Case): boolean {
  return sameCase(a, b, ENGINE_FIELDS);
}

function samePrevious(a: Case | null, b: Case | null): boolean {
  return a === b || (a !== null && b !== null && sameCase(a, b));
}
