/** What one compare cell says, from the outcome of its world's run: listed?, and the client's verdict. Pure. */
import type { ClientId } from '../../engine/contract/catalog.ts';
import type { Report } from '../../engine/report.ts';
import { clientFor, type Column } from './columns.ts';

/** Where a world's run stands. */
export type WorldRun =
  | { kind: 'queued' }
  | { kind: 'report'; report: Report }
  | { kind: 'failed'; message: string }
  /** It ran past its bound on every try (`budgetMs`), or was dropped from the queue before it ran (null). */
  | { kind: 'no-time'; budgetMs: number | null };

/** One cell. `outcome` is what the differs-mark compares: listed or not, and PASS/FAIL/none. */
export type Cell =
  | { kind: 'queued' }
  | { kind: 'no-time'; budgetMs: number | null }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; listed: boolean; listing: string; verdict: 'PASS' | 'FAIL' | 'none'; message: string; client: ClientId; substituted: boolean };

/** How long a quoted message may be in a cell. */
const MAX_CELL_TEXT = 200;

/** The cell for a column under a run. */
export function cellOf(run: WorldRun | undefined, column: Column, picked: ClientId): Cell {
  if (!run || run.kind === 'queued') return { kind: 'queued' };
  if (run.kind === 'no-time') return run;
  if (run.kind !== 'report') return { kind: 'failed', message: short(run.message) };
  const { client, substituted } = clientFor(column, picked);
  const r = run.report;
  const refused = !r.load.ok ? `schema refused: ${r.load.error.message}` : !r.answer.ok ? `answer refused: ${r.answer.error.message}` : null;
  if (refused) return { kind: 'done', listed: false, listing: short(refused), verdict: 'none', message: '', client, substituted };
  const row = r.converters[column.converter];
  if (!row || row.listError !== null || row.listed === null) {
    return { kind: 'done', listed: false, listing: short(`not listed: ${row?.listError ?? 'no listing'}`), verdict: 'none', message: '', client, substituted };
  }
  const policy = row.policies.raw;
  const v = policy?.verdicts[client];
  const verdict = v?.valid === true ? 'PASS' : v?.valid === false ? 'FAIL' : 'none';
  const message = v?.valid === true ? '' : short(policy?.refused ?? v?.message ?? 'the client does not validate');
  return { kind: 'done', listed: true, listing: 'listed', verdict, message, client, substituted };
}

/** True when a finished cell's listing or verdict differs from the reference cell's (both finished). */
export function differs(cell: Cell, reference: Cell): boolean {
  if (cell.kind !== 'done' || reference.kind !== 'done') return false;
  return cell.listed !== reference.listed || cell.verdict !== reference.verdict;
}

/** True when a finished cell's listing, verdict or message differs from the same row's cell in the other era. */
export function differsInEra(cell: Cell, other: Cell): boolean {
  if (cell.kind !== 'done' || other.kind !== 'done') return false;
  return differs(cell, other) || cell.message !== other.message;
}

/** A message's first line, clipped. */
export function short(message: string): string {
  const first = message.split('\n', 1)[0] ?? '';
  return first.length > MAX_CELL_TEXT ? `${first.slice(0, MAX_CELL_TEXT)}…` : first;
}
