/** Live evaluation: every change to what the engine reads is sent to the evaluator; only the newest answer lands. */
import type { Evaluator, Outcome } from '../sandbox/protocol.ts';
import { engineCaseChanged, selectEngineCase, type PlaygroundStore } from './store.ts';

/** Evaluates the current case now and after every change to it. Returns a function that stops it. */
export function startLiveEvaluation(store: PlaygroundStore, evaluator: Evaluator): () => void {
  let latest = 0;
  let stopped = false;
  const run = () => {
    const id = ++latest;
    store.getState().setRun({ kind: 'evaluating' });
    evaluator.evaluate(selectEngineCase(store.getState())).then(
      (outcome) => {
        // The evaluator drops superseded runs too; this guard also covers runs that finish out of order.
        if (!stopped && id === latest) land(store, outcome);
      },
      (e: unknown) => {
        if (!stopped && id === latest) land(store, { kind: 'crash', message: e instanceof Error ? e.message : String(e) });
      },
    );
  };
  const unsubscribe = store.subscribe((next, prev) => {
    if (engineCaseChanged(next, prev)) run();
  });
  run();
  return () => {
    stopped = true;
    unsubscribe();
  };
}

function land(store: PlaygroundStore, outcome: Outcome): void {
  const { setRun } = store.getState();
  switch (outcome.kind) {
    case 'report':
      return setRun({ kind: 'done', ms: outcome.ms }, outcome.report);
    case 'timeout':
      return setRun({ kind: 'timeout', budgetMs: outcome.budgetMs });
    case 'crash':
      return setRun({ kind: 'crash', message: outcome.message });
    case 'stale':
      return;
  }
}
