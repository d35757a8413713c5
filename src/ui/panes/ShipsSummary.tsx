/** What a policy ships, summarised in a few words and expandable to the full value. */
import type { Json } from '../../engine/report.ts';
import { JsonView } from './JsonView.tsx';
import { Reveal } from './Reveal.tsx';

/** "ships 4 keys" / "ships an array of 2" / "ships nothing", expandable. */
export function ShipsSummary({ ships, label = 'ships' }: { ships: Json | null; label?: string }) {
  if (ships === null) return <span className="muted">{label} nothing</span>;
  return <Reveal summary={`${label} ${describe(ships)}`}>{() => <JsonView value={ships} />}</Reveal>;
}

function describe(value: Json): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) {
    const n = Object.keys(value).length;
    return `an object (${n} key${n === 1 ? '' : 's'})`;
  }
  return JSON.stringify(value).slice(0, 40);
}
