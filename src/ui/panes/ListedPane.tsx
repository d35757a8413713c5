/** Pane 1: what tools/list lists under the chosen converter, or why nothing is listed; optionally as a diff against another converter's listing. */
import { CONVERTER_ENTRIES, entryOf, type ConverterId } from '../../engine/contract/catalog.ts';
import { useMemo } from 'react';
import { IMPORTED_WARNING } from '../../engine/import/listing-source.ts';
import { isConverterNeedsZod } from '../../engine/worlds/needs-zod4.ts';
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
  const against = useUi((s) => s.diffAgainst);
  const diff = usePlayground((s) => s.listedDiff && s.converter !== against);
  const row = report?.converters[converter];
  const againstRow = report?.converters[against];
  const againstListed = againstRow?.listed ?? null;
  const againstTitle = entryOf(CONVERTER_ENTRIES, against).title;
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
          {row.listError && (isConverterNeedsZod(converter, row.listError) ? <Verbatim label="Does not apply:" text={row.listError} tone="warn" /> : <Verbatim label="tools/list fails:" text={row.listError} tone="error" />)}
          {row.listError && row.listErrorAt !== undefined && (
            <p className="said" data-testid="list-error-at">
              at <code>{row.listErrorAt || 'the schema’s root'}</code> (underlined in the schema)
            </p>
          )}
          {row.warning && <Verbatim label={row.warning === IMPORTED_WARNING ? 'Note:' : 'Startup warning:'} text={row.warning} tone="warn" />}
          {row.listed === null
            ? !row.listError && !row.warning && <Note>No {field} is listed for this tool.</Note>
            : diff && againstListed !== null
              ? <SchemaDiff from={againstListed} to={row.listed} label={`Difference from ${againstTitle}'s listing`} fromTitle={againstTitle} />
              : (
                  <>
                    {diff && <Note>{againstRow?.listError ? `${againstTitle}'s tools/list fails: nothing to diff against.` : `${againstTitle} lists no ${field}: nothing to diff against.`}</Note>}
                    <JsonView value={row.listed} label={`Listed ${field}`} mark={mark} />
                  </>
                )}
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
  const { ui } = useServices();
  const against = useUi((s) => s.diffAgainst);
  // Off, or the converter to diff against (any but the one shown): one control, so the choice is always visible.
  const value = diff && against !== converter ? against : 'off';
  const pick = (next: string) => {
    if (next !== 'off') ui.getState().setDiffAgainst(next as ConverterId);
    store.getState().setListedDiff(next !== 'off');
  };
  return (
    <>
      <span className="hint">{role === 'output' ? 'outputSchema' : 'inputSchema'}</span>
      <label className="check diff-pick" title="Show how this converter's listing differs from another converter's">
        diff{' '}
        <select aria-label="Diff against" value={value} onChange={(e) => pick(e.target.value)}>
          <option value="off">off</option>
          {CONVERTER_ENTRIES.filter((c) => c.id !== converter).map((c) => (
            <option key={c.id} value={c.id}>
              vs {c.title}
            </option>
          ))}
        </select>
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
