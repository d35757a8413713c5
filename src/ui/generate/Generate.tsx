/** "Sample answer" and "Find a counterexample": generated in the sandbox, each answer shown with its real verdicts, loaded on a click. */
import { useState } from 'react';
import { type Case, engineCaseOf } from '../../engine/case.ts';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, entryOf, titleOf } from '../../engine/contract/catalog.ts';
import { SEARCH_MS } from '../../engine/generate/request.ts';
import type { Generated } from '../../engine/report.ts';
import { boundCase, stillFor, useStillFor } from '../caseBound.ts';
import { VerdictBadge } from '../panes/Verdict.tsx';
import { usePlayground, useServices } from '../storeContext.ts';
import { HandlerAnswer } from './HandlerAnswer.tsx';
import { runGenerate, type GenerateResult, type Want } from './runGenerate.ts';

const KIND_TEXT = {
  sample: 'A sample',
  'zod-accepts-client-rejects': 'zod accepts it, the client rejects it against the listing',
  'client-accepts-zod-rejects': 'the listing accepts it, zod rejects it',
} as const;

/** The two buttons and what the last request found. */
export function Generate() {
  const { store, sideRuns, options } = useServices();
  const [busy, setBusy] = useState<{ want: Want; asked: Case } | null>(null);
  const [result, setResult] = useState<{ found: GenerateResult; asked: Case } | null>(null);
  // A result (or a request in flight) is this case's only while the case is the one it was asked for, answer aside.
  const current = useStillFor(result?.asked ?? null, 'apart-from-answer');
  const busyHere = useStillFor(busy?.asked ?? null, 'apart-from-answer');
  // The button names what it makes: an answer under "Sample answer", arguments under "Call arguments".
  const output = usePlayground((s) => s.role === 'output');
  // An embed shows a case; generating answers is the full playground's job (and spares the host page a second sandbox).
  if (options.embed) return null;
  const ask = (want: Want) => {
    const s = store.getState();
    const asked = boundCase(s, 'apart-from-answer');
    setBusy({ want, asked });
    setResult(null);
    void runGenerate(engineCaseOf(s), want, s.converter, s.client, (c) => sideRuns.run(c)).then((r) => {
      setBusy((b) => (b?.asked === asked ? null : b));
      if (r) setResult({ found: r, asked });
    });
  };
  return (
    <div className="generate" data-testid="generate">
      <button type="button" className="ghost" onClick={() => ask('sample')} disabled={busy !== null && busyHere}>
        {output ? 'Make a sample answer' : 'Make sample arguments'}
      </button>
      <button type="button" className="ghost" onClick={() => ask('counterexamples')} disabled={busy !== null && busyHere} title={`Searches for ${SEARCH_MS / 1000} s in the sandbox for answers zod and the selected client judge differently`}>
        Find a counterexample
      </button>
      <HandlerAnswer />
      {busy && busyHere && <span className="hint">{busy.want === 'sample' ? 'Building a sample…' : `Searching for ${SEARCH_MS / 1000} s…`}</span>}
      {result && current && <Found result={result.found} asked={result.asked} onDone={() => setResult(null)} />}
    </div>
  );
}

function Found({ result, asked, onDone }: { result: GenerateResult; asked: Case; onDone(): void }) {
  const { store, ui } = useServices();
  if (!result.ok) return <p className="generated muted" role="status">Nothing generated: {result.message}</p>;
  const g: Generated = result.generated;
  const load = (text: string) => {
    // A click that raced a change of case loads nothing into the other case.
    if (!stillFor(store.getState(), asked, 'apart-from-answer')) return onDone();
    const editor = ui.getState().editors.answer;
    if (editor) editor.setText(text);
    else store.getState().setField('answer', text);
    onDone();
  };
  const client = entryOf(CLIENT_ENTRIES, g.client).title;
  // Display names only, as the panes show them (never the catalog ids).
  const converter = titleOf(CONVERTER_ENTRIES, g.converter);
  return (
    <div className="generated" role="status" data-testid="generated">
      <p className="hint generated-head">
        <span>
          {g.want === 'sample' ? 'Sample' : `Searched ${g.ms} ms (bound ${g.budgetMs / 1000} s)`}: {g.tries} tr{g.tries === 1 ? 'y' : 'ies'} under {converter}, {client}.
          {g.note && ` ${g.note[0]?.toUpperCase()}${g.note.slice(1)}.`}
        </span>
        <button type="button" className="ghost close" aria-label="Close what was generated" onClick={onDone}>
          ×
        </button>
      </p>
      {g.found.map((f, i) => (
        <div className="generated-answer" key={i} data-kind={f.kind}>
          <span>{KIND_TEXT[f.kind]}:</span> <span>zod {f.zodAccepts ? 'accepts' : 'rejects'}</span>, {client} <VerdictBadge verdict={f.verdict} />
          <button type="button" className="ghost" onClick={() => load(f.answer)}>
            Load
          </button>
          <pre className="json">{f.answer}</pre>
          {f.verdict.message && <code className="message">{f.verdict.message}</code>}
        </div>
      ))}
    </div>
  );
}
