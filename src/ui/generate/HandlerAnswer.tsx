/**
 * "Use the handler's answer": when the pasted registration's handler returned a literal structuredContent,
 * one click puts it in the answer editor (an edit Ctrl/Cmd+Z undoes); the answer is never replaced without that click.
 */
import { useMemo } from 'react';
import { sameJson } from '../../engine/lib/json.ts';
import type { Json } from '../../engine/report.ts';
import { usePlayground, useServices } from '../storeContext.ts';

/** The button, when the handler's answer is known and differs from the answer on screen; else why it is not known. */
export function HandlerAnswer() {
  const { store, ui } = useServices();
  const registration = usePlayground((s) => (s.role === 'output' ? s.report?.registration : undefined));
  const answer = usePlayground((s) => s.answer);
  const handler = registration?.handlerAnswer;
  const same = useMemo(() => handler !== undefined && sameAnswer(answer, handler), [answer, handler]);
  if (!registration) return null;
  if (handler === undefined) return registration.handlerNote ? <span className="hint" data-testid="handler-note">{registration.handlerNote}</span> : null;
  if (same) return null;
  const use = () => {
    const text = JSON.stringify(handler, null, 2);
    const editor = ui.getState().editors.answer;
    if (editor) editor.setText(text);
    else store.getState().setField('answer', text);
  };
  return (
    <button type="button" className="ghost" onClick={use} title={`What ${registration.picked}'s handler returns as structuredContent, called here with sample arguments`}>
      Use the handler&apos;s answer
    </button>
  );
}

function sameAnswer(text: string, value: Json): boolean {
  try {
    return sameJson(JSON.parse(text) as Json, value);
  } catch {
    return false;
  }
}
