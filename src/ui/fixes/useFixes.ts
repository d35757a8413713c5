/** The fixes for the selected verdict: proposed when a run lands and the verdict fails, checked in side runs. */
import { useEffect, useState } from 'react';
import { failingTarget, proposeFixes } from '../../engine/fixes/index.ts';
import { type Case, engineCaseOf } from '../../engine/case.ts';
import { boundCase } from '../caseBound.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { checkFixes, NO_CHECK, type FixCheck } from './checkFixes.ts';
import type { FixTarget } from '../../engine/fixes/types.ts';

/** Where checking stands for the report on screen: nothing to fix, fixes to check once asked, checking, done. */
export type FixesState =
  | { status: 'none' }
  | { status: 'available'; target: FixTarget; total: number; asked: Case }
  | { status: 'checking' | 'done'; target: FixTarget; total: number; check: FixCheck; asked: Case };

/**
 * Proposes fixes for the report on screen and the selected converter and client, and checks them once asked (each
 * check is a sandbox run: not on every keystroke).
 */
export function useFixes(): { state: FixesState; ask(): void } {
  // Not mounted in an embed (VerdictPane): an embed shows a case; fixing it is the full playground's job.
  const { store, sideRuns } = useServices();
  const report = usePlayground((s) => (s.run.kind === 'done' ? s.report : null));
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const [state, setState] = useState<FixesState>({ status: 'none' });
  const [asked, setAsked] = useState<object | null>(null);
  useEffect(() => {
    const target = report ? failingTarget(report, { converter, client }) : null;
    if (!report || !target) return setState({ status: 'none' });
    // The report on screen is this case's: a newer edit would have put the run back to `evaluating`.
    const base = engineCaseOf(store.getState());
    // The case these fixes are for: they show, and Apply acts, only while it is the case on screen.
    const forCase = boundCase(store.getState(), 'whole-case');
    const candidates = proposeFixes({ role: report.role, schema: base.schema, answer: base.answer, report, target: { converter, client } });
    if (candidates.length === 0) return setState({ status: 'none' });
    if (asked !== report) return setState({ status: 'available', target, total: candidates.length, asked: forCase });
    let current = true;
    sideRuns.clear();
    const show = (status: 'checking' | 'done') => (check: FixCheck) => current && setState({ status, target, total: candidates.length, check, asked: forCase });
    show('checking')(NO_CHECK);
    void checkFixes(candidates, base, report, target, (c) => sideRuns.run(c), show('checking')).then(show('done'));
    return () => {
      current = false;
    };
  }, [report, converter, client, sideRuns, store, asked]);
  return { state, ask: () => setAsked(report) };
}
