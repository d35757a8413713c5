/** JSON rendered as highlighted text (React text nodes only, never HTML), formatted to the width it has. */
import { useMemo, useRef } from 'react';
import type { Json } from '../../engine/report.ts';
import { formatJson } from './jsonFormat.ts';
import { tokenizeJson } from './jsonTokens.ts';
import { Tokens } from './Tokens.tsx';
import { useColumns } from './useColumns.ts';

/** Past this many characters the text is shown without highlighting (thousands of spans cost more than they help). */
const MAX_HIGHLIGHT = 60_000;

/** A read-only, highlighted, compactly formatted JSON value. */
export function JsonView({ value, label }: { value: Json; label?: string }) {
  const ref = useRef<HTMLPreElement>(null);
  const columns = useColumns(ref);
  const text = useMemo(() => formatJson(value, columns), [value, columns]);
  const tokens = useMemo(() => (text.length > MAX_HIGHLIGHT ? null : tokenizeJson(text)), [text]);
  return (
    <pre className="json" aria-label={label} ref={ref}>
      {tokens ? <Tokens tokens={tokens} /> : text}
    </pre>
  );
}
