/**
 * Runs the compare grid's worlds for one case through the side-run queue (sandbox/sideRuns.ts), one at a time, the
 * default world first, within a time bound: what has not finished by then is marked as having had no time. Each
 * report is checked against the contract like a live one. Cancelling (the case changed, the view closed) drops the
 * runs not started and ignores what still arrives.
 */
import { DEFAULT_ANSWER_FORM } from '../../engine/contract/versions.ts';
import { messageOf } from '../../engine/lib/message.ts';
import type { SideRuns } from '../../sandbox/sideRuns.ts';
import type { Outcome } from '../../sandbox/protocol.ts';
import { choicesOf } from '../../state/caseChoices.ts';
import { checkReport } from '../../state/reportCheck.ts';
import type { EngineCase } from '../../state/store.ts';
import type { WorldRun } from './cells.ts';
import { worldKey, type CompareWorld } from './columns.ts';

/** The whole comparison's time bound, stated in the view. */
export const COMPARE_BUDGET_MS = 20_000;

/** A comparison under way. */
export interface CompareRun {
  cancel(): void;
}

/** Options: the time bound, and who hears each change (a new map each time). */
export interface CompareOptions {
  budgetMs?: number;
  onChange(runs: ReadonlyMap<string, WorldRun>): void;
}

/** Starts comparing `c` across `worlds` (keys: columns.ts worldKey). */
export function startCompare(c: EngineCase, worlds: readonly CompareWorld[], side: Pick<SideRuns, 'run' | 'clear'>, opts: CompareOptions): CompareRun {
  const runs = new Map<string, WorldRun>(worlds.map((v) => [worldKey(v), { kind: 'queued' }]));
  let over = false;
  const publish = () => opts.onChange(new Map(runs));
  const stop = (mark: boolean) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    side.clear();
    if (mark) {
      for (const [key, run] of runs) if (run.kind === 'queued') runs.set(key, { kind: 'no-time' });
      publish();
    }
  };
  const timer = setTimeout(() => stop(true), opts.budgetMs ?? COMPARE_BUDGET_MS);
  const { versions: _v, answerForm, protocol: _p, ...base } = c;
  const land = (key: string, outcome: Outcome) => {
    if (over) return;
    runs.set(key, worldRunOf(outcome));
    publish();
    if ([...runs.values()].every((r) => r.kind !== 'queued')) stop(false);
  };
  for (const v of worlds) {
    const key = worldKey(v);
    side.run({ ...base, ...choicesOf(v, answerForm ?? DEFAULT_ANSWER_FORM, v.protocol) }).then(
      (outcome) => land(key, outcome),
      (e: unknown) => land(key, { kind: 'crash', message: messageOf(e) }),
    );
  }
  publish();
  return { cancel: () => stop(false) };
}

function worldRunOf(outcome: Outcome): WorldRun {
  switch (outcome.kind) {
    case 'report': {
      const checked = checkReport(outcome.report);
      return checked.ok ? { kind: 'report', report: checked.report } : { kind: 'failed', message: checked.message };
    }
    case 'timeout':
      return { kind: 'failed', message: `ran longer than ${outcome.budgetMs / 1000} s` };
    case 'crash':
      return { kind: 'failed', message: `the worker crashed: ${outcome.message}` };
    case 'stale':
      return { kind: 'no-time' };
  }
}
