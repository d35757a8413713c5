/** JSON rendered as highlighted text (React text nodes only, never HTML), formatted to the width it has. */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { useEffect, useMemo, useRef } from 'react';
import type { Json } from '../../engine/report.ts';
import { JSON_CHARS } from './clip.ts';
import { Clipped } from './Clipped.tsx';
import { formatJson } from './jsonFormat.ts';
import { tokenizeJson } from '../tokens/jsonTokens.ts';
import { Tokens } from '../tokens/Tokens.tsx';
import { useColumns } from './useColumns.ts';

/** A part of the value to mark and scroll to: its path, and a counter that scrolls again when the same path is asked twice. */
export interface Mark {
  path: ReadonlyArray<string | number>;
  n: number;
}

/** A read-only, highlighted, compactly formatted JSON value; `mark` highlights one member (with its key) and scrolls to it. */
export function JsonView({ value, label, mark }: { value: Json; label?: string; mark?: Mark | null }) {
  const ref = useRef<HTMLPreElement>(null);
  const marked = useRef<HTMLElement>(null);
  const columns = useColumns(ref);
  const text = useMemo(() => formatJson(value, columns), [value, columns]);
  const small = text.length <= JSON_CHARS;
  const span = useMemo(() => (small && mark ? spanOf(text, mark.path) : null), [small, text, mark]);
  const parts = useMemo(() => (small ? split(text, span) : null), [small, text, span]);
  const tokens = useMemo(() => parts && ([tokenizeJson(parts[0]), parts[1] === null ? null : tokenizeJson(parts[1]), tokenizeJson(parts[2])] as const), [parts]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect scrolls to the marked element, whose ref changes with each new mark (mark.n) and span
  useEffect(() => {
    // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function.
    void marked.current?.scrollIntoView({ block: 'nearest' });
  }, [mark?.n, span]);
  return (
    <pre className="json" aria-label={label} ref={ref}>
      {tokens ? (
        <>
          <Tokens tokens={tokens[0]} />
          {tokens[1] !== null && (
            <mark className="json-mark" ref={marked} data-testid="listed-mark">
              <Tokens tokens={tokens[1]} />
            </mark>
          )}
          <Tokens tokens={tokens[2]} />
        </>
      ) : (
        <Clipped text={text} max={JSON_CHARS} />
      )}
    </pre>
  );
}

/** The offsets of the member at `path` in formatted `text` (its key included); null for the root or a path not there. */
function spanOf(text: string, path: ReadonlyArray<string | number>): [number, number] | null {
  if (path.length === 0) return null;
  const node = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, [...path]);
  if (!node) return null;
  const whole = node.parent?.type === 'property' ? node.parent : node;
  return [whole.offset, whole.offset + whole.length];
}

/** Text before, inside and after a span (inside null when there is none). */
function split(text: string, span: [number, number] | null): [string, string | null, string] {
  return span ? [text.slice(0, span[0]), text.slice(span[0], span[1]), text.slice(span[1])] : [text, null, ''];
}
