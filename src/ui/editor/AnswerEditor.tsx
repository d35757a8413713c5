/** The sample answer (or call arguments) editor, JSON, marked at undeclared keys and verdict complaints. Lazily loaded. */
import { useCallback, useMemo } from 'react';
import { usePlayground, useServices } from '../storeContext.ts';
import { useColorScheme } from '../useColorScheme.ts';
import { answerMarkers } from './answerMarkers.ts';
import CodeEditor from './CodeEditor.tsx';

/** The answer editor. */
export default function AnswerEditor() {
  const { store } = useServices();
  const answer = usePlayground((s) => s.answer);
  const role = usePlayground((s) => s.role);
  const report = usePlayground((s) => s.report);
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const markers = useMemo(() => answerMarkers({ text: answer, report, converter, client }), [answer, report, converter, client]);
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
