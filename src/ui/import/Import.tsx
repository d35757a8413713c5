/** "Import": paste a tools/list and/or tools/call exchange (or a JSON Schema) and the case is filled from it, undoably. */
import { useId, useState } from 'react';
import { importExchange } from '../../engine/import/exchange.ts';
import { selectCase } from '../../state/store.ts';
import { useServices } from '../storeContext.ts';

/** The Import button and, once opened, its paste box. */
export function Import() {
  const { store, options } = useServices();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (options.embed) return null;
  const fill = () => {
    const r = importExchange(text);
    if (!r.ok) return setError(r.message);
    const s = store.getState();
    const before = selectCase(s);
    const { role, tool, schema, answer, notes } = r.imported;
    s.loadCase({ ...before, role, tool: tool ?? before.tool, schema, answer: answer ?? before.answer });
    s.setToast([`Imported ${tool ?? 'the JSON Schema'}: checked against its listing as given.`, ...notes].join(' '), before);
    setOpen(false);
    setText('');
    setError(null);
  };
  return (
    <div className="import">
      <button type="button" className="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Import…
      </button>
      {open && (
        <div className="import-box" id={id}>
          <label>
            Paste a tools/list and/or tools/call message (JSON-RPC, or its result; one or several, as MCP Inspector or a server log shows them), or a
            JSON Schema:
            <textarea value={text} onChange={(e) => setText(e.target.value)} rows={8} spellCheck={false} />
          </label>
          <button type="button" className="ghost" onClick={fill} disabled={text.trim() === ''}>
            Fill the case
          </button>
          {error && (
            <p className="import-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
