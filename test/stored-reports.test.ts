/**
 * Reports kept from an earlier visit (src/state/storedReports.ts): the starting case's stored report shows at once,
 * marked as re-checked, and the live run replaces it; an entry is used only for the same build and the exact same case
 * text, and only when it passes the contract; a run that times out takes the stored report off the screen; each full
 * report is kept once the page is quiet, at most MAX_KEPT of them. The reports are the real engine's.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import type { Evaluator, Outcome } from '../src/sandbox/protocol.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { engineCaseOf } from '../src/engine/case.ts';
import { createPlaygroundStore, selectIsStale } from '../src/state/store.ts';
import { keepReport, MAX_KEPT, type Shelf, type StoredReport, startStoredReports, storedReport } from '../src/state/storedReports.ts';

const BUILD = 'build-a';

function mapShelf(): Shelf & { entries: Map<string, StoredReport> } {
  const entries = new Map<string, StoredReport>();
  return {
    entries,
    get: async (key) => structuredClone(entries.get(key)),
    put: async (entry) => void entries.set(entry.key, structuredClone(entry)),
    ages: async () => [...entries.values()].map((e) => ({ key: e.key, at: e.at })),
    delete: async (keys) => keys.forEach((k) => entries.delete(k)),
  };
}

/** An evaluator that holds every run until `release(outcome)`. */
function gatedEvaluator(): { evaluator: Evaluator; release(outcome: Outcome): void } {
  let release: (o: Outcome) => void = () => {};
  const gate = new Promise<Outcome>((resolve) => (release = resolve));
  return { evaluator: { evaluate: () => gate, dispose: () => {} }, release: (o) => release(o) };
}

const engineCase = engineCaseOf(DEFAULT_CASE);
let real: Report | undefined;
const report = async (): Promise<Report> => (real ??= await evaluate(engineCase));

describe('stored reports', () => {
  it('gives back a kept report for the same build and case text only', async () => {
    const shelf = mapShelf();
    await keepReport(shelf, BUILD, engineCase, await report());
    expect(await storedReport(shelf, BUILD, engineCase)).toEqual(await report());
    expect(await storedReport(shelf, 'build-b', engineCase)).toBeNull();
    expect(await storedReport(shelf, BUILD, { ...engineCase, answer: `${engineCase.answer} ` })).toBeNull();
  });

  it('refuses an entry whose text differs under the same key (a digest collision) or that fails the contract', async () => {
    const shelf = mapShelf();
    await keepReport(shelf, BUILD, engineCase, await report());
    const [entry] = shelf.entries.values();
    shelf.entries.set(entry!.key, { ...entry!, parts: [entry!.parts[0]!, 'another schema', entry!.parts[2]!] });
    expect(await storedReport(shelf, BUILD, engineCase)).toBeNull();
    shelf.entries.set(entry!.key, { ...entry!, report: { verdicts: 'forged' } });
    expect(await storedReport(shelf, BUILD, engineCase)).toBeNull();
  });

  it('keeps no first report (pending) and at most MAX_KEPT reports, the newest', async () => {
    const shelf = mapShelf();
    await keepReport(shelf, BUILD, engineCase, { ...(await report()), pending: ['realSdk'] } as Report);
    expect(shelf.entries.size).toBe(0);
    for (let i = 0; i < MAX_KEPT + 3; i++) await keepReport(shelf, BUILD, { ...engineCase, tool: `tool_${i}` }, await report(), i);
    expect(shelf.entries.size).toBe(MAX_KEPT);
    expect(await storedReport(shelf, BUILD, { ...engineCase, tool: 'tool_0' })).toBeNull();
    expect(await storedReport(shelf, BUILD, { ...engineCase, tool: `tool_${MAX_KEPT + 2}` })).not.toBeNull();
  });

  it('shows the stored report marked as re-checked until the run lands, then keeps the run’s report', async () => {
    const shelf = mapShelf();
    await keepReport(shelf, BUILD, engineCase, await report());
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    const gated = gatedEvaluator();
    startLiveEvaluation(store, gated.evaluator);
    startStoredReports(store, shelf, BUILD, { show: true, quietMs: 0 });
    await expect.poll(() => store.getState().run).toEqual({ kind: 'evaluating', first: true, stored: true });
    expect(store.getState().report).toEqual(await report());
    expect(selectIsStale(store.getState())).toBe(false);
    shelf.entries.clear();
    gated.release({ kind: 'report', report: await report(), ms: 1 });
    await expect.poll(() => store.getState().run.kind).toBe('done');
    await expect.poll(() => shelf.entries.size).toBe(1);
  });

  it('takes the stored report off the screen when the re-check times out', async () => {
    const shelf = mapShelf();
    await keepReport(shelf, BUILD, engineCase, await report());
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    const gated = gatedEvaluator();
    startLiveEvaluation(store, gated.evaluator);
    startStoredReports(store, shelf, BUILD, { show: true });
    await expect.poll(() => store.getState().run).toMatchObject({ stored: true });
    gated.release({ kind: 'timeout', budgetMs: 2000 });
    await expect.poll(() => store.getState().run.kind).toBe('timeout');
    expect(store.getState().report).toBeNull();
  });

  it('shows nothing stored when the case was edited before the shelf answered, or when asked not to', async () => {
    const shelf = mapShelf();
    await keepReport(shelf, BUILD, engineCase, await report());
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    startLiveEvaluation(store, gatedEvaluator().evaluator);
    startStoredReports(store, shelf, BUILD, { show: true });
    store.getState().setField('answer', '{}');
    const other = createPlaygroundStore({ ...DEFAULT_CASE });
    startLiveEvaluation(other, gatedEvaluator().evaluator);
    startStoredReports(other, shelf, BUILD, { show: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().report).toBeNull();
    expect(other.getState().report).toBeNull();
  });
});
