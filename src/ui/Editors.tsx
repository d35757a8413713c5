/** The left column: the zod schema editor above the sample answer (or call arguments) editor. */
import { EditorPanel } from './editor/EditorPanel.tsx';
import { usePlayground } from './storeContext.ts';

/** Both editors. */
export function Editors() {
  const output = usePlayground((s) => s.role === 'output');
  return (
    <div className="editors">
      <EditorPanel name="schema" title="Zod schema" aside={<span className="hint">TypeScript · export default your schema</span>} />
      <EditorPanel
        name="answer"
        title={output ? 'Sample answer' : 'Call arguments'}
        aside={<span className="hint">JSON · {output ? 'what the tool returns' : 'what the client sends'}</span>}
      />
    </div>
  );
}
