/**
 * The PASS / FAIL / – a converter tab shows: does the chosen client accept the raw answer under that converter's listing?
 * Words, not ✓ / ✗: a ✗ beside a name reads as "close".
 */
import type { ConverterRow } from '../../engine/report.ts';
import type { ClientId } from '../../engine/contract/catalog.ts';

/** A tab badge and what it means. */
export interface ConverterBadge {
  mark: 'PASS' | 'FAIL' | '–' | '…';
  meaning: string;
}

/** The badge for one converter row; `pending`: the report on screen is a first report (the other rows are coming). */
export function converterBadge(row: ConverterRow | undefined, client: ClientId, pending = false): ConverterBadge {
  if (!row) return pending ? { mark: '…', meaning: 'still being evaluated' } : { mark: '–', meaning: 'not evaluated' };
  if (row.listError) return { mark: 'FAIL', meaning: 'tools/list fails' };
  const verdict = row.policies.raw?.verdicts[client];
  if (verdict?.valid === true) return { mark: 'PASS', meaning: 'the client accepts the raw answer' };
  if (verdict?.valid === false) return { mark: 'FAIL', meaning: 'the client rejects the raw answer' };
  if (row.listed === null) return { mark: '–', meaning: 'nothing listed, so nothing validated' };
  return { mark: '–', meaning: 'not validated' };
}
