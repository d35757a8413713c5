/**
 * The case storage: the one `PersistStorage` the store's persist middleware writes to and reads from, over the two
 * `StateStorage`s (storages.ts). The address bar holds the case on screen as its link; the drafts hold the case being
 * edited, in the versioned format of draftFormat.ts. Persist hands it the kept state (kept.ts) on every store change,
 * and each side writes only what changed, deferred (deferred.ts). At start it reads both (kept.ts picks the case).
 */
import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';
import type { Case } from '../../engine/case.ts';
import { exampleLink } from '../../examples/links.ts';
import { readLink } from '../permalink.ts';
import type { LinkEncoder } from '../linkEncoder.ts';
import { deferredWrite } from './deferred.ts';
import { DRAFT_KEY, DRAFT_VERSION, draftText, heldLinkKey, itemText, readDraft, readHeldLink, sameDraft, sameHeldLink, type Draft, type Drafts } from './draftFormat.ts';
import type { Kept, Screen } from './kept.ts';
import type { HashStorage, WriteResult } from './storages.ts';

export interface CaseStorageDeps {
  url: HashStorage;
  /** Where drafts are kept; null: nowhere (an embed never touches storage). */
  drafts: StateStorage<WriteResult> | null;
  links: LinkEncoder;
  /** At most one write per this many ms, of the address bar (Safari throttles replaceState: about 50 calls per 30 s) and of the drafts. */
  throttleMs: { url: number; drafts: number };
  /** Autosave is off, and why (a write failed), or works again (null: a write succeeded). */
  note(text: string | null): void;
}

/** The case storage, with what the page does besides persist's calls. */
export interface CaseStorage extends PersistStorage<Kept, void> {
  /** What persist read and the store started with: the writes compare against it. */
  started(drafts: Drafts, screen: Screen): void;
  /** Writes the address bar's link now (before it is copied). */
  flushLink(): void;
  /** Writes the drafts now. */
  flushDrafts(): void;
  /** Writes both now (the page goes away). */
  flush(): void;
  /** Drops pending writes. */
  cancel(): void;
}

export function createCaseStorage(deps: CaseStorageDeps): CaseStorage {
  const at = { key: DRAFT_KEY, latest: null as Kept | null };
  const url = addressBar(deps, at);
  const drafts = deps.drafts && draftsSide(deps, deps.drafts, at);
  return {
    getItem: (name): StorageValue<Kept> => {
      at.key = name;
      const hash = deps.url.getItem(name) as string | null;
      const link = hash === null ? null : readLink(hash);
      const draft = deps.drafts && readDraft(deps.drafts.getItem(name) as string | null);
      const heldLink = deps.drafts && readHeldLink(deps.drafts.getItem(heldLinkKey(name)) as string | null);
      return {
        state: {
          screen: link === null ? null : link.ok ? { case: link.state, exampleId: link.example, example: link.example !== null } : { error: link.error },
          // A draft of an older version stays as read: persist gives it to `migrate` (index.ts).
          drafts: { draft: (draft?.state as Draft | undefined) ?? null, heldLink: heldLink ?? null },
          linked: link !== null,
          running: false,
        },
        version: draft?.version ?? DRAFT_VERSION,
      };
    },
    setItem: (name, { state }) => {
      at.key = name;
      const before = at.latest;
      at.latest = state;
      url.push(state);
      drafts?.push(before, state);
    },
    removeItem: (name) => {
      deps.drafts?.removeItem(name);
      deps.drafts?.removeItem(heldLinkKey(name));
    },
    started: (d, screen) => {
      drafts?.started(d);
      url.started(screen);
    },
    flushLink: url.flush,
    flushDrafts: () => drafts?.flush(),
    flush: () => {
      url.flush();
      drafts?.flush();
    },
    cancel: () => {
      url.cancel();
      drafts?.cancel();
    },
  };
}

/** Where the storage is: the item's name, and the kept state last pushed. */
interface At {
  key: string;
  latest: Kept | null;
}

/** The address bar's side: the link of the case on screen, and a history entry for an example picked in the app. */
function addressBar(deps: CaseStorageDeps, at: At) {
  /** The screen last pushed, or the one the store started with. */
  let shown: Screen | null = null;
  const hashOf = (s: Screen): string => {
    if (s.example && s.exampleId !== null) return exampleLink(s.exampleId);
    const link = deps.links.linkOf(s.case);
    return link.ok ? link.link : '';
  };
  const writer = deferredWrite({
    throttleMs: deps.throttleMs.url,
    links: deps.links,
    caseToEncode: () => shown?.case ?? ({} as Case),
    write: () => shown && deps.url.setItem(at.key, hashOf(shown)),
  });
  return {
    started: (screen: Screen) => {
      shown = screen;
    },
    push: (state: Kept) => {
      const screen = state.screen as Screen;
      const previous = shown;
      shown = screen;
      // An example picked in the app (not navigated to: the address bar would already hold its link): the entry the
      // user leaves gets the case being replaced, and the example a new entry, so Back returns to that case.
      const exampleHash = screen.example && screen.exampleId !== null ? exampleLink(screen.exampleId) : null;
      if (exampleHash && previous && previous.exampleId !== screen.exampleId && deps.url.getItem(at.key) !== exampleHash && deps.url.canPush) {
        writer.cancel();
        deps.url.setItem(at.key, hashOf(previous));
        deps.url.push(exampleHash);
      } else if (screen !== previous) writer.changed();
      writer.running(state.running);
    },
    flush: writer.flush,
    cancel: writer.cancel,
  };
}

/** The drafts' side: the draft and a held link, each written when it changed, and how storage took it (`note`). */
function draftsSide(deps: CaseStorageDeps, storage: StateStorage<WriteResult>, at: At) {
  /** What the drafts storage holds, as far as this page knows. */
  let stored: Drafts = { draft: null, heldLink: null };
  const report = (result: WriteResult, saved: () => void) => {
    if (result.ok) saved();
    deps.note(result.ok ? null : result.message);
  };
  const save = () => {
    const want = at.latest?.drafts;
    if (!want) return;
    const draft = want.draft;
    if (draft && !sameDraft(draft, stored.draft)) {
      // A case too large for a link is not saved (the last good save stays); the size note says so, not the storage note.
      const text = draftText(draft, deps.links);
      if (text.ok) report(storage.setItem(at.key, text.text), () => (stored = { ...stored, draft }));
    }
    const held = want.heldLink;
    if (sameHeldLink(held, stored.heldLink)) return;
    const text = held && itemText(held.case, { reason: held.reason }, deps.links);
    if (!text) report(storage.removeItem(heldLinkKey(at.key)), () => (stored = { ...stored, heldLink: null }));
    else if (text.ok) report(storage.setItem(heldLinkKey(at.key), text.text), () => (stored = { ...stored, heldLink: held }));
  };
  // A link's case on screen is held beside the draft: that is the case a write encodes; else the draft's.
  const caseToEncode = () => {
    const latest = at.latest;
    return (latest && !latest.linked ? latest.drafts.draft?.case : undefined) ?? (latest?.screen as Screen | null)?.case ?? ({} as Case);
  };
  const writer = deferredWrite({ throttleMs: deps.throttleMs.drafts, links: deps.links, caseToEncode, write: save });
  return {
    started: (d: Drafts) => {
      stored = d;
    },
    push: (before: Kept | null, state: Kept) => {
      const was = before?.drafts ?? stored;
      const now = state.drafts;
      // A hold is written at once (the page may be reloaded next), and so is the draft a link was just opened over.
      if ((now.draft?.held && now.draft.held !== was.draft?.held) || now.heldLink !== was.heldLink || (state.linked && before !== null && !before.linked)) writer.soon();
      else if (now !== was) writer.changed();
      writer.running(state.running);
    },
    flush: writer.flush,
    cancel: writer.cancel,
  };
}
