/**
 * Reports kept from earlier visits, so that a repeat visit shows a case's verdict before its sandbox has started: the
 * full report of a case, stored in the page's own IndexedDB under this build's id and the case's exact text, shown
 * marked as being re-checked (run state `stored`) while the live run checks the case again and replaces it.
 *
 * Why a stored report cannot be forged (docs/security.md): only the page writes this store, and only a report that
 * passed the page's contract check as the full report of the case in the editors; schema code runs in an opaque-origin
 * frame's worker, which has no access to the page's storage. An entry is used only for the same build's engine and
 * the same case text, compared in full (not by a hash), and is checked against the contract again when read.
 */
import { digestParts } from '../engine/case/wire.ts';
import { digestOf } from '../sandbox/digest.ts';
import { engineCaseOf, sameCase } from '../engine/case.ts';
import { ENGINE_FIELDS } from '../engine/case/names.ts';
import type { Report } from '../engine/report.ts';
import { checkReport } from './reportCheck.ts';
import type { PlaygroundState, PlaygroundStore } from './store.ts';

/** One kept report: the build and case it answers, and when it was kept. */
export interface StoredReport {
  key: string;
  build: string;
  /** The case as the engine reads it (digestParts), compared in full on read. */
  parts: string[];
  report: unknown;
  at: number;
}

/** Where reports are kept: IndexedDB in the page (indexedDbShelf), a Map in tests. */
export interface Shelf {
  get(key: string): Promise<StoredReport | undefined>;
  put(entry: StoredReport): Promise<void>;
  /** Every key with when it was kept, to drop the oldest. */
  ages(): Promise<Array<{ key: string; at: number }>>;
  delete(keys: readonly string[]): Promise<void>;
}

/** The page's first report is kept this long after it landed: after its paint, before a short visit ends. */
const FIRST_KEEP_MS = 100;
/** How many reports are kept; the oldest go first. */
export const MAX_KEPT = 16;
/** A case whose text (schema and answer) is longer is not kept: its report would be large to store and to read back. */
export const MAX_KEPT_CHARS = 512 * 1024;

const keyOf = (build: string, parts: readonly string[]): string => `${build}\n${digestOf(parts)}`;

/** The stored report for `engineCase` under `build`, checked; null when there is none, or it is for other text, or it fails the contract. */
export async function storedReport(shelf: Shelf, build: string, engineCase: unknown): Promise<Report | null> {
  const parts = digestParts(engineCase);
  const entry = await shelf.get(keyOf(build, parts)).catch(() => undefined);
  if (!entry || entry.build !== build || !Array.isArray(entry.parts) || entry.parts.length !== parts.length || entry.parts.some((p, i) => p !== parts[i])) return null;
  const checked = checkReport(entry.report);
  return checked.ok && checked.report.pending === undefined ? checked.report : null;
}

/** Keeps `report` as the full report of `engineCase` under `build`, and drops the oldest beyond MAX_KEPT. */
export async function keepReport(shelf: Shelf, build: string, engineCase: unknown, report: Report, now = Date.now()): Promise<void> {
  const parts = digestParts(engineCase);
  if (parts.reduce((n, p) => n + p.length, 0) > MAX_KEPT_CHARS || report.pending !== undefined) return;
  await shelf.put({ key: keyOf(build, parts), build, parts, report, at: now });
  const ages = await shelf.ages();
  if (ages.length > MAX_KEPT) await shelf.delete(ages.sort((a, b) => a.at - b.at).slice(0, ages.length - MAX_KEPT).map((a) => a.key));
}

/**
 * Shows the stored report of the starting case while its first run is under way (and nothing of this run has landed
 * yet), and keeps the page's first full report once painted and each later one once edits have paused for `quietMs`.
 * A run that ends in a timeout or a crash takes the stored report off the screen: it was never re-checked.
 */
export function startStoredReports(store: PlaygroundStore, shelf: Shelf, build: string, opts: { show: boolean; quietMs?: number }): () => void {
  const asked = store.getState();
  if (opts.show) {
    void storedReport(shelf, build, engineCaseOf(asked)).then((report) => {
      const now = store.getState();
      if (report && now.run.kind === 'evaluating' && !now.run.first && sameCase(now, asked, ENGINE_FIELDS)) store.getState().setRun({ kind: 'evaluating', first: true, stored: true }, report);
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = true;
  const unsubscribe = store.subscribe((next, prev) => {
    if (prev.run.kind === 'evaluating' && prev.run.stored && (next.run.kind === 'timeout' || next.run.kind === 'crash') && next.report === prev.report) store.setState({ report: null });
    if (next.run.kind === 'done' && next.run !== prev.run && next.report) {
      clearTimeout(timer);
      const kept = next;
      // The page's first report is kept once it is painted (a visit may be short); an edit's once editing pauses.
      timer = setTimeout(() => keep(kept), first ? FIRST_KEEP_MS : (opts.quietMs ?? 1000));
      first = false;
    }
  });
  const keep = (s: PlaygroundState) => {
    if (store.getState().report === s.report && s.report) void keepReport(shelf, build, engineCaseOf(s), s.report).catch(() => {});
  };
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** The page's shelf: one IndexedDB object store; null where IndexedDB is missing or refused (the app then keeps nothing). */
export function indexedDbShelf(given?: IDBFactory, name = 'mcp-schema-playground-reports'): Shelf | null {
  let idb: IDBFactory | undefined;
  try {
    // Reading it throws where the browser refuses storage to the page.
    idb = given ?? globalThis.indexedDB;
  } catch {
    return null;
  }
  if (!idb) return null;
  const STORE = 'reports';
  let db: Promise<IDBDatabase> | null = null;
  const open = () =>
    (db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('the report store is blocked'));
    }));
  const run = async <T>(mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> => {
    const tx = (await open()).transaction(STORE, mode);
    const req = act(tx.objectStore(STORE));
    return new Promise<T | undefined>((resolve, reject) => {
      tx.oncomplete = () => resolve(req?.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  };
  return {
    get: (key) => run<StoredReport>('readonly', (s) => s.get(key) as IDBRequest<StoredReport>),
    put: async (entry) => {
      await run('readwrite', (s) => s.put(entry));
    },
    ages: async () => {
      const all: Array<{ key: string; at: number }> = [];
      await run('readonly', (s) => {
        const cursor = s.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return;
          const v = c.value as StoredReport;
          all.push({ key: v.key, at: v.at });
          c.continue();
        };
        return undefined;
      });
      return all;
    },
    delete: async (keys) => {
      await run('readwrite', (s) => {
        for (const k of keys) s.delete(k);
        return undefined;
      });
    },
  };
}
