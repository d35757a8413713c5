/**
 * Going to an error path: select it in the answer editor and remember the place, so the listed-schema pane can reveal
 * the subschema that describes it. A small external store (a click is the only writer).
 */
import { useSyncExternalStore } from 'react';
import { answerPlace, type PathTarget } from './editor/answerPlace.ts';
import { editors } from './editor/mountedEditors.ts';

/** The place last gone to: a JSON pointer into the answer; `n` counts the clicks (the same place again scrolls again). */
export interface Focus {
  pointer: readonly string[];
  n: number;
}

let focus: Focus | null = null;
const listeners = new Set<() => void>();

/** Selects `target` in the answer editor (when the text still has it) and tells the listed pane; false when not found. */
export function goToPath(target: PathTarget): boolean {
  const editor = editors.get('answer');
  const place = editor ? answerPlace(editor.getText(), target) : null;
  if (!editor || !place) return false;
  editor.select(place.range);
  focus = { pointer: place.pointer, n: (focus?.n ?? 0) + 1 };
  for (const l of listeners) l();
  return true;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The place last gone to, live. */
export function useFocus(): Focus | null {
  return useSyncExternalStore(subscribe, () => focus, () => null);
}
