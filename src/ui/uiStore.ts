/**
 * The UI's own state beside the case store (zustand, vanilla, created by main.tsx and handed down in the services
 * context): the mounted editors, the answer place last gone to, the Monaco gate, the theme choice and whether Help is open.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { answerPlace, type PathTarget } from './editor/answerPlace.ts';
import type { EditorHandle, EditorName } from './editor/mountedEditors.ts';
import type { Theme } from './embed/options.ts';
import type { ConverterId } from '../engine/contract/catalog.ts';

/** The place last gone to: a JSON pointer into the answer; `n` counts the clicks (the same place again scrolls again). */
export interface Focus {
  pointer: readonly string[];
  n: number;
}

/** What the UI holds outside the case. */
export interface UiState {
  /** Mounted editors, by name; an entry exists only while its Monaco editor is mounted (how the test hook and the panes reach Monaco without importing it). */
  editors: Partial<Record<EditorName, EditorHandle>>;
  mountEditor(name: EditorName, handle: EditorHandle): void;
  unmountEditor(name: EditorName): void;
  /** The answer place last gone to (the listed-schema pane reveals the subschema that describes it). */
  focus: Focus | null;
  /** Selects `target` in the answer editor (when the text still has it) and remembers the place; false when not found. */
  goToPath(target: PathTarget): boolean;
  /** Monaco may load (editor/monacoGate.ts: not before the first verdict is on screen). */
  monacoOpen: boolean;
  /** The editor the user asked for before Monaco loaded, focused once it mounts. */
  focusWanted: EditorName | null;
  /** Lets the editors load Monaco now (idempotent); `focus` names the editor the user asked for. */
  openMonaco(focus?: EditorName): void;
  /** Whether `name` should take focus as it mounts (the user clicked or tabbed into its read-only text); asked once. */
  takeFocusRequest(name: EditorName): boolean;
  /** The header's theme choice (an embed follows its page's `theme=` option instead). */
  theme: Theme;
  chooseTheme(theme: Theme): void;
  /** The converter whose listing the listed-schema pane's diff is taken against (zod's until another is picked). */
  diffAgainst: ConverterId;
  setDiffAgainst(id: ConverterId): void;
  /** The Help panel is open (the header's Help button, or `?`). */
  help: boolean;
  setHelp(open: boolean): void;
}

/** The UI store type. */
export type UiStore = StoreApi<UiState>;

/** Creates the UI store; `theme` is the remembered choice, `rememberTheme` keeps a new one (best effort). */
export function createUiStore(theme: Theme = 'auto', rememberTheme: (theme: Theme) => void = () => {}): UiStore {
  return createStore<UiState>()((set, get) => ({
    editors: {},
    mountEditor: (name, handle) => set((s) => ({ editors: { ...s.editors, [name]: handle } })),
    unmountEditor: (name) =>
      set((s) => {
        const { [name]: _gone, ...rest } = s.editors;
        return { editors: rest };
      }),
    focus: null,
    goToPath: (target) => {
      const editor = get().editors.answer;
      const place = editor ? answerPlace(editor.getText(), target) : null;
      if (!editor || !place) return false;
      editor.select(place.range);
      set((s) => ({ focus: { pointer: place.pointer, n: (s.focus?.n ?? 0) + 1 } }));
      return true;
    },
    monacoOpen: false,
    focusWanted: null,
    openMonaco: (focus) => set((s) => ({ monacoOpen: true, focusWanted: focus ?? s.focusWanted })),
    takeFocusRequest: (name) => {
      if (get().focusWanted !== name) return false;
      set({ focusWanted: null });
      return true;
    },
    diffAgainst: 'zod',
    setDiffAgainst: (id) => set({ diffAgainst: id }),
    help: false,
    setHelp: (open) => set({ help: open }),
    theme,
    chooseTheme: (next) => {
      rememberTheme(next);
      set({ theme: next });
    },
  }));
}
