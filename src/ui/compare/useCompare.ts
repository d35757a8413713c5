/**
 * The compare view's run as React state: started on open; "Compare again" runs only the worlds without a report (the
 * same case), or the whole grid when the case changed. A change to the case cancels the run and marks the grid as
 * another case's.
 */
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../storeContext.ts';
import type { WorldRun } from './cells.ts';
import { worldsToRun } from './columns.ts';
import { startCompare } from './runCompare.ts';
import { type Case, engineCaseOf } from '../../engine/case.ts';

/** The runs so far, whether the case changed since they started, and a restart. */
export function useCompare(): { runs: ReadonlyMap<string, WorldRun>; changed: boolean; again(): void } {
  const { store, sideRuns } = useServices();
  const [runs, setRuns] = useState<ReadonlyMap<string, WorldRun>>(new Map());
  const [changed, setChanged] = useState(false);
  const [round, setRound] = useState(0);
  /** The case the runs on screen belong to, and those runs (what "Compare again" keeps when the case is the same). */
  const last = useRef<{ compared: Case; runs: ReadonlyMap<string, WorldRun> } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is read by no line: Compare again bumps it to start the comparison again
  useEffect(() => {
    const compared = engineCaseOf(store.getState());
    const before = last.current;
    const done = before && sameApartFromVersions(before.compared, compared) ? before.runs : undefined;
    setChanged(false);
    const onChange = (next: ReadonlyMap<string, WorldRun>) => {
      last.current = { compared, runs: next };
      setRuns(next);
    };
    const run = startCompare(compared, worldsToRun(), sideRuns, { onChange, ...(done ? { done } : {}) });
    // Picking versions or the era (a cell click) changes no cell: only the case itself stops the comparison.
    const unsubscribe = store.subscribe((s) => {
      if (!sameApartFromVersions(engineCaseOf(s), compared)) {
        run.cancel();
        setChanged(true);
      }
    });
    return () => {
      unsubscribe();
      run.cancel();
    };
  }, [store, sideRuns, round]);
  return { runs, changed, again: () => setRound((n) => n + 1) };
}

/** How far the comparison is, in one sentence. */
export function compareStatus(runs: ReadonlyMap<string, WorldRun>, changed: boolean): string {
  const all = [...runs.values()];
  const finished = all.filter((r) => r.kind !== 'queued').length;
  const noTime = all.filter((r) => r.kind === 'no-time').length;
  if (changed) return 'The case changed: these cells are the earlier case’s. Compare again runs this one.';
  // The first render, before the comparison starts: not "All 0 runs done.", which a screen reader would announce.
  if (all.length === 0) return 'Starting…';
  if (finished < all.length) return `Running: ${finished} of ${all.length} runs done (each run bounded on its own)…`;
  if (noTime > 0) return `${all.length - noTime} of ${all.length} runs done; ${noTime} had no time (Compare again runs only those).`;
  return `All ${all.length} runs done.`;
}

function sameApartFromVersions(a: Case, b: Case): boolean {
  return a.role === b.role && a.tool === b.tool && a.schema === b.schema && a.answer === b.answer && a.answerForm === b.answerForm;
}
