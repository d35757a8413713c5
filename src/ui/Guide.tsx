/**
 * The first-visit guide: the four panes in a sentence each, what to try first, and the docs. Shown on a page opened
 * without a link (never from a permalink or an example link, never in an embed) until it is dismissed once, which is
 * remembered (guideChoice.ts).
 */
import { useState } from 'react';
import { PANES } from './panes/registry.ts';
import type { PaneId } from './embed/options.ts';
import { guideDismissed, rememberGuideDismissed } from './guideChoice.ts';
import { DOCS, docHref, docsBase } from './help/docsLinks.ts';
import { usePlayground, useServices } from './storeContext.ts';

/** What each pane shows, in one sentence. */
const PANE_SENTENCES: Record<PaneId, string> = {
  listed: 'the JSON Schema each converter lists in tools/list for your zod schema.',
  undeclared: 'the answer’s keys the schema does not declare, and what each shipping policy sends.',
  verdict: 'whether each client accepts what ships, checked against what was listed.',
  'real-sdk': 'the published SDK v1 and v2 servers and clients, run for real on this case.',
};

/** The guide, on a first visit opened without a link. */
export function Guide() {
  const { ui } = useServices();
  // Decided once, as the page opens: a case later opened from a link does not bring it back, nor hide it.
  const linked = usePlayground((s) => s.linked);
  const [shown, setShown] = useState(() => !linked && !guideDismissed());
  if (!shown) return null;
  const dismiss = () => {
    rememberGuideDismissed();
    setShown(false);
  };
  const readme = DOCS[0];
  const href = readme ? docHref(readme, docsBase()) : null;
  return (
    <aside className="guide" aria-labelledby="guide-title" data-testid="guide">
      <h2 id="guide-title">New here? The four panes</h2>
      <ul>
        {PANES.map((p) => (
          <li key={p.id}>
            <strong>{p.title}</strong>: {PANE_SENTENCES[p.id]}
          </li>
        ))}
      </ul>
      <p>
        <strong>Try first:</strong> edit the answer (delete the keys the schema does not declare and watch the verdicts turn),
        pick another converter in the header, then Share to copy a link to this exact case.{' '}
        {href ? (
          <a href={href} target="_blank" rel="noreferrer">
            The README
          </a>
        ) : (
          <>
            The README (<code>README.md</code> in the project&apos;s repository)
          </>
        )}{' '}
        has the quick start; Help (<kbd>?</kbd>) has the shortcuts and a glossary.
      </p>
      <div className="guide-actions">
        <button type="button" className="primary" onClick={dismiss}>
          Got it
        </button>
        <button
          type="button"
          className="ghost"
          onClick={() => {
            dismiss();
            ui.getState().setHelp(true);
          }}
        >
          Open Help
        </button>
      </div>
    </aside>
  );
}
