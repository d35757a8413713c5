/** Highlighted text: each token a span with its kind's color, whitespace and plain runs as bare text (never HTML). */

const BARE = new Set(['space', 'plain']);

/** The tokens, rendered. */
export function Tokens({ tokens }: { tokens: ReadonlyArray<{ kind: string; text: string }> }) {
  return tokens.map((t, i) =>
    BARE.has(t.kind) ? (
      t.text
    ) : (
      <span key={i} className={`tok-${t.kind}`}>
        {t.text}
      </span>
    ),
  );
}
