/**
 * A giant answer must not freeze the page. The page's own work on a 1.5 MB case (its link in the address bar, its
 * autosave, the hold when its run times out) is seen here through the tasks it takes: with fake timers, one task per
 * timer callback, stepped one at a time. A link deflated at once would land after a task or two; sliced, it needs a
 * task per slice. A link deflated once for the URL, the autosave and the hold takes the tasks of one encoding, not three.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { giantAnswerCase } from '../bench/browser.ts';
import { DRAFT_KEY } from '../src/state/persistence/draftFormat.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { createLinkEncoder, tooLargeForLink } from '../src/state/linkEncoder.ts';
import { normalizeCase } from '../src/engine/case.ts';
import { boot, fakeBrowser, FakeStorage, reopened } from './persistence-harness.ts';

/** The most one task may deflate: about 100 ms of fflate at level 9 on the busy 2-core runner (a few ms on a quiet one). */
const TASK_BYTES = 32 * 1024;

/** Fake timers whose callbacks are counted as they run: each is one task of the page's. */
function countingTimers(): { ran: number } {
  vi.useFakeTimers();
  const tasks = { ran: 0 };
  const fake = globalThis.setTimeout;
  const counting = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => fake(() => (tasks.ran++, fn(...args)), ms);
  vi.stubGlobal('setTimeout', counting);
  return tasks;
}

/** Runs pending timers until `done` holds or none is left; returns how many callbacks (tasks) ran. */
function stepTimers(tasks: { ran: number }, done: () => boolean = () => false): number {
  const before = tasks.ran;
  for (let i = 0; i < 10_000 && vi.getTimerCount() > 0 && !done(); i++) vi.advanceTimersToNextTimer();
  return tasks.ran - before;
}

/** The page's link work on one store: the address bar and the drafts sharing one encoder, as main.tsx wires them. */
function page(tasks: { ran: number }) {
  const win = fakeBrowser('');
  const storage = new FakeStorage();
  const { store } = boot(storage, win, createLinkEncoder());
  stepTimers(tasks);
  return { store, writes: win.writes, storage };
}

describe('a 1.5 MB case is linked and autosaved without blocking the page', () => {
  afterEach(() => (vi.unstubAllGlobals(), vi.useRealTimers()));

  it('deflates its link one slice per task, and both the URL and the autosave still open the case', () => {
    const timers = countingTimers();
    const giant = { ...giantAnswerCase(), tool: 'giant_case' };
    // A case a link carries (else nothing would be deflated at all, and the test would prove nothing).
    expect(tooLargeForLink(giant)).toBeNull();
    const payloadBytes = new TextEncoder().encode(JSON.stringify({ v: 1, ...giant })).length;
    expect(payloadBytes).toBeGreaterThan(10 * TASK_BYTES);
    const { store, writes, storage } = page(timers);

    // The case lands in the editors, its run starts, and (on a busy machine) times out: the page holds it.
    store.getState().loadCase(giant);
    store.getState().setRun({ kind: 'evaluating' });
    const linked = () => writes.some((url) => url.includes('#v1.') && decodePermalink(url).ok);
    let tasks = stepTimers(timers, linked);
    store.getState().setRun({ kind: 'timeout', budgetMs: 13_000 });
    tasks += stepTimers(timers);

    // No task deflates more than TASK_BYTES, so the link takes at least payload / TASK_BYTES tasks to appear.
    expect(linked()).toBe(true);
    expect(tasks).toBeGreaterThanOrEqual(Math.ceil(payloadBytes / TASK_BYTES));
    // The address bar holds the giant case's link, and the autosave holds the case as timed out.
    expect(decodePermalink(writes.at(-1) ?? '')).toEqual({ ok: true, state: normalizeCase(store.getState()) });
    expect(storage.getItem(DRAFT_KEY)).not.toBeNull();
    expect(reopened(storage)).toEqual({ case: giant, held: 'timeout', previous: null });
  });

  it('deflates the case once, however many of the URL, the autosave and the hold ask for its link', () => {
    const timers = countingTimers();
    const giant = { ...giantAnswerCase(), tool: 'giant_once' };
    // One encoding alone: the tasks its slices take.
    createLinkEncoder().whenLinkEncoded(giant, () => {});
    const oneEncoding = stepTimers(timers);
    expect(oneEncoding).toBeGreaterThan(10);

    const { store } = page(timers);
    store.getState().loadCase(giant);
    store.getState().setRun({ kind: 'evaluating' });
    let tasks = stepTimers(timers);
    store.getState().setRun({ kind: 'timeout', budgetMs: 13_000 });
    tasks += stepTimers(timers);
    // The URL, the autosave and the hold share one slicing (plus their own few throttle timers): not two or three.
    expect(tasks).toBeGreaterThanOrEqual(oneEncoding);
    expect(tasks).toBeLessThan(oneEncoding * 1.5);
  });
});
