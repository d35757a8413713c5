/** One line saying where the live evaluation stands (with "Run it" for a held case), and why autosave is off, if it is. */
import type { RunState } from '../state/store.ts';
import { usePlayground, useServices } from './storeContext.ts';

/** How each run state reads. */
const STATUS: { [K in RunState['kind']]: (run: Extract<RunState, { kind: K }>) => { tone: 'busy' | 'ok' | 'error'; text: string } } = {
  idle: () => ({ tone: 'busy', text: 'Starting the sandbox…' }),
  held: () => ({ tone: 'error', text: 'This case timed out last time, so it was not run again.' }),
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
  const { rerun } = useServices();
  const run = usePlayground((s) => s.run);
  const storageNote = usePlayground((s) => s.storageNote);
  const { tone, text } = (STATUS[run.kind] as (r: RunState) => { tone: string; text: string })(run);
  return (
    <div className="status-bar">
      <p className="status-line" data-tone={tone} role="status" aria-live="polite" data-testid="status">
        {text}
      </p>
      {run.kind === 'held' && (
        <button type="button" className="primary" onClick={rerun}>
          Run it
        </button>
      )}
      {storageNote && (
        <span className="hint" data-testid="storage-note">
          {storageNote}
        </span>
      )}
    </div>
  );
}
