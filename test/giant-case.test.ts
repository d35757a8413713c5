/**
 * A giant answer must not freeze the page. The page's own work on a 1.5 MB case (its link in the
 * address bar, its autosave, the hold when its run times out) is measured here as bytes deflated per task: one task
 * per timer callback, stepped one at a time.
 */
import * as fflate from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { giantAnswerCase } from '../bench/browser.ts';
import { AUTOSAVE_KEY, createAutosave } from '../src/state/persistence/drafts.ts';
import { memoryStorage } from './memory-storage.ts';
import { createLinkEncoder, decodePermalink, tooLargeForLink } from '../src/state/permalink.ts';
import { startAutosave } from '../src/state/persistence/draftSaver.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { createPlaygroundStore, selectCase } from '../src/state/store.ts';
import { startUrlSync } from '../src/state/persistence/urlHash.ts';

/** Bytes handed to fflate's deflate (at once or streamed) since the last `take()`. */
const deflated = vi.hoisted(() => ({ bytes: 0, take() {
  const n = this.bytes;
  this.bytes = 0;
  return n;
} }));

vi.mock('fflate', async (importOriginal) => {
  const real = await importOriginal<typeof fflate>();
  class CountingDeflate extends real.Deflate {
    override push(chunk: Uint8Array, final?: boolean): void {
      deflated.bytes += chunk.length;
      super.push(chunk, final);
    }
  }
  return {
    ...real,
    Deflate: CountingDeflate,
    deflateSync: (data: Uint8Array, opts?: fflate.DeflateOptions) => {
      deflated.bytes += data.length;
      return real.deflateSync(data, opts);
    },
  };
});

/** The most one task may deflate: about 100 ms of fflate at level 9 on the busy 2-core runner (a few ms on a quiet one). */
const TASK_BYTES = 32 * 1024;

/** Runs every pending timer, one callback at a time; returns the most bytes deflated by one callback. */
function drainTimers(): number {
  let most = 0;
  for (let i = 0; i < 10_000 && vi.getTimerCount() > 0; i++) {
    vi.advanceTimersToNextTimer();
    most = Math.max(most, deflated.take());
  }
  expect(vi.getTimerCount()).toBe(0);
  return most;
}

describe('issue 9, item 6: a 1.5 MB case is linked and autosaved without blocking the page', () => {
  afterEach(() => vi.useRealTimers());

  it('deflates its link one slice per task, once for the URL, the autosave and the hold, and both still open the case', () => {
    vi.useFakeTimers();
    const giant = { ...giantAnswerCase(), tool: 'giant_case' };
    // A case a link carries (else nothing would be deflated at all, and the test would prove nothing).
    expect(tooLargeForLink(giant)).toBeNull();
    const payloadBytes = new TextEncoder().encode(JSON.stringify({ v: 1, ...giant })).length;
    expect(payloadBytes).toBeGreaterThan(10 * TASK_BYTES);

    const store = createPlaygroundStore(DEFAULT_CASE);
    const writes: string[] = [];
    const win = {
      location: { hash: '', pathname: '/', search: '' },
      history: { replaceState: (_d: unknown, _u: string, url: string) => void writes.push(url) },
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    const storage = memoryStorage();
    // One link encoder for the page, as main.tsx makes it: the URL, the autosave and the hold share its work.
    const links = createLinkEncoder();
    const autosave = createAutosave(storage, undefined, links);
    autosave.load();
    startUrlSync(store, win, 1000, links);
    startAutosave(store, autosave, { addEventListener: () => {}, removeEventListener: () => {} }, 500, links);
    deflated.take();

    // The case lands in the editors, its run starts, and (on a busy machine) times out: the page holds it.
    store.getState().loadCase(giant);
    store.getState().setRun({ kind: 'evaluating' });
    let most = deflated.take();
    vi.advanceTimersByTime(1000);
    most = Math.max(most, deflated.take());
    store.getState().setRun({ kind: 'timeout', budgetMs: 13_000 });
    most = Math.max(most, deflated.take(), drainTimers());

    // A slice per task, never the whole case at once.
    expect(most).toBeLessThanOrEqual(TASK_BYTES);
    // The address bar holds the giant case's link, and the autosave holds the case as timed out.
    expect(decodePermalink(writes.at(-1) ?? '')).toEqual({ ok: true, state: selectCase(store.getState()) });
    expect(storage.getItem(AUTOSAVE_KEY)).not.toBeNull();
    expect(createAutosave(storage).load()).toEqual({ state: giant, held: 'timeout', previous: null });
  });

  it('deflates the case once, however many of the URL, the autosave and the hold ask for its link', () => {
    vi.useFakeTimers();
    const giant = { ...giantAnswerCase(), tool: 'giant_once' };
    const payloadBytes = new TextEncoder().encode(JSON.stringify({ v: 1, ...giant })).length;
    const store = createPlaygroundStore(DEFAULT_CASE);
    const win = { location: { hash: '', pathname: '/', search: '' }, history: { replaceState: () => {} }, addEventListener: () => {}, removeEventListener: () => {} };
    const links = createLinkEncoder();
    const autosave = createAutosave(memoryStorage(), undefined, links);
    autosave.load();
    startUrlSync(store, win, 1000, links);
    startAutosave(store, autosave, { addEventListener: () => {}, removeEventListener: () => {} }, 500, links);
    deflated.take();
    let total = 0;
    store.getState().loadCase(giant);
    store.getState().setRun({ kind: 'evaluating' });
    vi.advanceTimersByTime(1000);
    store.getState().setRun({ kind: 'timeout', budgetMs: 13_000 });
    total += deflated.take();
    for (let i = 0; i < 10_000 && vi.getTimerCount() > 0; i++) {
      vi.advanceTimersToNextTimer();
      total += deflated.take();
    }
    expect(total).toBe(payloadBytes);
  });
});
