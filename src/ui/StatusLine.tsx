/**
 * One line saying where the live evaluation stands (with "Run it" for a held case), the version pickers, and notes: a worker that crashed
 * after its verdict, a case too large for a link, why autosave is off.
 */
import type { Role } from '../engine/contract/catalog.ts';
import type { HoldReason, RunState } from '../state/store.ts';
import { TOO_LARGE, selectTooLargeBytes, tooLargeOf } from './linkSize.ts';
import { usePlayground, useServices } from './storeContext.ts';
import { MALFORMED } from '../state/reportCheck.ts';
import { FRAME_NOT_LOADED } from '../sandbox/frameFailure.ts';
import { capitalized } from './answerProblem.ts';
import { WorldBadge } from './controls/WorldBadge.tsx';
import { VersionPickers } from './controls/VersionPickers.tsx';

/** An answer this long (UTF-16 units) may alone take longer than the run budget to check: a timeout then says its size. */
export const LARGE_ANSWER_CHARS = 256 * 1024;

/** A schema this long (UTF-16 units) may take seconds to compile on its first run: a timeout then says its size too. */
export const LARGE_SCHEMA_CHARS = 8 * 1024;

/** What a status sentence may depend on besides the run: the answer and schema that were run (their lengths) and the role. */
export interface RunContext {
  answerChars: number;
  schemaChars?: number;
  role: Role;
  /** Why a held case was held (it timed out when absent). */
  holdReason?: HoldReason | null;
}

/** How each run state reads. */
/** A status sentence: its tone, its text, and an optional detail shown on hover. */
export interface RunStatus {
  tone: 'busy' | 'ok' | 'error';
  text: string;
  detail?: string;
}

const STATUS: { [K in RunState['kind']]: (run: Extract<RunState, { kind: K }>, c: RunContext) => RunStatus } = {
  idle: () => ({ tone: 'busy', text: 'Starting the sandbox…' }),
  held: (_, c) => ({
    tone: 'error',
    text: c.holdReason === 'crash' ? 'This case crashed the page last time, so it was not run again.' : 'This case timed out last time, so it was not run again.',
  }),
  evaluating: (r) => ({
    tone: 'busy',
    text: r.stored ? 'Verdict from your last visit; checking it again…' : r.first ? 'First verdict shown; evaluating the rest…' : 'Evaluating…',
    ...(r.stored ? { detail: 'This case gave this report when you last opened it with this version of the playground; the sandbox is running it again now and will replace it.' } : {}),
  }),
  // What the user waited (edit to full report: the sandbox's queue and start included); the engine's own time in the
  // detail (the line's hover title), so the line keeps its length and the panes below do not move as it changes.
  done: (r) =>
    r.waitedMs === undefined
      ? { tone: 'ok', text: `Evaluated in ${Math.round(r.ms)} ms` }
      : { tone: 'ok', text: `Evaluated in ${Math.round(r.waitedMs)} ms`, detail: `From the edit to the full report; the engine itself took ${Math.round(r.ms)} ms.` },
  timeout: (r, c) => ({
    tone: 'error',
    text:
      c.answerChars >= LARGE_ANSWER_CHARS
        ? `The evaluation ran longer than ${r.budgetMs / 1000} s — ${c.role === 'output' ? 'the answer is' : 'the arguments are'} ${formatSize(c.answerChars)}, likely too large to check within that time. The worker was restarted; try a smaller ${c.role === 'output' ? 'answer' : 'input'}.`
        : (c.schemaChars ?? 0) >= LARGE_SCHEMA_CHARS
          ? `The schema ran longer than ${r.budgetMs / 1000} s — it is ${formatSize(c.schemaChars ?? 0)}, which may take that long to compile, or it loops forever. The worker was restarted; edit the schema to try again.`
          : `The schema ran longer than ${r.budgetMs / 1000} s — likely an infinite loop. The worker was restarted; edit the schema to try again.`,
  }),
  // A report the page refused (src/state/reportCheck.ts) or a sandbox frame that could not load (a deployment's
  // headers, src/sandbox/frameFailure.ts) is not a crash of the worker: say what it is.
  crash: (r) => ({
    tone: 'error',
    text: [MALFORMED, FRAME_NOT_LOADED].some((p) => r.message.startsWith(p)) ? `${capitalized(r.message)}.` : `The evaluation worker crashed: ${r.message}`,
  }),
};

/** How the status line reads for a run state: its tone and sentence. */
export function describeRun(run: RunState, c: RunContext): RunStatus {
  return (STATUS[run.kind] as (r: RunState, c: RunContext) => RunStatus)(run, c);
}

/** The status line (a polite live region). */
export function StatusLine() {
  const { rerun, options, links } = useServices();
  const run = usePlayground((s) => s.run);
  const answerChars = usePlayground((s) => s.answer.length);
  const schemaChars = usePlayground((s) => s.schema.length);
  const role = usePlayground((s) => s.role);
  const storageNote = usePlayground((s) => s.storageNote);
  const workerNote = usePlayground((s) => s.workerNote);
  const holdReason = usePlayground((s) => s.holdReason);
  const tooLarge = usePlayground(selectTooLargeBytes(links));
  const { tone, text, detail } = describeRun(run, { answerChars, schemaChars, role, holdReason });
  return (
    <div className="status-bar">
      <p className="status-line" data-tone={tone} role="status" aria-live="polite" data-testid="status" title={detail}>
        {text}
      </p>
      <WorldBadge />
      {/* The versions the case runs, beside the run they describe; an embed shows its link's world (WorldBadge) only. */}
      {!options.embed && (
        <span className="version-pickers">
          <VersionPickers />
        </span>
      )}
      {run.kind === 'held' && (
        <button type="button" className="primary" onClick={rerun}>
          Run it
        </button>
      )}
      {workerNote && (
        <span className="hint" data-testid="worker-note">
          {workerNote}
        </span>
      )}
      {tooLarge !== null && (
        <span className="hint" data-testid="size-note">
          {TOO_LARGE.note(tooLargeOf(tooLarge), options.embed)}
        </span>
      )}
      {storageNote && (
        <span className="hint" data-testid="storage-note">
          {storageNote}
        </span>
      )}
    </div>
  );
}

/** A size in UTF-16 units as MB or KB ("10.0 MB", "300 KB"); for an ASCII answer that is its size in bytes. */
export function formatSize(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(chars / 1024)} KB`;
}
