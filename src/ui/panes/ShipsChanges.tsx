/** Per policy, what it changed on the way out: removed keys, filled defaults, coerced or transformed values, highlighted. */
import type { Json } from '../../engine/report.ts';
import { isElided } from '../../sandbox/elide.ts';
import { clipText } from './clip.ts';
import { PathLink } from './PathLink.tsx';
import { keyPathOf, shipsChanges, type Change } from './shipsDiff.ts';

/** Characters of a changed value shown. */
const VALUE_CHARS = 60;

const short = (v: Json | undefined): string => {
  const { head, more } = clipText(JSON.stringify(v) ?? 'undefined', VALUE_CHARS);
  return more > 0 ? `${head}…` : head;
};

/** The changes from the answer to what ships; nothing when it ships the answer unchanged (or either is not on the page). */
export function ShipsChanges({ answer, ships }: { answer: Json | null; ships: Json | null }) {
  if (answer === null || ships === null || isElided(answer) || isElided(ships)) return null;
  const { changes, total } = shipsChanges(answer, ships);
  if (total === 0) return null;
  return (
    <ul className="said changes" data-testid="ships-changes" aria-label="What ships, against the answer">
      {changes.map((c, i) => (
        <li key={i} data-kind={c.kind}>
          <ChangeLine change={c} />
        </li>
      ))}
      {total > changes.length && <li className="muted">… and {total - changes.length} more changes</li>}
    </ul>
  );
}

function ChangeLine({ change: { kind, pointer, from, to } }: { change: Change }) {
  const path = keyPathOf(pointer);
  if (kind === 'added')
    return (
      <>
        <span className="change-op">added</span>{' '}
        <code className="diff-add">
          {path}: {short(to)}
        </code>
      </>
    );
  const link = <PathLink text={path} target={{ pointer }} />;
  if (kind === 'removed')
    return (
      <>
        <span className="change-op">removed</span> {link}
      </>
    );
  return (
    <>
      <span className="change-op">changed</span> {link} <code className="diff-del">{short(from)}</code> → <code className="diff-add">{short(to)}</code>
    </>
  );
}
