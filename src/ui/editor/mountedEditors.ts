/** What a mounted editor offers outside React (the UI store, uiStore.ts, holds the mounted ones by name). */
import type { EditorMarker } from './answerMarkers.ts';
import type { LineRange } from './positions.ts';

/** Which editor. */
export type EditorName = 'schema' | 'answer';

/** What a mounted editor offers outside React. */
export interface EditorHandle {
  getText(): string;
  setText(text: string): void;
  /** Moves the cursor to a 1-based line and column and focuses the editor. */
  reveal(line: number, column: number): void;
  /** Selects a range (the cursor at its start), scrolls it into the middle and focuses the editor. */
  select(range: LineRange): void;
  /** The cursor's 1-based line and column. */
  cursor(): { line: number; column: number };
  /** The selected text ('' when none). */
  selected(): string;
  /** The markers last set on the editor (what its squiggles and hovers say). */
  markers(): readonly EditorMarker[];
  /** The Monaco text model (for e2e tests). */
  model: unknown;
}
