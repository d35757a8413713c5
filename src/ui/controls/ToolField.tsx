/** The tool-name field: local while typing, committed to the store after a short pause (each commit re-evaluates). */
import { useEffect, useId, useRef, useState } from 'react';
import { usePlayground, useServices } from '../storeContext.ts';

const DEBOUNCE_MS = 250;

/** A text input for the tool's name. */
export function ToolField() {
  const { store } = useServices();
  const tool = usePlayground((s) => s.tool);
  const [draft, setDraft] = useState(tool);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  useEffect(() => setDraft(tool), [tool]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const commit = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (value !== store.getState().tool) store.getState().setField('tool', value);
  };
  return (
    <div className="field">
      <label htmlFor={id}>Tool</label>
      <input
        id={id}
        className="tool-name"
        value={draft}
        maxLength={128}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          const value = e.target.value;
          setDraft(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(value), DEBOUNCE_MS);
        }}
        onBlur={(e) => commit(e.target.value)}
      />
    </div>
  );
}
