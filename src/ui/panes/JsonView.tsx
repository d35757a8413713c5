/** JSON rendered as highlighted text (React text nodes only, never HTML), formatted to the width it has. */
import { useMemo, useRef } from 'react';
import type { Json } from '../../engine/report.ts';
import { JSON_CHARS } from './clip.ts';
import { Clipped } from './Clipped.tsx';
import { formatJson } from './jsonFormat.ts';
import { tokenizeJson } from '../tokens/jsonTokens.ts';
import { Tokens } from '../tokens/Tokens.tsx';
import { useColumns } from './useColumns.ts';


/** A read-only, highlighted, compactly formatted JSON value. */
export function JsonView({ value, label }: { value: Json; label?: string }) {
  const ref = useRef<HTMLPreElement>(null);
  const columns = useColumns(ref);
  const text = useMemo(() => formatJson(value, columns), [value, columns]);
  const tokens = useMemo(() => (text.length > JSON_CHARS ? null : tokenizeJson(text)), [text]);
  return (
    <pre className="json" aria-label={label} ref={ref}>
      {tokens ? <Tokens tokens={tokens} /> : <Clipped text={text} max={JSON_CHARS} />}
    </pre>
  );
}
