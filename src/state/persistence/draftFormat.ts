/**
 * The drafts' stored format, in zustand persist's envelope: `{"state": …, "version": 2}` under the draft key, and a
 * held link's beside it under `<key>:held-link`. Each case is stored as its permalink (`#v1.…`), so it is compressed,
 * and read back by the link decoder, which validates it and keeps reading every link version ever issued. Pure.
 */
import type { StorageValue } from 'zustand/middleware';
import { type Case, sameCase } from '../../engine/case.ts';
import { decodePermalink } from '../permalink.ts';
import { describeTooLarge, type LinkEncoder } from '../linkEncoder.ts';
import type { HoldReason } from '../store.ts';

/** The draft's storage key (its name predates the envelope's version, and stays so that older drafts are found). */
export const DRAFT_KEY = 'mcp-schema-playground:autosave:v1';
/** The format this build writes; version 1 is the builds' before the persist middleware (see `migrateDraft`). */
export const DRAFT_VERSION = 2;

/** The held link's key, beside the draft's (its own item: holding a link never rewrites a draft another tab saved). */
export const heldLinkKey = (key: string) => `${key}:held-link`;

/** The case being edited: `held` says why not to run it until asked; `previous` is the draft a link's case replaced. */
export interface Draft {
  case: Case;
  held: HoldReason | null;
  previous: Case | null;
}

/** A case opened from a link (never saved as the draft) that timed out or crashed the page. */
export interface HeldLink {
  case: Case;
  reason: HoldReason;
}

/** What the drafts storage holds. */
export interface Drafts {
  draft: Draft | null;
  heldLink: HeldLink | null;
}

/** A version 1 draft, as read: `timedOut` was its only hold until `held` came beside it (still written as `held !== null`). */
interface DraftV1 {
  case: Case;
  timedOut: boolean;
  held?: HoldReason;
  previous: Case | null;
}

/** Brings a draft of an older `version` to this build's format (persist calls it when the versions differ); null when it cannot. */
export function migrateDraft(stored: unknown, version: number): Draft | null {
  if (typeof stored !== 'object' || stored === null) return null;
  if (version === 1) {
    const v1 = stored as DraftV1;
    return { case: v1.case, held: v1.held ?? (v1.timedOut ? 'timeout' : null), previous: v1.previous };
  }
  return version === DRAFT_VERSION ? (stored as Draft) : null;
}

/**
 * The text of an item holding `c` (the draft's or the held link's case) and `fields` beside its link, or why it cannot be
 * stored: a case too large for a link is not saved (the last good save stays).
 */
export function itemText(c: Case, fields: Record<string, unknown>, links: Pick<LinkEncoder, 'linkOf'>): { ok: true; text: string } | { ok: false; message: string } {
  const link = links.linkOf(c);
  if (!link.ok) return { ok: false, message: `${describeTooLarge(link.tooLarge)}; it is not autosaved.` };
  return { ok: true, text: JSON.stringify({ state: { link: link.link, ...fields }, version: DRAFT_VERSION }) };
}

/** The draft item's text (`itemText`): its hold and the draft it replaced only when there are. */
export function draftText(draft: Draft, links: Pick<LinkEncoder, 'linkOf'>): { ok: true; text: string } | { ok: false; message: string } {
  const previous = draft.previous && links.linkOf(draft.previous);
  return itemText(draft.case, { ...(draft.held ? { held: draft.held } : {}), ...(previous && previous.ok ? { previous: previous.link } : {}) }, links);
}

/** Reads a draft item of any version, its links decoded (null: none, or not readable); `migrateDraft` brings it up to date. */
export function readDraft(text: string | null): StorageValue<Draft | DraftV1> | null {
  const item = envelope(text);
  if (!item) return null;
  const { state, version } = item;
  const c = decoded(state['link']);
  if (!c) return null;
  const previous = decoded(state['previous']);
  const held = holdReason(state['held']);
  if (version === 1) return { state: { case: c, timedOut: state['timedOut'] === true, ...(held ? { held } : {}), previous }, version };
  return { state: { case: c, held, previous }, version };
}

/** Reads a held link item (the same in both versions but for the envelope); null when there is none or it is not readable. */
export function readHeldLink(text: string | null): HeldLink | null {
  const item = envelope(text);
  const c = item && decoded(item.state['link']);
  const reason = holdReason(item?.state['reason']);
  return c && reason ? { case: c, reason } : null;
}

/** The same draft, as far as storing it goes. */
export function sameDraft(a: Draft | null, b: Draft | null): boolean {
  return a === b || (a !== null && b !== null && a.held === b.held && sameCase(a.case, b.case) && sameOrNull(a.previous, b.previous));
}

/** The same held link. */
export function sameHeldLink(a: HeldLink | null, b: HeldLink | null): boolean {
  return a === b || (a !== null && b !== null && a.reason === b.reason && sameCase(a.case, b.case));
}

/** The item's fields and version: `{state, version}` (version 2 on), or version 1's flat `{v: 1, …}`. */
function envelope(text: string | null): { state: Record<string, unknown>; version: number } | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  if (parsed['v'] === 1) return { state: parsed, version: 1 };
  return isRecord(parsed['state']) && typeof parsed['version'] === 'number' ? { state: parsed['state'], version: parsed['version'] } : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decoded(link: unknown): Case | null {
  if (typeof link !== 'string') return null;
  const result = decodePermalink(link);
  return result.ok ? result.state : null;
}

function holdReason(value: unknown): HoldReason | null {
  return value === 'timeout' || value === 'crash' ? value : null;
}

function sameOrNull(a: Case | null, b: Case | null): boolean {
  return a === b || (a !== null && b !== null && sameCase(a, b));
}
