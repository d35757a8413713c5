/**
 * The schema's load error and the answer's parse error, with their line:column and a jump to the place; dimmed while
 * a newer run is pending, and labelled when they belong to an earlier version of the case that no run will replace.
 */
import type { ErrorInfo } from '../engine/report.ts';
import { selectIsEarlier, selectIsStale } from '../state/store.ts';
import { answerProblem, capitalized } from './answerProblem.ts';
import type { EditorName } from './editor/mountedEditors.ts';
import { usePlayground, useServices } from './storeContext.ts';

/** The errors that stop an evaluation early, if any. */
export function Problems() {
  const { ui } = useServices();
  const report = usePlayground((s) => s.report);
  const role = usePlayground((s) => s.role);
  const stale = usePlayground(selectIsStale);
  const earlier = usePlayground(selectIsEarlier);
  if (!report) return null;
  const items: Array<{ editor: EditorName; what: string; error: ErrorInfo }> = [];
  if (!report.load.ok) items.push({ editor: 'schema', what: 'The schema did not load', error: report.load.error });
  if (!report.answer.ok) items.push({ editor: 'answer', what: capitalized(answerProblem(role, report.answer.error)), error: report.answer.error });
  if (items.length === 0) return null;
  return (
    <ul className="problems" data-testid="problems" data-stale={stale}>
      {items.map(({ editor, what, error }) => (
        <li key={editor} role="alert">
          {earlier && <span className="earlier">Earlier version:</span>}
          <strong>{what}</strong>
          {error.line !== undefined && !earlier && (
            <button type="button" className="link" onClick={() => ui.getState().editors[editor]?.reveal(error.line ?? 1, error.column ?? 1)}>
              {editor} {error.line}:{error.column ?? 1}
            </button>
          )}
          <code className="message">{error.message}</code>
        </li>
      ))}
    </ul>
  );
}
