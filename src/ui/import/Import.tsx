/**
 * "Import": paste a tools/list and/or tools/call exchange (or a JSON Schema) and the case is filled from it, undoably.
 * A tools/list with several tools and nothing saying which one offers a tool picker (with a search past a few tools).
 */
import { useId, useState } from 'react';
import { importExchange } from '../../engine/import/exchange.ts';
import { useServices } from '../storeContext.ts';
import { normalizeCase } from '../../engine/case.ts';

/** Past this many tools the picker has a search box. */
export const SEARCH_FROM = 8;

/** The Import button and, once opened, its paste box. */
export function Import() {
  const { store, options } = useServices();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [choose, setChoose] = useState<readonly string[] | null>(null);
  const id = useId();
  if (options.embed) return null;
  const fill = (tool?: string) => {
    const r = importExchange(text, tool === undefined ? {} : { tool });
    if (!r.ok) {
      setChoose(r.choose ?? null);
      return setError(r.choose ? null : r.message);
    }
    const s = store.getState();
    const before = normalizeCase(s);
    const { role, tool: imported, schema, answer, notes } = r.imported;
    s.loadCase({ ...before, role, tool: imported ?? before.tool, schema, answer: answer ?? before.answer });
    s.setToast([`Imported ${imported ?? 'the JSON Schema'}: checked against its listing as given.`, ...notes].join(' '), before);
    setOpen(false);
    setText('');
    setError(null);
    setChoose(null);
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
            <textarea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setChoose(null);
              }}
              rows={8}
              spellCheck={false}
            />
          </label>
          <button type="button" className="ghost" onClick={() => fill()} disabled={text.trim() === ''}>
            Fill the case
          </button>
          {choose && <ToolPicker tools={choose} onPick={fill} />}
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

/** The tools a pasted tools/list offers, one button each; searchable past SEARCH_FROM tools. */
function ToolPicker({ tools, onPick }: { tools: readonly string[]; onPick(tool: string): void }) {
  const [query, setQuery] = useState('');
  const shown = tools.filter((t) => t.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <fieldset className="import-tools" data-testid="import-tools">
      <legend>The tools/list lists {tools.length} tools: pick the one to check</legend>
      {tools.length > SEARCH_FROM && (
        <label className="import-search">
          Search tools <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
      )}
      <ul>
        {shown.map((t) => (
          <li key={t}>
            <button type="button" className="ghost" onClick={() => onPick(t)}>
              {t}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="hint">No tool name contains “{query}”.</p>}
    </fieldset>
  );
}
