/** What a policy ships, summarised in a few words and expandable to the full value. */
import type { Json } from '../../engine/report.ts';
import { describeJson, elidedInfo, isElided } from '../../sandbox/elide.ts';
import { formatSize } from '../StatusLine.tsx';
import { JsonView } from './JsonView.tsx';
import { Reveal } from './Reveal.tsx';

/** "ships 4 keys" / "ships an array of 2" / "ships nothing", expandable; a value too large to bring to the page says so. */
export function ShipsSummary({ ships, label = 'ships' }: { ships: Json | null; label?: string }) {
  if (ships === null) return <span className="muted">{label} nothing</span>;
  if (isElided(ships)) {
    const { summary, answerChars } = elidedInfo(ships);
    return <span>{label} {summary} <span className="muted">(not shown: the answer is {formatSize(answerChars)})</span></span>;
  }
  return <Reveal summary={`${label} ${describeJson(ships)}`}>{() => <JsonView value={ships} />}</Reveal>;
}
