/** The case as highlighted read-only text: what an embed shows until the reader asks to edit (no Monaco). */
import { useMemo } from 'react';
import { tokenizeJson } from '../tokens/jsonTokens.ts';
import { Tokens } from '../tokens/Tokens.tsx';
import { tokenizeTs } from '../tokens/tsTokens.ts';
import { schemaTitle } from '../schemaTitle.ts';
import { usePlayground, useServices } from '../storeContext.ts';

/** Past this many characters the text is shown without highlighting (thousands of spans cost more than they help). */
const MAX_HIGHLIGHT = 60_000;

/** The schema and the answer, side by side when the column is wide enough. */
export function CaseView() {
  const schema = usePlayground((s) => s.schema);
  const answer = usePlayground((s) => s.answer);
  const output = usePlayground((s) => s.role === 'output');
  return (
    <div className="case-view">
      <Source title={schemaTitle(schema)} text={schema} tokenize={tokenizeTs} />
      <Source title={output ? 'Sample answer' : 'Call arguments'} text={answer} tokenize={tokenizeJson} />
    </div>
  );
}

/** Splits a text into highlighted tokens (tokenizeTs, tokenizeJson). */
export type Tokenize = (text: string) => Array<{ kind: string; text: string }>;

/** A text highlighted by `tokenize`, or plain when it is too long to be worth thousands of spans. */
export function Highlighted({ text, tokenize }: { text: string; tokenize: Tokenize }) {
  const tokens = useMemo(() => (text.length > MAX_HIGHLIGHT ? null : tokenize(text)), [text, tokenize]);
  return tokens ? <Tokens tokens={tokens} /> : text;
}

function Source({ title, text, tokenize }: { title: string; text: string; tokenize: Tokenize }) {
  const { readonly } = useServices().options;
  return (
    <section className="source" aria-label={title}>
      <header className="panel-head">
        <h2>{title}</h2>
        <span className="hint">{readonly ? 'read-only' : 'Edit to change it'}</span>
      </header>
      {/* Focusable: the block scrolls, and keyboard users must be able to scroll it. */}
      <pre className="source-text" tabIndex={0} aria-label={`${title} (read-only)`}>
        <Highlighted text={text} tokenize={tokenize} />
      </pre>
    </section>
  );
}
