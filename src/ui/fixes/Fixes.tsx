/**
 * Fixes for the selected failing verdict, each checked in the sandbox before it is offered; one click applies it.
 * Focus never drops to the page: Suggest fixes moves it to the section's heading (the button it replaces is gone),
 * Apply to the schema editor at the edit (where Ctrl/Cmd+Z undoes it; the fixes leave once the verdict passes).
 */
import { useRef } from 'react';
import { CLIENT_ENTRIES, entryOf, POLICY_ENTRIES } from '../../engine/contract/catalog.ts';
import type { Case } from '../../engine/case.ts';
import { stillFor, useStillFor } from '../caseBound.ts';
import { copyText } from '../clipboard.ts';
import { Note } from '../panes/Pane.tsx';
import { SchemaDiff } from '../panes/SchemaDiff.tsx';
import { useServices } from '../storeContext.ts';
import type { CheckedFix } from './checkFixes.ts';
import { SourceDiff } from './SourceDiff.tsx';
import { useFixes } from './useFixes.ts';
import { sameJson } from '../../engine/lib/json.ts';

/** The fixes section under the verdict rows (nothing while the selected verdict passes). */
export function Fixes() {
  const { state, ask } = useFixes();
  const current = useStillFor(state.status === 'none' ? null : state.asked, 'whole-case');
  // Set by Suggest fixes: the heading that replaces the button takes the focus as it mounts.
  const focusTitle = useRef(false);
  const title = (heading: HTMLHeadingElement | null) => {
    if (!heading || !focusTitle.current) return;
    focusTitle.current = false;
    heading.focus();
  };
  // Fixes proposed for another case (the render before the new run's state reached the effect) are not shown.
  if (state.status === 'none' || !current) return null;
  const { total, target } = state;
  const client = entryOf(CLIENT_ENTRIES, target.client).title;
  const policy = entryOf(POLICY_ENTRIES, target.policy).title;
  if (state.status === 'available') {
    return (
      <section className="fixes" aria-label="Fixes" data-testid="fixes">
        <button
          type="button"
          className="ghost"
          onClick={() => {
            focusTitle.current = true;
            ask();
          }}
        >
          Suggest fixes
        </button>{' '}
        <span className="hint" title={`Each schema edit is run in the sandbox first and offered only if it turns the ${client}'s verdict under ${policy} to PASS.`}>
          {total} candidate{total === 1 ? '' : 's'}, checked in the sandbox first
        </span>
      </section>
    );
  }
  const { check } = state;
  const edited = total - check.inWords.length - check.offered.filter((f) => f.fix.verifiedBy).length;
  return (
    <section className="fixes" aria-label="Fixes" data-testid="fixes">
      <h3 className="fixes-title" ref={title} tabIndex={-1}>
        Fixes for the {client} under {policy}
      </h3>
      {state.status === 'checking' && <Note>Checking {edited} candidate schema edits in the sandbox…</Note>}
      {check.offered.map((f, i) => (
        <FixCard key={i} checked={f} asked={state.asked} />
      ))}
      {state.status === 'done' && check.offered.length === 0 && (
        <Note>
          None of the {check.tried} schema edits tried (alone, or the partial ones together) turns this verdict PASS.
        </Note>
      )}
      {!check.offered.some((f) => f.fix.schema !== null) &&
        check.partial.map((p, i) => (
          <div className="fix fix-partial" key={`p${i}`} data-testid="fix-partial">
            <strong>{p.fix.title}</strong> <span className="badge">partial</span>{' '}
            <span className="muted">
              fixes {listed(p.fixed)}; {listed(p.remaining)} still fail{p.remaining.length === 1 ? 's' : ''}
            </span>
          </div>
        ))}
      {check.inWords.map((fix, i) => (
        <div className="fix fix-words" key={`w${i}`} data-testid="fix-in-words">
          <strong>{fix.title}</strong>
          <span className="muted"> (not checked: the spot in the source could not be found exactly; copy the change)</span>
          <CopyBlock text={fix.copy ?? ''} />
        </div>
      ))}
    </section>
  );
}

function FixCard({ checked, asked }: { checked: CheckedFix; asked: Case }) {
  const { store, ui } = useServices();
  const { fix, zodChange, listedBefore, listedAfter } = checked;
  const schema = fix.schema;
  const apply = () => {
    // Never onto another case: a click that raced a change of case applies nothing.
    if (schema === null || !stillFor(store.getState(), asked, 'whole-case')) return;
    const { schema: editor, answer: answerEditor } = ui.getState().editors;
    if (editor) {
      const at = firstChange(editor.getText(), schema);
      editor.setText(schema);
      editor.reveal(at.line, at.column);
    } else store.getState().setField('schema', schema);
    if (fix.answer === null) return;
    if (answerEditor) answerEditor.setText(fix.answer);
    else store.getState().setField('answer', fix.answer);
  };
  const original = store.getState().schema;
  const sameListing = sameJson(listedBefore, listedAfter);
  return (
    <div className="fix" data-testid="fix" data-kind={fix.kind}>
      <strong>{fix.title}</strong>{' '}
      {fix.parts && <span className="muted">(together) </span>}
      <span className="badge badge-pass" title="the edited case ran in the sandbox and this client accepts the answer">
        {fix.verifiedBy ? `PASS under ${entryOf(POLICY_ENTRIES, fix.verifiedBy).title}` : 'PASS, checked'}
      </span>
      {zodChange && <span className="fix-zod"> zod {zodChange} the sample answer</span>}
      {schema !== null && (
        <button type="button" className="primary fix-apply" onClick={apply} title="Applies the edit in the schema editor (Ctrl/Cmd+Z undoes it)">
          Apply
        </button>
      )}
      {fix.copy !== null && <CopyBlock text={fix.copy} />}
      <details className="fix-diff">
        <summary>What changes</summary>
        {schema !== null && <SourceDiff from={original} to={schema} label="Schema source before and after" />}
        {fix.answer !== null && <SourceDiff from={store.getState().answer} to={fix.answer} label="Answer before and after" />}
        <p className="muted">The listed JSON Schema{sameListing ? ' does not change.' : ', before and after:'}</p>
        {!sameListing && listedBefore !== null && listedAfter !== null && <SchemaDiff from={listedBefore} to={listedAfter} label="How the fix changes the listing" />}
      </details>
    </div>
  );
}

/** The 1-based line and column where `after` first differs from `before` (where an applied edit starts). */
function firstChange(before: string, after: string): { line: number; column: number } {
  let i = 0;
  while (i < before.length && i < after.length && before[i] === after[i]) i++;
  const lines = after.slice(0, i).split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** Places as the pane shows them: `/region`, `/giftWrap (missing)`. */
function listed(places: readonly string[]) {
  return places.map((p, i) => (
    <span key={p}>
      {i > 0 && ', '}
      <code>{p}</code>
    </span>
  ));
}

function CopyBlock({ text }: { text: string }) {
  return (
    <div className="fix-copy">
      <pre className="json">{text}</pre>
      <button type="button" className="ghost" onClick={() => void copyText(text)}>
        Copy
      </button>
    </div>
  );
}
