/** The schema source before and after a fix: the changed lines with one line of context each side. */
import { useMemo } from 'react';
import { lineDiff, type DiffLine } from '../panes/lineDiff.ts';
import { Note } from '../panes/Pane.tsx';

const CLASS = { '+': 'diff-add', '-': 'diff-del', ' ': 'diff-same' } as const;

/** The lines of `from` → `to` that changed, with their neighbours. */
export function SourceDiff({ from, to, label }: { from: string; to: string; label: string }) {
  const lines = useMemo(() => nearChanges(lineDiff(from, to)), [from, to]);
  if (!lines) return <Note>Too large to diff.</Note>;
  return (
    <pre className="json diff" aria-label={label}>
      {lines.map((l, i) => (
        <span key={i} className={`diff-line ${l ? CLASS[l.op] : 'diff-same muted'}`}>
          {l ? `${l.op} ${l.text}` : '  …'}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

/** Changed lines and one line around each; null marks a gap of unchanged lines. */
function nearChanges(lines: DiffLine[] | null): Array<DiffLine | null> | null {
  if (!lines) return null;
  const near = (i: number) => [i - 1, i, i + 1].some((j) => lines[j] !== undefined && lines[j]?.op !== ' ');
  const out: Array<DiffLine | null> = [];
  lines.forEach((l, i) => {
    if (near(i)) out.push(l);
    else if (out[out.length - 1] !== null) out.push(null);
  });
  return out;
}
