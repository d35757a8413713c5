/** Drafts as a storage: the one place the case is written to localStorage (through the writer) and its run outcome flagged. */
import { normalizeCase, sameCase } from '../../engine/case.ts';
import { type HoldReason, type PlaygroundState, type PlaygroundStore } from '../store.ts';
import type { Autosave, SaveResult } from './drafts.ts';
import { startWriter } from './writer.ts';
import { createLinkEncoder, type LinkEncoder } from '../linkEncoder.ts';

/** What autosave needs from the browser (passed in so tests can fake it). */
export interface PageEvents {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
}

/**
 * Saves the case as it changes (at most once per `throttleMs`, and at once when the page goes away), holds a case
 * whose run timed out or whose report crashed the page, and clears the hold once it ran. A case opened from a link is
 * not saved until the user edits it (the draft it was opened over is then kept as the previous draft). A failing
 * storage is reported through `storageNote`, until a write succeeds.
 */
export function startAutosave(store: PlaygroundStore, autosave: Autosave, page: PageEvents, throttleMs = 500, links: LinkEncoder = createLinkEncoder()): () => void {
  // Only a write tells about storage: a write that works clears the note, one that fails sets it; a call with nothing
  // to write, or a case too large to save (the size note says so), leaves it as it is.
  const note = (result: SaveResult) => {
    if (result.ok ? !result.written : result.reason === 'too-large') return;
    const text = result.ok ? null : result.message;
    if (store.getState().storageNote !== text) store.getState().setStorageNote(text);
  };
  /** The case changed since the last save. */
  let dirty = false;
  // Writes are never synchronous with a change, so `dirty` is set (below) before any save reads it.
  const writer = startWriter(store, { throttleMs, changed: draftChanged, write: () => saveNow(), links });
  /** Saves `state`'s case now if it changed (or always, with `force`), dropping any pending save; never a link's unedited case. */
  const saveNow = (force = false, state = store.getState()) => {
    writer.cancel();
    if ((!dirty && !force) || state.linked) return;
    dirty = false;
    note(autosave.save(normalizeCase(state), state.previousDraft));
  };
  /** Holds the case on screen: a link's beside the draft, the draft's own by flagging it (saved first: the flag belongs to the saved case). */
  let cancelHold = () => {};
  const hold = (state: PlaygroundState, reason: HoldReason) => {
    cancelHold();
    // The link is encoded in slices first: a timeout is the moment a giant case lands, and the page must stay responsive.
    cancelHold = links.whenLinkEncoded(normalizeCase(state), () => {
      if (state.linked) return note(autosave.holdLink(normalizeCase(state), reason));
      saveNow(true, state);
      note(autosave.hold(normalizeCase(state), reason));
    });
  };
  const unsubscribe = store.subscribe((next, prev) => {
    // A link opened over the case being edited: that case is the draft, saved before the link's takes the screen.
    if (next.linked && !prev.linked) saveNow(false, prev);
    if (draftChanged(next, prev)) dirty = true;
    if (next.uiCrash && next.uiCrash !== prev.uiCrash) hold(next, 'crash');
    if (next.run === prev.run) return;
    if (next.run.kind === 'timeout') hold(next, 'timeout');
    else if (next.run.kind === 'done') note(autosave.markRan(normalizeCase(next)));
  });
  const onHide = () => saveNow();
  page.addEventListener('pagehide', onHide);
  return () => {
    saveNow();
    cancelHold();
    unsubscribe();
    writer.stop();
    page.removeEventListener('pagehide', onHide);
  };
}

/** What a draft holds changed: the case, or the draft a link's case replaced. */
function draftChanged(next: PlaygroundState, prev: PlaygroundState): boolean {
  return !sameCase(next, prev) || next.previousDraft !== prev.previousDraft;
}
