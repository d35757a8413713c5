/** The chosen converter's policy rows in display order. */
import type { ConverterRow, PolicyRow } from '../../engine/report.ts';
import { type Entry, POLICY_ENTRIES, type PolicyId } from '../../engine/contract/catalog.ts';

/** Each policy that applies, with its catalog entry. */
export function policyRows(row: ConverterRow | undefined): Array<{ policy: Entry<PolicyId>; row: PolicyRow }> {
  if (!row) return [];
  return POLICY_ENTRIES.flatMap((policy) => {
    const r = row.policies[policy.id];
    return r ? [{ policy, row: r }] : [];
  });
}

/** The first earlier row whose `pick` text is the same as row `i`'s (so a repeated long message can say "same as strip"). */
export function sameAsEarlier<T>(rows: ReadonlyArray<{ policy: Entry<PolicyId>; row: T }>, i: number, pick: (row: T) => string | null | undefined): PolicyId | null {
  const text = rows[i] && pick(rows[i].row);
  if (!text) return null;
  return rows.slice(0, i).find((r) => pick(r.row) === text)?.policy.id ?? null;
}
