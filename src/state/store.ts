/** The playground's one store (zustand, vanilla): the case being edited, the last evaluation, and messages. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CaseInput } from '../engine/case.ts';
import type { Report } from '../engine/report.ts';
import type { PlaygroundCase } from './permalink.ts';

/** Where the live evaluation stands. */
export type RunState =
  | { kind: 'idle' }
  /** Restored, not run: this case timed out the last time it was open (no crash loop); it runs when asked. */
  | { kind: 'held' }
  | { kind: 'evaluating' }
  | { kind: 'done'; ms: number }
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
  undo: PlaygroundCase | null;
}

/** Everything the UI reads. Actions are plain functions on the state; none of them touches the URL or storage. */
export interface PlaygroundState extends PlaygroundCase {
  run: RunState;
  /** The last report that came back; kept (dimmed) while a newer run is pending or after one failed. */
  report: Report | null;
  banner: Banner | null;
  toast: Toast | null;
  /** The gallery example last opened; its explanation shows while the case is still exactly that example. */
  exampleId: string | null;
  /** Why autosave is off (storage full or unavailable), or null while it works. */
  storageNote: string | null;
  /** The evaluation worker crashed after its run had landed (the verdict stands; it was restarted); cleared by the next run. */
  workerNote: string | null;
  /** The listed-schema pane shows a diff against zod's listing instead of the schema. */
  listedDiff: boolean;
  setField<K extends keyof PlaygroundCase>(key: K, value: PlaygroundCase[K]): void;
  /** Replaces the whole case (a link, an example, a parent page's `set`); `exampleId` when it is a gallery example. */
  loadCase(next: PlaygroundCase, exampleId?: string | null): void;
  /** Replaces the case with `to` and offers Undo (back to the case being replaced). */
  reset(to: PlaygroundCase): void;
  /** Records where the run stands; a new run (`evaluating`) clears `workerNote`, which was about the previous one. */
  setRun(run: RunState, report?: Report): void;
  setBanner(banner: Banner | null): void;
  setToast(text: string | null, undo?: PlaygroundCase): void;
  setExample(id: string | null): void;
  setStorageNote(note: string | null): void;
  setWorkerNote(note: string | null): void;
  setListedDiff(on: boolean): void;
}

/** The store type the app and the test hook share. */
export type PlaygroundStore = StoreApi<PlaygroundState>;

/** Creates the store with a starting case and, optionally, a banner to show at once. */
export function createPlaygroundStore(initial: PlaygroundCase, banner: Banner | null = null): PlaygroundStore {
  return createStore<PlaygroundState>()((set) => ({
    ...initial,
    run: { kind: 'idle' },
    report: null,
    banner,
    toast: null,
    exampleId: null,
    storageNote: null,
    workerNote: null,
    listedDiff: false,
    setField: (key, value) => set({ [key]: value } as Pick<PlaygroundCase, typeof key>),
    loadCase: (next, exampleId = null) => set({ ...pickCase(next), exampleId }),
    reset: (to) => set((s) => ({ ...pickCase(to), exampleId: null, toast: { text: 'The case was reset.', undo: selectCase(s) } })),
    setRun: (run, report) => set({ run, ...(report ? { report } : {}), ...(run.kind === 'evaluating' ? { workerNote: null } : {}) }),
    setBanner: (b) => set({ banner: b }),
    setToast: (text, undo) => set({ toast: text === null ? null : { text, undo: undo ?? null } }),
    setExample: (id) => set({ exampleId: id }),
    setStorageNote: (note) => set({ storageNote: note }),
    setWorkerNote: (note) => set({ workerNote: note }),
    setListedDiff: (on) => set({ listedDiff: on }),
  }));
}

/** The case as a link carries it. */
export function selectCase(s: PlaygroundState): PlaygroundCase {
  return pickCase(s);
}

/** Only the case's fields (a state or a message may carry more). */
function pickCase(c: PlaygroundCase): PlaygroundCase {
  return { role: c.role, tool: c.tool, schema: c.schema, answer: c.answer, converter: c.converter, client: c.client };
}

/** The case as the engine reads it (converter and client do not change the Report). */
export function selectEngineCase(s: PlaygroundState): CaseInput {
  return { v: 1, role: s.role, tool: s.tool, schema: s.schema, answer: s.answer };
}

/** True when two cases differ in what the engine evaluates. */
export function engineCaseChanged(a: PlaygroundCase, b: PlaygroundCase): boolean {
  return a.role !== b.role || a.tool !== b.tool || a.schema !== b.schema || a.answer !== b.answer;
}

/** True when two cases differ in what a link carries. */
export function caseChanged(a: PlaygroundCase, b: PlaygroundCase): boolean {
  return engineCaseChanged(a, b) || a.converter !== b.converter || a.client !== b.client;
}

/** True while the panes show a report older than the case in the editors. */
export function selectIsStale(s: PlaygroundState): boolean {
  return s.run.kind !== 'done';
}
