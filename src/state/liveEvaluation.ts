/** Live evaluation: every change to what the engine reads is sent to the evaluator, which lets only the newest answer land. */
import type { Evaluator, Outcome } from '../sandbox/protocol.ts';
import { checkReport } from './reportCheck.ts';
import { engineCaseOf, sameCase } from '../engine/case.ts';
import { type PlaygroundStore } from './store.ts';
import { messageOf } from '../engine/lib/message.ts';
import { ENGINE_FIELDS } from '../engine/case/names.ts';

/** A running live evaluation. */
export interface LiveEvaluation {
  /** Evaluates the current case again now (Ctrl/Cmd+Enter, or a held case the user asks to run). */
  run(): void;
  stop(): void;
}

/**
 * Evaluates the current case now (or, with `hold`, only once asked or edited) and after every change to it. Only the
 * newest run lands: the evaluator settles a superseded run as `stale` (sandbox/newestWins.ts), and an answer for an
 * older run that comes anyway, first report or full, is dropped here too.
 */
export function startLiveEvaluation(store: PlaygroundStore, evaluator: Evaluator, opts: { hold?: boolean; now?: () => number } = {}): LiveEvaluation {
  let stopped = false;
  const clock = opts.now ?? (() => performance.now());
  let runs = 0;
  const run = () => {
    // The edit (or Ctrl/Cmd+Enter) that asked for this run: the status line says how long the user waited from here.
    const asked = clock();
    const mine = ++runs;
    const current = () => !stopped && mine === runs;
    const state = store.getState();
    const prior = state.report;
    state.setRun({ kind: 'evaluating' });
    // The picked converter and client ride along so that their verdict comes first (engine/phases/first.ts).
    const c = { ...engineCaseOf(state), converter: state.converter, client: state.client };
    const onPartial = (report: unknown) => {
      // Checked like any report; one that fails the contract is dropped (the full report that follows decides).
      const checked = checkReport(report);
      // This case's own report, not an older one's: the panes show it undimmed, its pending parts marked as coming.
      if (current() && checked.ok) store.getState().setRun({ kind: 'evaluating', first: true }, checked.report);
    };
    // The evaluator decides which run wins: a superseded one resolves `stale` and lands as nothing.
    evaluator.evaluate(c, { onPartial }).then(
      (outcome) => {
        if (!current()) return;
        land(store, outcome, clock() - asked);
        // A run that ended without a full report (timeout, crash, a report failing the contract) takes its first report back.
        const now = store.getState();
        if (outcome.kind !== 'stale' && now.run.kind !== 'done' && now.report?.pending) store.setState({ report: prior });
      },
      (e: unknown) => {
        if (current()) land(store, { kind: 'crash', message: messageOf(e) }, clock() - asked);
      },
    );
  };
  const unsubscribe = store.subscribe((next, prev) => {
    if (!sameCase(next, prev, ENGINE_FIELDS)) run();
  });
  if (opts.hold) store.getState().setRun({ kind: 'held' });
  else run();
  return {
    run,
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

/** What each outcome does to the store; a new outcome kind fails to compile until it is handled here. */
const LAND: { [K in Outcome['kind']]: (store: PlaygroundStore, outcome: Extract<Outcome, { kind: K }>, waitedMs: number) => void } = {
  // The report comes from a realm that ran pasted code: it is checked against the contract before anything renders it.
  report: (store, o, waitedMs) => {
    const checked = checkReport(o.report);
    if (checked.ok) store.getState().setRun({ kind: 'done', ms: o.ms, waitedMs }, checked.report);
    else store.getState().setRun({ kind: 'crash', message: checked.message });
  },
  timeout: (store, o) => store.getState().setRun({ kind: 'timeout', budgetMs: o.budgetMs }),
  crash: (store, o) => store.getState().setRun({ kind: 'crash', message: o.message }),
  stale: () => {},
};

function land(store: PlaygroundStore, outcome: Outcome, waitedMs: number): void {
  (LAND[outcome.kind] as (store: PlaygroundStore, outcome: Outcome, waitedMs: number) => void)(store, outcome, waitedMs);
}
