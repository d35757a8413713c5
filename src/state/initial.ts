/** Where the app starts, from the link and the autosave. Pure: the location and the restored save are passed in. */
import type { HeldLink, Restored } from './persistence/drafts.ts';
import { getInitialState } from './permalink.ts';
import { type Case, sameCase } from '../engine/case.ts';
import type { HoldReason } from './store.ts';
import { ENGINE_FIELDS } from '../engine/case/names.ts';

/** The starting case, why the link could not be opened (if so), the example it names, and whether to hold the run. */
export interface StartingPoint {
  state: Case;
  error: string | null;
  example: string | null;
  /** Why not to run the case until the user asks: it timed out, or crashed the page, the last time it was open. */
  held: HoldReason | null;
  /** The case came from the link: it must not replace the saved draft until the user edits it. */
  linked: boolean;
  /** The saved draft the case on screen is not (the link's case was opened over it), to offer back; or null. */
  previousDraft: Case | null;
}

/**
 * A link wins over the autosave (the user opened it on purpose), but the draft stays saved and reachable; with no
 * link, the autosaved case comes back. Either way a case whose last run timed out or crashed the page is held, so a
 * case that hangs the worker or breaks the page cannot loop on every reload.
 */
export function startingPoint(location: { hash: string }, fallback: Case, restored: Restored | null, heldLink: HeldLink | null = null): StartingPoint {
  const linked = location.hash !== '' && location.hash !== '#';
  const initial = linked || !restored ? getInitialState(location, fallback) : { state: restored.state, error: null, example: null };
  const holds = [restored && { state: restored.state, reason: restored.held }, heldLink];
  const held = holds.find((h) => h?.reason && sameCase(h.state, initial.state, ENGINE_FIELDS))?.reason ?? null;
  const draft = linked ? (restored?.state ?? null) : (restored?.previous ?? null);
  return { ...initial, held, linked, previousDraft: draft && !sameCase(draft, initial.state) ? draft : null };
}
