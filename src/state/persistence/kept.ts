/**
 * What persistence keeps of the store, and the store as it starts from what was kept. Persist calls `partialize` on
 * every store change and hands the result to the case storage (caseStorage.ts); at start, `migrate` brings an older
 * draft up to date and `merge` (`startingState`) picks the case to open: a link wins over the draft (the user opened
 * it on purpose), but the draft stays saved and reachable.
 */
import { fillCase, normalizeCase, sameCase, type Case } from '../../engine/case.ts';
import { ENGINE_FIELDS } from '../../engine/case/names.ts';
import { exampleCase, findExample } from '../../examples/links.ts';
import type { HoldReason, PlaygroundState } from '../store.ts';
import { sameDraft, sameHeldLink, type Draft, type Drafts } from './draftFormat.ts';

/** The case on screen as the address bar keeps it: the gallery example it was opened as, and whether it is still that example. */
export interface Screen {
  case: Case;
  exampleId: string | null;
  /** The case is the example `exampleId`, unedited: its link is the short `#example/<id>`. */
  example: boolean;
}

/** What persistence keeps of the store (persist's partialized state); read back at start, what the storages held. */
export interface Kept {
  /** The case on screen; read back, the link in the address bar (null: none) or why it cannot be opened. */
  screen: Screen | { error: string } | null;
  drafts: Drafts;
  /** The case on screen is a link's, unedited: it is not the draft. */
  linked: boolean;
  /** A run is in flight (writes wait for it). */
  running: boolean;
}

/**
 * The kept state of each store change (persist's `partialize`). The draft follows the case on screen, except while it
 * is a link's; a hold follows the run: a timeout or a render crash holds the case on screen (the draft, or a link's
 * case beside it), and a run that finishes clears its hold. A draft's hold lasts while what the engine evaluates is
 * unchanged. A fresh start saves no draft until the case (or the draft it replaced) is edited, or held. Keeps its last
 * value's objects while they are unchanged, so the storage sees a change by identity.
 */
export function keptView(): { partialize(s: PlaygroundState): Kept; start(drafts: Drafts, s: PlaygroundState): void } {
  let drafts: Drafts = { draft: null, heldLink: null };
  let screen: Screen | null = null;
  let seen: Pick<PlaygroundState, 'run' | 'uiCrash'> | null = null;
  /** The case and replaced draft last seen; `edited` once either changed since the start. */
  let last: { case: Case; previous: Case | null } | null = null;
  let edited = false;
  return {
    start: (d, s) => {
      drafts = d;
      seen = s;
      last = { case: normalizeCase(s), previous: s.previousDraft };
    },
    partialize: (s) => {
      const c = normalizeCase(s);
      const example = s.exampleId !== null && isExample(s.exampleId, c);
      if (!screen || screen.exampleId !== s.exampleId || screen.example !== example || !sameCase(screen.case, c)) screen = { case: c, exampleId: s.exampleId, example };
      if (!last || !sameCase(last.case, c) || last.previous !== s.previousDraft) edited = true;
      last = { case: c, previous: s.previousDraft };
      let { draft, heldLink } = drafts;
      if (!s.linked && (draft || edited)) {
        const next: Draft = { case: c, held: draft && sameCase(draft.case, c, ENGINE_FIELDS) ? draft.held : null, previous: s.previousDraft };
        if (!sameDraft(draft, next)) draft = next;
      }
      const hold = (reason: HoldReason) => {
        if (s.linked) heldLink = sameHeldLink(heldLink, { case: c, reason }) ? heldLink : { case: c, reason };
        else if (!draft) draft = { case: c, held: reason, previous: s.previousDraft };
        else if (draft.held !== reason) draft = { ...draft, held: reason };
      };
      if (seen && s.run !== seen.run && s.run.kind === 'timeout') hold('timeout');
      if (seen && s.run !== seen.run && s.run.kind === 'done') {
        if (heldLink && sameCase(heldLink.case, c, ENGINE_FIELDS)) heldLink = null;
        else if (draft?.held && sameCase(draft.case, c, ENGINE_FIELDS)) draft = { ...draft, held: null };
      }
      if (s.uiCrash && s.uiCrash !== seen?.uiCrash) hold('crash');
      seen = { run: s.run, uiCrash: s.uiCrash };
      if (draft !== drafts.draft || heldLink !== drafts.heldLink) drafts = { draft, heldLink };
      return { screen, drafts, linked: s.linked, running: s.run.kind === 'evaluating' };
    },
  };
}

/**
 * The store as it starts (persist's `merge`): the link's case, else the draft, else the fresh case; a link that cannot
 * be opened says why in a banner over the fresh case. A case whose last run timed out or crashed the page (the draft,
 * or a link held beside it) is held, so a case that hangs the worker or breaks the page cannot loop on every reload.
 * The draft a link's case was opened over (or the draft the saved one replaced) is offered back.
 */
export function startingState(kept: Kept | undefined, current: PlaygroundState): PlaygroundState {
  if (!kept) return current;
  const { screen, drafts } = kept;
  const { draft, heldLink } = drafts;
  const opened = screen && !('error' in screen) ? screen : null;
  const start = (screen ? opened?.case : draft?.case) ?? normalizeCase(current);
  const holds = [draft && { case: draft.case, reason: draft.held }, heldLink];
  const offered = screen ? (draft?.case ?? null) : (draft?.previous ?? null);
  return {
    ...current,
    ...fillCase(start),
    exampleId: opened?.exampleId ?? null,
    banner: screen && 'error' in screen ? { tone: 'error', text: `${screen.error} A fresh case was opened instead.` } : current.banner,
    linked: screen !== null,
    holdReason: holds.find((h) => h?.reason && sameCase(h.case, start, ENGINE_FIELDS))?.reason ?? null,
    previousDraft: offered && !sameCase(offered, start) ? offered : null,
  };
}

/** The case is the gallery example `id` as it comes. */
function isExample(id: string, c: Case): boolean {
  const example = findExample(id);
  return example !== undefined && sameCase(exampleCase(example), c);
}
