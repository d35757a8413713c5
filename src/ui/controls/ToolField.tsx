/**
 * The tool-name field: local while typing, committed to the store after a short pause (each commit re-evaluates).
 * Under it, what the SDK warns about the name on screen, or why the playground refuses it (exports of code then wait).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PlaygroundStore } from '../../state/store.ts';
import { checkToolName, showHidden } from '../../engine/tool-name.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { RegisteredPicker, ToolDescription, toolUnset, useRegistration } from './RegisteredTool.tsx';

const DEBOUNCE_MS = 250;

/** A text input for the tool's name. */
export function ToolField() {
  const { store } = useServices();
  const tool = usePlayground((s) => s.tool);
  const [draft, setDraft] = useState(tool);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  const registration = useRegistration();
  const reported = usePlayground((s) => s.report !== null);
  useRegisteredName(reported ? (registration?.picked ?? null) : undefined);
  // A registration names the tool the user has not named (the engine takes the same name).
  const shown = registration && draft === tool && toolUnset(tool) ? registration.picked : draft;
  const { refusal, warnings } = useMemo(() => checkToolName(shown), [shown]);
  const sdkSays = warnings.length > 0 ? `@modelcontextprotocol/sdk warns: ${warnings.map(showHidden).join(' ')}` : null;
  const note = [refusal, sdkSays].filter(Boolean).join(' ') || null;
  useEffect(() => setDraft(tool), [tool]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const commit = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (value === store.getState().tool) return;
    store.setState({ toolTyped: true });
    store.getState().setField('tool', value);
  };
  return (
    <div className={note || registration ? 'field has-note' : 'field'}>
      <label htmlFor={id}>Tool</label>
      <input
        id={id}
        className="tool-name"
        value={shown}
        maxLength={128}
        spellCheck={false}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        autoComplete="off"
        onChange={(e) => {
          const value = e.target.value;
          setDraft(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(value), DEBOUNCE_MS);
        }}
        onBlur={(e) => commit(e.target.value)}
      />
      {registration && <RegisteredPicker registration={registration} />}
      {note && (
        <p className="message tool-note" id={`${id}-note`} data-testid="tool-note" data-tone={refusal ? 'error' : 'warn'}>
          {note}
        </p>
      )}
      {registration && <ToolDescription registration={registration} />}
    </div>
  );
}

/**
 * A registration's tool name wins: when the schema source starts registering a tool (a paste), or the picker takes
 * another, the case's Tool becomes that name, unless the user typed the Tool field in this case or the case is a link or
 * an example as it opened (its tool is the one its author kept). The first report seen only records the name;
 * `undefined` before any report.
 */
function useRegisteredName(picked: string | null | undefined): void {
  const { store } = useServices();
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (picked === undefined) return;
    const before = seen.current;
    seen.current = picked;
    if (before === undefined || picked === null || picked === before) return;
    takeRegisteredName(store, picked);
  }, [picked, store]);
}

/** Sets the case's Tool to the registered name when the user has not typed one in this case (exported for its unit row). */
export function takeRegisteredName(store: PlaygroundStore, picked: string): void {
  const s = store.getState();
  if (s.toolTyped || s.linked || s.tool === picked) return;
  s.setField('tool', picked);
}
