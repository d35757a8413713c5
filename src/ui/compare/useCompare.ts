/** The compare view's run as React state: started on open (and on "Compare again"), cancelled when the case changes or the view closes. */
import { useEffect, useState } from 'react';
import { selectEngineCase, type EngineCase } from '../../state/store.ts';
import { useServices } from '../storeContext.ts';
import type { WorldRun } from './cells.ts';
import { worldsToRun } from './columns.ts';
import { COMPARE_BUDGET_MS, startCompare } from './runCompare.ts';

/** The runs so far, whether the case changed since they started, and a restart. */
export function useCompare(): { runs: ReadonlyMap<string, WorldRun>; changed: boolean; again(): void } {
  const { store, sideRuns } = useServices();
  const [runs, setRuns] = useState<ReadonlyMap<string, WorldRun>>(new Map());
  const [changed, setChanged] = useState(false);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is read by no line: Run again bumps it to start the comparison over
  useEffect(() => {
    const compared = selectEngineCase(store.getState());
    setChanged(false);
    const run = startCompare(compared, worldsToRun(), sideRuns, { budgetMs: COMPARE_BUDGET_MS, onChange: setRuns });
    // Picking versions or the era (a cell click) changes no cell: only the case itself stops the comparison.
    const unsubscribe = store.subscribe((s) => {
      if (!sameApartFromVersions(selectEngineCase(s), compared)) {
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
  if (changed) return 'The case changed, so the comparison stopped.';
  // The first render, before the comparison starts: not "All 0 runs done.", which a screen reader would announce.
  if (all.length === 0) return 'Starting…';
  if (noTime > 0) return `Stopped at the ${COMPARE_BUDGET_MS / 1000} s bound: ${noTime} of ${all.length} runs had no time.`;
  if (finished < all.length) return `Running ${finished + 1} of ${all.length} (bounded to ${COMPARE_BUDGET_MS / 1000} s in all)…`;
  return `All ${all.length} runs done.`;
}

function sameApartFromVersions(a: EngineCase, b: EngineCase): boolean {
  return a.role === b.role && a.tool === b.tool && a.schema === b.schema && a.answer === b.answer && a.answerForm === b.answerForm;
}
