/** Two listed schemas, formatted alike and diffed line by line. */
import { useMemo, useRef } from 'react';
import type { JsonSchema } from '../../engine/report.ts';
import { formatJson } from './jsonFormat.ts';
import { lineDiff } from './lineDiff.ts';
import { Note } from './Pane.tsx';
import { useColumns } from './useColumns.ts';

const CLASS = { '+': 'diff-add', '-': 'diff-del', ' ': 'diff-same' } as const;

/** The diff of `to` against `from` (+ lines only in `to`, - lines only in `from`); by default `from` is zod's listing. */
export function SchemaDiff({ from, to, label = "Difference from zod's listing" }: { from: JsonSchema; to: JsonSchema; label?: string }) {
  const ref = useRef<HTMLPreElement>(null);
  // Two columns go to the +/- gutter.
  const columns = useColumns(ref) - 2;
  const lines = useMemo(() => lineDiff(formatJson(from, columns), formatJson(to, columns)), [from, to, columns]);
  if (!lines) return <Note>Too large to diff.</Note>;
  return (
    <>
      {lines.every((l) => l.op === ' ') && <Note>Identical to what zod lists.</Note>}
      <pre className="json diff" aria-label={label} ref={ref}>
        {lines.map((l, i) => (
          <span key={i} className={`diff-line ${CLASS[l.op]}`}>
            {l.op} {l.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </>
  );
}
