/** Pane 1: what tools/list lists under the chosen converter, or why nothing is listed; optionally as a diff against zod. */
import { CONVERTER_ENTRIES, entryOf } from '../../engine/contract/catalog.ts';
import { useMemo } from 'react';
import { IMPORTED_WARNING } from '../../engine/import/listing-source.ts';
import { usePlayground, useServices, useUi } from '../storeContext.ts';
import { listedPathFor } from './schemaPlace.ts';
import { Clipped } from './Clipped.tsx';
import { ConverterTabs } from './ConverterTabs.tsx';
import { usePaneGate } from './paneGate.ts';
import { JsonView } from './JsonView.tsx';
import { Note } from './Pane.tsx';
import { SchemaDiff } from './SchemaDiff.tsx';

/** The listed-schema pane body. */
export function ListedPane() {
  const { report, gate } = usePaneGate(false);
  const converter = usePlayground((s) => s.converter);
  const role = usePlayground((s) => s.role);
  const diff = usePlayground((s) => s.listedDiff && s.converter !== 'zod');
  const row = report?.converters[converter];
  const zodListed = report?.converters.zod?.listed ?? null;
  const field = role === 'output' ? 'outputSchema' : 'inputSchema';
  const about = entryOf(CONVERTER_ENTRIES, converter);
  const focus = useUi((s) => s.focus);
  const listed = row?.listed ?? null;
  const mark = useMemo(() => (focus && listed !== null ? { path: listedPathFor(listed, focus.pointer), n: focus.n } : null), [focus, listed]);
  return (
    <>
      <ConverterTabs />
      {/* One sentence on where a converter comes from when it is neither zod nor a published SDK (a proposal, another server). */}
      {about.origin && (
        <p className="about" data-testid="converter-about">
          <strong>{about.title}</strong> is {about.origin}.
        </p>
      )}
      {gate ? (
        <Note>{gate}</Note>
      ) : !row ? (
        <Note>This converter did not run.</Note>
      ) : (
        <>
          {row.listError && <Verbatim label="tools/list fails:" text={row.listError} tone="error" />}
          {row.listError && row.listErrorAt !== undefined && (
            <p className="said" data-testid="list-error-at">
              at <code>{row.listErrorAt || 'the schema’s root'}</code> (underlined in the schema)
            </p>
          )}
          {row.warning && <Verbatim label={row.warning === IMPORTED_WARNING ? 'Note:' : 'Startup warning:'} text={row.warning} tone="warn" />}
          {row.listed === null
            ? !row.listError && !row.warning && <Note>No {field} is listed for this tool.</Note>
            : diff && zodListed !== null
              ? <SchemaDiff from={zodListed} to={row.listed} />
              : <JsonView value={row.listed} label={`Listed ${field}`} mark={mark} />}
        </>
      )}
    </>
  );
}

/** The pane's header tools: which field is listed, and the diff toggle. */
export function ListedTools() {
  const { store } = useServices();
  const role = usePlayground((s) => s.role);
  const converter = usePlayground((s) => s.converter);
  const diff = usePlayground((s) => s.listedDiff);
  return (
    <>
      <span className="hint">{role === 'output' ? 'outputSchema' : 'inputSchema'}</span>
      <label className="check" title="Show how this converter's listing differs from zod's own">
        <input type="checkbox" checked={diff} disabled={converter === 'zod'} onChange={(e) => store.getState().setListedDiff(e.target.checked)} /> diff vs zod
      </label>
    </>
  );
}

function Verbatim({ label, text, tone }: { label: string; text: string; tone: 'error' | 'warn' }) {
  return (
    <div className="verbatim" data-tone={tone}>
      <span>{label}</span>
      <code className="message">
        <Clipped text={text} />
      </code>
    </div>
  );
}
