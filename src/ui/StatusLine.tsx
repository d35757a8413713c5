/** One line saying where the live evaluation stands. */
import type { RunState } from '../state/store.ts';
import { usePlayground } from './storeContext.ts';

/** How each run state reads. */
const STATUS: { [K in RunState['kind']]: (run: Extract<RunState, { kind: K }>) => { tone: 'busy' | 'ok' | 'error'; text: string } } = {
  idle: () => ({ tone: 'busy', text: 'Starting the sandbox…' }),
  evaluating: () => ({ tone: 'busy', text: 'Evaluating…' }),
  done: (r) => ({ tone: 'ok', text: `Evaluated in ${Math.round(r.ms)} ms` }),
  timeout: (r) => ({
    tone: 'error',
    text: `The schema ran longer than ${r.budgetMs / 1000} s — likely an infinite loop. The worker was restarted; edit the schema to try again.`,
  }),
  crash: (r) => ({ tone: 'error', text: `The evaluation worker crashed: ${r.message}` }),
};

/** The status line (a polite live region). */
export function StatusLine() {
  const run = usePlayground((s) => s.run);
  const { tone, text } = (STATUS[run.kind] as (r: RunState) => { tone: string; text: string })(run);
  return (
    <p className="status-line" data-tone={tone} role="status" aria-live="polite" data-testid="status">
      {text}
    </p>
  );
}
