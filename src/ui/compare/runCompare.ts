/**
 * Runs the compare grid's worlds for one case through the side-run queue (sandbox/sideRuns.ts), one at a time, the
 * default world first. There is no wall for the whole grid: each run has the sandbox's own bound (a run past it comes
 * back `timeout`), and each lands in its cells as it comes. A run that timed out is tried once more after the others
 * (a busy moment passes); only if it runs out of time again is its cell marked so. Each report is checked against the
 * contract like a live one. Runs already done (`done`) are kept and not run again: "Compare again" fills only the
 * missing cells. Cancelling (the case changed, the view closed) drops the runs not started and ignores what still arrives.
 */
import { DEFAULT_ANSWER_FORM } from '../../engine/contract/versions.ts';
import { messageOf } from '../../engine/lib/message.ts';
import type { SideRuns } from '../../sandbox/sideRuns.ts';
import type { Outcome } from '../../sandbox/protocol.ts';
import { choicesOf } from '../../state/caseChoices.ts';
import { checkReport } from '../../state/reportCheck.ts';
import type { WorldRun } from './cells.ts';
import { worldKey, type CompareWorld } from './columns.ts';
import type { Case } from '../../engine/case.ts';

/** How many times one world is run before its cells say it had no time. */
export const TRIES_PER_WORLD = 2;

/** A comparison under way. */
export interface CompareRun {
  cancel(): void;
}

/** Options: who hears each change (a new map each time), and the runs already done for this case (kept as they are). */
export interface CompareOptions {
  onChange(runs: ReadonlyMap<string, WorldRun>): void;
  done?: ReadonlyMap<string, WorldRun>;
}

/** Starts comparing `c` across `worlds` (keys: columns.ts worldKey); a world whose run is a report in `done` is not run again. */
export function startCompare(c: Case, worlds: readonly CompareWorld[], side: Pick<SideRuns, 'run' | 'clear'>, opts: CompareOptions): CompareRun {
  const kept = (key: string) => {
    const run = opts.done?.get(key);
    return run?.kind === 'report' ? run : null;
  };
  const runs = new Map<string, WorldRun>(worlds.map((v) => [worldKey(v), kept(worldKey(v)) ?? { kind: 'queued' }]));
  let over = false;
  const publish = () => opts.onChange(new Map(runs));
  const { versions: _v, answerForm, protocol: _p, ...base } = c;
  const tries = new Map<string, number>();
  const land = (v: CompareWorld, outcome: Outcome) => {
    if (over) return;
    const key = worldKey(v);
    const tried = (tries.get(key) ?? 0) + 1;
    tries.set(key, tried);
    // Out of time on a busy moment: once more, after the runs still queued.
    if (outcome.kind === 'timeout' && tried < TRIES_PER_WORLD) return ask(v);
    runs.set(key, outcome.kind === 'timeout' ? { kind: 'no-time', budgetMs: outcome.budgetMs } : worldRunOf(outcome));
    publish();
    if ([...runs.values()].every((r) => r.kind !== 'queued')) over = true;
  };
  const ask = (v: CompareWorld) => {
    side.run({ ...base, ...choicesOf(v, answerForm ?? DEFAULT_ANSWER_FORM, v.protocol) }).then(
      (outcome) => land(v, outcome),
      (e: unknown) => land(v, { kind: 'crash', message: messageOf(e) }),
    );
  };
  for (const v of worlds) if (!kept(worldKey(v))) ask(v);
  publish();
  if ([...runs.values()].every((r) => r.kind !== 'queued')) over = true;
  return {
    cancel: () => {
      if (over) return;
      over = true;
      side.clear();
    },
  };
}

function worldRunOf(outcome: Exclude<Outcome, { kind: 'timeout' }>): WorldRun {
  switch (outcome.kind) {
    case 'report': {
      const checked = checkReport(outcome.report);
      return checked.ok ? { kind: 'report', report: checked.report } : { kind: 'failed', message: checked.message };
    }
    case 'crash':
      return { kind: 'failed', message: `the worker crashed: ${outcome.message}` };
    case 'stale':
      return { kind: 'no-time', budgetMs: null };
  }
}
