/**
 * `window.__playground`: a small, harmless handle for e2e tests and the curious. It reads and writes the editors'
 * Monaco models (what a user types) and exposes the store (what the app holds); it grants nothing a user can't do.
 */
import type { PlaygroundStore } from '../state/store.ts';
import type { EditorMarker } from './editor/answerMarkers.ts';
import type { EditorName } from './editor/mountedEditors.ts';
import type { UiStore } from './uiStore.ts';

/** The hook's shape. */
export interface PlaygroundHook {
  /** An editor's text, from its Monaco model once mounted (from the store before). */
  getText(which: EditorName): string;
  /** Replaces an editor's text as one undoable edit (the app sees it as a typed change). */
  setText(which: EditorName, text: string): void;
  /** The markers (squiggles with their hover messages) on an editor; none before it is mounted. */
  markers(which: EditorName): readonly EditorMarker[];
  /** The Monaco model of a mounted editor; throws before Monaco has mounted it. */
  model(which: EditorName): unknown;
  /** The cursor's 1-based line and column in a mounted editor (null before it is mounted). */
  cursor(which: EditorName): { line: number; column: number } | null;
  /** The text selected in a mounted editor ('' when none). */
  selection(which: EditorName): string;
  /** True once both editors are mounted. */
  ready(): boolean;
  store: PlaygroundStore;
}

declare global {
  interface Window {
    __playground?: PlaygroundHook;
  }
}

/** Installs the hook on `window`. */
export function installTestHook(store: PlaygroundStore, ui: UiStore): void {
  const editor = (which: EditorName) => ui.getState().editors[which];
  const fromStore = (which: EditorName) => store.getState()[which];
  window.__playground = {
    getText: (which) => editor(which)?.getText() ?? fromStore(which),
    setText: (which, text) => {
      const mounted = editor(which);
      if (mounted) mounted.setText(text);
      else store.getState().setField(which, text);
    },
    markers: (which) => editor(which)?.markers() ?? [],
    model: (which) => {
      const mounted = editor(which);
      if (!mounted) throw new Error(`the ${which} editor is not mounted yet`);
      return mounted.model;
    },
    cursor: (which) => editor(which)?.cursor() ?? null,
    selection: (which) => editor(which)?.selected() ?? '',
    ready: () => editor('schema') !== undefined && editor('answer') !== undefined,
    store,
  };
}
