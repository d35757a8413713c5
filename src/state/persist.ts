/** The store and the autosave: the one place the case is written to storage (throttled) and its run outcome flagged. */
import { throttle, type Autosave, type SaveResult } from './autosave.ts';
import { afterRun } from './afterRun.ts';
import { caseChanged, selectCase, type PlaygroundStore } from './store.ts';

/** What autosave needs from the browser (passed in so tests can fake it). */
export interface PageEvents {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
}

/**
 * Saves the case as it changes (at most once per `throttleMs`, and at once when the page goes away), flags a case
 * whose run timed out and clears the flag once it ran. A failing storage is reported through `storageNote`, until a
 * write succeeds.
 */
export function startAutosave(store: PlaygroundStore, autosave: Autosave, page: PageEvents, throttleMs = 500): () => void {
  // Only a write tells about storage: a write that works clears the note, one that fails sets it; a call with nothing
  // to write, or a case too large to save (the size note says so), leaves it as it is.
  const note = (result: SaveResult) => {
    if (result.ok ? !result.written : result.reason === 'too-large') return;
    const text = result.ok ? null : result.message;
    if (store.getState().storageNote !== text) store.getState().setStorageNote(text);
  };
  let cancelWait: (() => void) | null = null;
  /** The case changed since the last save. */
  let dirty = false;
  /** Saves the case now if it changed (or always, with `force`), dropping any pending save. */
  const saveNow = (force = false) => {
    save.cancel();
    cancelWait?.();
    cancelWait = null;
    if (!dirty && !force) return;
    dirty = false;
    note(autosave.save(selectCase(store.getState())));
  };
  // At the throttle's end the save waits for a run in flight to land: a large case's deflate must not delay its verdict.
  const save = throttle(() => {
    if (cancelWait) return;
    let saved = false;
    const cancel = afterRun(store, () => {
      saved = true;
      saveNow();
    });
    if (!saved) cancelWait = cancel;
  }, throttleMs);
  const unsubscribe = store.subscribe((next, prev) => {
    if (caseChanged(next, prev)) {
      dirty = true;
      save();
    }
    if (next.run === prev.run) return;
    if (next.run.kind === 'timeout') {
      // The flag belongs to the saved case, so the case that timed out is saved first.
      saveNow(true);
      note(autosave.markTimedOut(selectCase(next)));
    } else if (next.run.kind === 'done') note(autosave.markRan(selectCase(next)));
  });
  const onHide = () => saveNow();
  page.addEventListener('pagehide', onHide);
  return () => {
    saveNow();
    unsubscribe();
    page.removeEventListener('pagehide', onHide);
  };
}
