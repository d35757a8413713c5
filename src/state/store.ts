/** The playground's one store (zustand, vanilla): the case being edited, the last evaluation, and messages. */
import { createStore, type StateCreator, type StoreApi, type StoreMutatorIdentifier } from 'zustand/vanilla';
import { fillCase, normalizeCase, sameCase, sameVersions, type Case, type CaseField, type FilledCase } from '../engine/case.ts';
import type { AnswerForm, Protocol, Versions } from '../engine/contract/versions.ts';
import type { Report } from '../engine/report.ts';

/** Why a case is held (restored, not run until asked): its run timed out, or its report crashed the page. */
export type HoldReason = 'timeout' | 'crash';

/** Where the live evaluation stands. */
export type RunState =
  | { kind: 'idle' }
  /** Restored, not run: this case timed out the last time it was open (no crash loop); it runs when asked. */
  | { kind: 'held' }
  /**
   * `first`: the report on screen is this run's first report (the selected verdict; the rest is still coming); with
   * `stored`, it is this case's full report kept from an earlier visit (storedReports.ts), shown while the run re-checks it.
   */
  | { kind: 'evaluating'; first?: true; stored?: true }
  /** `ms`: the engine's time; `waitedMs`: from the edit that asked for the run to its full report landing. */
  | { kind: 'done'; ms: number; waitedMs?: number }
  | { kind: 'timeout'; budgetMs: number }
  | { kind: 'crash'; message: string };

/** A dismissible message above the panes (e.g. why a link could not be opened). */
export interface Banner {
  tone: 'error' | 'info';
  text: string;
}

/** A short-lived notice such as "Link copied"; `undo` is the case an Undo button brings back. */
export interface Toast {
  text: string;
  undo: Case | null;
}

/** Everything the UI reads. Actions are plain functions on the state; none of them touches the URL or storage. */
export interface PlaygroundState extends FilledCase {
  /** The versions the case runs (the defaults unless picked; a link or draft names them only when not). */
  versions: Versions;
  /** What the answer text is (the user's choice, never guessed from the text). */
  answerForm: AnswerForm;
  /** The protocol era the v2 client negotiates (a link or draft names it only when not the default). */
  protocol: Protocol;
  run: RunState;
  /** The last report that came back; kept (dimmed) while a newer run is pending or after one failed. */
  report: Report | null;
  banner: Banner | null;
  toast: Toast | null;
  /** The case is exactly as a link opened it: it does not replace the saved draft until the user edits it. */
  linked: boolean;
  /** The saved draft a link's case was opened over (or the case "Restore previous draft" swapped out), or null. */
  previousDraft: Case | null;
  /** Why the case was restored held (not run until asked): it timed out, or it crashed the page, last time. */
  holdReason: HoldReason | null;
  /** The last render error a boundary caught (a new object each time), or null. */
  uiCrash: { message: string } | null;
  /** The gallery example last opened; its explanation shows while the case is still exactly that example. */
  exampleId: string | null;
  /** Why autosave is off (storage full or unavailable), or null while it works. */
  storageNote: string | null;
  /** The evaluation worker crashed after its run had landed (the verdict stands; it was restarted); cleared by the next run. */
  workerNote: string | null;
  /** The listed-schema pane shows a diff against zod's listing instead of the schema. */
  listedDiff: boolean;
  /** The user typed the Tool field in this case: a pasted registration's tool name no longer replaces it. */
  toolTyped: boolean;
  setField<K extends CaseField>(key: K, value: PlaygroundState[K]): void;
  /** Picks versions (the ones given; the others stay). */
  setVersions(versions: Partial<Versions>): void;
  /**
   * Replaces the whole case (a link, an example, a parent page's `set`); `exampleId` when it is a gallery example;
   * `linked` when it comes from a link (the draft it replaces on screen becomes `previousDraft`). An example is opened
   * like a link unless `linked: false` is given: it never replaces the draft until it is edited.
   */
  loadCase(next: Case, exampleId?: string | null, opts?: { linked?: boolean }): void;
  /** Brings `previousDraft` back, keeping the case it replaces as the new `previousDraft` (nothing is lost). */
  restorePreviousDraft(): void;
  /** Records a render error a boundary caught (autosave then holds the case, like one that timed out). */
  noteUiCrash(message: string): void;
  /** Replaces the case with `to` and offers Undo (back to the case being replaced). */
  reset(to: Case): void;
  /** Records where the run stands; a new run (`evaluating`) clears `workerNote`, which was about the previous one. */
  setRun(run: RunState, report?: Report): void;
  setBanner(banner: Banner | null): void;
  setToast(text: string | null, undo?: Case): void;
  setExample(id: string | null): void;
  setStorageNote(note: string | null): void;
  setWorkerNote(note: string | null): void;
  setListedDiff(on: boolean): void;
}

/** The store type the app and the test hook share. */
export type PlaygroundStore = StoreApi<PlaygroundState>;

/** Where the starting case came from: a link (and the draft it was opened over), and why it is held, if it is. */
export interface StartContext {
  linked?: boolean;
  previousDraft?: Case | null;
  holdReason?: HoldReason | null;
}

/** Creates the store with a starting case and, optionally, a banner to show at once and where the case came from. */
export function createPlaygroundStore(initial: Case, banner: Banner | null = null, start: StartContext = {}): PlaygroundStore {
  return createStore<PlaygroundState>()(playgroundState(initial, banner, start));
}

/** The store's state and actions, for `createStore` or a middleware around it (state/persistence adds persist). */
export function playgroundState<M extends [StoreMutatorIdentifier, unknown][] = []>(initial: Case, banner: Banner | null = null, start: StartContext = {}): StateCreator<PlaygroundState, M> {
  return (set) => ({
    ...fillCase(initial),
    linked: start.linked ?? false,
    previousDraft: start.previousDraft ?? null,
    holdReason: start.holdReason ?? null,
    uiCrash: null,
    run: { kind: 'idle' },
    report: null,
    banner,
    toast: null,
    exampleId: null,
    storageNote: null,
    workerNote: null,
    listedDiff: false,
    toolTyped: false,
    // An editor echoing text the store gave it is no edit: the case stays as the link opened it.
    setField: (key, value) => set((s) => (s[key] === value ? {} : { ...({ [key]: value } as Pick<PlaygroundState, typeof key>), linked: false })),
    setVersions: (picked) =>
      set((s) => {
        const versions = { ...s.versions, ...picked };
        return sameVersions(versions, s.versions) ? {} : { versions, linked: false };
      }),
    loadCase: (next, exampleId = null, opts = {}) =>
      set((s) => {
        if (!(opts.linked ?? exampleId !== null)) return { ...fillCase(next), exampleId, linked: false, toolTyped: false };
        // The draft is what storage holds: the case on screen once edited, else the draft the current link was opened over.
        const draft = s.linked ? s.previousDraft : normalizeCase(s);
        return { ...fillCase(next), exampleId, linked: true, toolTyped: false, previousDraft: draft && !sameCase(draft, next) ? draft : s.previousDraft };
      }),
    restorePreviousDraft: () =>
      set((s) => {
        if (!s.previousDraft) return {};
        return { ...fillCase(s.previousDraft), exampleId: null, linked: false, toolTyped: false, previousDraft: normalizeCase(s), toast: { text: 'Your previous draft is back.', undo: null } };
      }),
    noteUiCrash: (message) => set({ uiCrash: { message } }),
    reset: (to) => set((s) => ({ ...fillCase(to), exampleId: null, toolTyped: false, toast: { text: 'The case was reset.', undo: normalizeCase(s) } })),
    setRun: (run, report) => set({ run, ...(report ? { report } : {}), ...(run.kind === 'evaluating' ? { workerNote: null } : {}) }),
    setBanner: (b) => set({ banner: b }),
    setToast: (text, undo) => set({ toast: text === null ? null : { text, undo: undo ?? null } }),
    setExample: (id) => set({ exampleId: id }),
    setStorageNote: (note) => set({ storageNote: note }),
    setWorkerNote: (note) => set({ workerNote: note }),
    setListedDiff: (on) => set({ listedDiff: on }),
  });
}

/** True while the panes show a report older than the case in the editors. */
export function selectIsStale(s: PlaygroundState): boolean {
  return s.run.kind !== 'done' && !(s.run.kind === 'evaluating' && s.run.first === true);
}

/** True when the report on screen belongs to an earlier version of the case and no run of this one is coming (it timed out or crashed). */
export function selectIsEarlier(s: PlaygroundState): boolean {
  return s.report !== null && (s.run.kind === 'timeout' || s.run.kind === 'crash');
}
