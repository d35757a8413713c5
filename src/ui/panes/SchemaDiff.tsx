/** Two listed schemas, formatted alike and diffed line by line. */
import { useMemo, useRef } from 'react';
import type { JsonSchema } from '../../engine/report.ts';
import { formatJson } from './jsonFormat.ts';
import { lineDiff } from './lineDiff.ts';
import { Note } from './Pane.tsx';
import { useColumns } from './useColumns.ts';

const CLASS = { '+': 'diff-add', '-': 'diff-del', ' ': 'diff-same' } as const;

/**
 * The diff of `to` against `from` (- lines only in `from`, then + lines only in `to`); by default `from` is zod's
 * listing. A root key both have is written at `from`'s place in both, so a keyword a converter only moves (`$schema`
 * first or last) is not shown as removed and added.
 */
export function SchemaDiff({ from, to, label = "Difference from zod's listing", fromTitle = 'zod' }: { from: JsonSchema; to: JsonSchema; label?: string; fromTitle?: string }) {
  const ref = useRef<HTMLPreElement>(null);
  // Two columns go to the +/- gutter.
  const columns = useColumns(ref) - 2;
  const lines = useMemo(() => lineDiff(formatJson(from, columns), formatJson(inOrderOf(from, to), columns)), [from, to, columns]);
  if (!lines) return <Note>Too large to diff.</Note>;
  return (
    <>
      {lines.every((l) => l.op === ' ') && <Note>Identical to what {fromTitle} lists.</Note>}
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

/** `to` with its root keys in `from`'s order where `from` has them (the others after, in their own order). */
export function inOrderOf(from: JsonSchema, to: JsonSchema): JsonSchema {
  if (!isObject(from) || !isObject(to)) return to;
  const shared = Object.keys(from).filter((k) => Object.hasOwn(to, k));
  const rest = Object.keys(to).filter((k) => !Object.hasOwn(from, k));
  return Object.fromEntries([...shared, ...rest].map((k) => [k, to[k]])) as JsonSchema;
}

function isObject(v: unknown): v is Record<string, JsonSchema> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
