/** The schema editor (TypeScript), marked where the schema failed to load. Lazily loaded with Monaco. */
import { useCallback, useMemo } from 'react';
import { selectIsEarlier } from '../../state/store.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { useColorScheme } from '../useColorScheme.ts';
import CodeEditor from './CodeEditor.tsx';
import { schemaMarkers } from './schemaMarkers.ts';
import { schemaTitle } from '../schemaTitle.ts';

/** The schema editor. */
export default function SchemaEditor() {
  const { store } = useServices();
  const schema = usePlayground((s) => s.schema);
  // No markers from a report of an earlier version of the text that no run will replace (it timed out or crashed).
  const report = usePlayground((s) => (selectIsEarlier(s) ? null : s.report));
  const converter = usePlayground((s) => s.converter);
  const markers = useMemo(() => schemaMarkers(schema, report, converter), [schema, report, converter]);
  const onChange = useCallback((t: string) => store.getState().setField('schema', t), [store]);
  return (
    <CodeEditor name="schema" language="typescript" value={schema} onChange={onChange} markers={markers} theme={useColorScheme()} ariaLabel={`${schemaTitle(schema)} (TypeScript)`} />
  );
}
