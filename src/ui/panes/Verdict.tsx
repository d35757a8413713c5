/** PASS / FAIL / not validated / still coming, as a badge. */
import type { Verdict } from '../../engine/report.ts';

const LOOK = {
  pass: { text: 'PASS', title: 'the client accepts it' },
  fail: { text: 'FAIL', title: 'the client rejects it' },
  none: { text: 'not validated', title: 'the client does not validate (nothing shipped, or no schema listed)' },
  pending: { text: 'coming…', title: 'still being evaluated: the selected client\'s verdict comes first' },
} as const;

/** The badge for one verdict. */
export function VerdictBadge({ verdict, small }: { verdict: Verdict | undefined; small?: boolean }) {
  const kind = verdict?.pending ? 'pending' : verdict?.valid === true ? 'pass' : verdict?.valid === false ? 'fail' : 'none';
  // Small badges sit beside a full one; words would crowd the row, so they say "–" or "…" (explained on hover).
  return (
    <span className={`badge badge-${kind}${small ? ' badge-small' : ''}`} title={LOOK[kind].title}>
      {small && kind === 'none' ? '–' : small && kind === 'pending' ? '…' : LOOK[kind].text}
    </span>
  );
}
