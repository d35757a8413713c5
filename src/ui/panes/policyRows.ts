/** The chosen converter's policy rows in display order. */
import type { ConverterRow, PolicyId, PolicyRow } from '../../engine/report.ts';
import { POLICIES, type Entry } from '../catalog.ts';

/** Each policy that applies, with its catalog entry. */
export function policyRows(row: ConverterRow | undefined): Array<{ policy: Entry<PolicyId>; row: PolicyRow }> {
  if (!row) return [];
  return POLICIES.flatMap((policy) => {
    const r = row.policies[policy.id];
    return r ? [{ policy, row: r }] : [];
  });
}
