/** The sample answer (or call arguments) editor, JSON, marked at undeclared keys and verdict complaints. Lazily loaded. */
import { useCallback } from 'react';
import { useAfterPaint } from '../afterPaint.ts';
import { selectIsEarlier } from '../../state/store.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { useColorScheme } from '../useColorScheme.ts';
import { answerMarkers, type EditorMarker } from './answerMarkers.ts';
import CodeEditor from './CodeEditor.tsx';

const NO_MARKERS: readonly EditorMarker[] = [];

/** The answer editor. */
export default function AnswerEditor() {
  const { store } = useServices();
  const answer = usePlayground((s) => s.answer);
  const role = usePlayground((s) => s.role);
  // No markers from a report of an earlier version of the text that no run will replace (it timed out or crashed).
  const report = usePlayground((s) => (selectIsEarlier(s) ? null : s.report));
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  // After paint: parsing a large answer for its markers must not delay the verdict (or the keystroke) on screen.
  const markers = useAfterPaint(() => answerMarkers({ text: answer, report, converter, client }), [answer, report, converter, client], NO_MARKERS);
  const onChange = useCallback((t: string) => store.getState().setField('answer', t), [store]);
  return (
    <CodeEditor
      name="answer"
      language="json"
      value={answer}
      onChange={onChange}
      markers={markers}
      theme={useColorScheme()}
      ariaLabel={role === 'output' ? 'Sample answer (JSON)' : 'Call arguments (JSON)'}
    />
  );
}
