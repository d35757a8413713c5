/**
 * The Report's table of wire values (contract v2): each distinct value that goes on the wire (what a policy
 * ships under a converter's server, what a real SDK run returned as structuredContent) is held once in `values`, and
 * the rows point at it by index (`shipsAt`, `structuredContentAt`). A report that held the answer in each row would
 * hold it up to 32 times, and stay small to post only while every phase handed the same object along.
 *
 * The engine's phases build the Report's rows pointing into one evaluation's `ValueTable` (`policyRow`, `realSdkRow`),
 * which holds each value once, deduplicating by identity and then by content (key order included: another key order
 * is another value on the wire); evaluate() writes the table as the Report's `values`, last. `expandReport` gives
 * contract v1's form (each row holding its value: the CLI's `--expanded`, recorded fixtures).
 */
import { guard } from './lib/guard.ts';
import { sameJson } from './lib/json.ts';
import type { ConverterId, PolicyId, RealSdkId } from './contract/catalog.ts';
import type { ConverterRow, Json, PolicyRow, RealSdkRow, Report } from './report.ts';

/** A policy row as the phases build it: what ships, as a value (null: nothing ships, or JSON null ships; `refused` tells). */
export type ExpandedPolicyRow = Omit<PolicyRow, 'shipsAt'> & { ships: Json | null };
/** A converter row whose policy rows hold their values. */
export type ExpandedConverterRow = Omit<ConverterRow, 'policies'> & { policies: { [K in PolicyId]?: ExpandedPolicyRow } };
/** A real SDK run's row holding the structuredContent it received. */
export type ExpandedRealSdkRow = Omit<RealSdkRow, 'structuredContentAt'> & { structuredContent: Json | null };
/** The Report with each row holding its value (contract v1's shape, `v: 1`): the CLI's `--expanded`. */
export type ExpandedReport = Omit<Report, 'v' | 'values' | 'converters' | 'realSdk'> & {
  v: 1;
  converters: { [K in ConverterId]?: ExpandedConverterRow };
  realSdk: { v1: ExpandedRealSdkRow | null; v2: ExpandedRealSdkRow | null };
};

/** The value a row points at: `values[at]`, or null for a null index (or one the table lacks). */
export function valueAt(report: Pick<Report, 'values'>, at: number | null | undefined): Json | null {
  return at === null || at === undefined ? null : (report.values[at] ?? null);
}

/** What one policy row ships, read from the table. */
export function shipsOf(report: Pick<Report, 'values'>, row: Pick<PolicyRow, 'shipsAt'> | undefined): Json | null {
  return valueAt(report, row?.shipsAt);
}

/** What a real SDK run received as structuredContent, read from the table. */
export function structuredContentOf(report: Pick<Report, 'values'>, run: Pick<RealSdkRow, 'structuredContentAt'> | null | undefined): Json | null {
  return valueAt(report, run?.structuredContentAt);
}

/** The Report as the phases build it: every row pointing into the evaluation's value table, whose `values` come last. */
export type ReportRows = Omit<Report, 'values'>;

/** One evaluation's wire values, each held once; `at` gives a value's index (null for null). */
export interface ValueTable {
  values: Json[];
  at(value: Json | null): number | null;
}

/** The index of each distinct value: the same object is found at once; an equal one (same JSON, same key order) by content. */
export function valueTable(): ValueTable {
  const values: Json[] = [];
  const index = new Map<Json, number>();
  const objects: number[] = [];
  const at = (value: Json | null): number | null => {
    if (value === null) return null;
    let i = index.get(value);
    if (i !== undefined) return i;
    if (typeof value === 'object') {
      // Comparing fails fast on another shape (key count, first key); a value too deep to compare is its own entry.
      i = objects.find((j) => guard(() => sameJson(values[j] as Json, value), () => false));
      if (i === undefined) objects.push((i = values.push(value) - 1));
    } else i = values.push(value) - 1;
    index.set(value, i);
    return i;
  };
  return { values, at };
}

/** A policy row pointing at what it ships, in the table (`shipsAt` first, as contract v1's `ships` was). */
export function policyRow({ ships, ...rest }: ExpandedPolicyRow, table: ValueTable): PolicyRow {
  return { shipsAt: table.at(ships), ...rest };
}

/** A real SDK run's row pointing at the structuredContent it received, in the table. */
export function realSdkRow(run: ExpandedRealSdkRow, table: ValueTable): RealSdkRow {
  const { listed, listError, structuredContent, ...rest } = run;
  return { listed, listError, structuredContentAt: table.at(structuredContent), ...rest };
}

/** The v1 form of a report: each row holding its value (a value shared by rows is one object in memory, written out once per row). */
export function expandReport(report: Report): ExpandedReport {
  const converters: ExpandedReport['converters'] = {};
  for (const [id, row] of Object.entries(report.converters) as Array<[ConverterId, ConverterRow]>) {
    const policies: ExpandedConverterRow['policies'] = {};
    for (const [policy, { shipsAt, ...rest }] of Object.entries(row.policies) as Array<[PolicyId, PolicyRow]>) policies[policy] = { ships: valueAt(report, shipsAt), ...rest };
    converters[id] = { ...row, policies };
  }
  const run = (id: RealSdkId) => realRunOf(report, id);
  const { values: _values, ...rest } = report;
  return { ...rest, v: 1, converters, realSdk: { v1: run('v1'), v2: run('v2') } };
}

/** One real SDK run's row holding the structuredContent it received (null when the run did not happen). */
export function realRunOf(report: Report, id: RealSdkId): ExpandedRealSdkRow | null {
  const r = report.realSdk[id];
  if (!r) return r;
  const { listed, listError, structuredContentAt, ...rest } = r;
  return { listed, listError, structuredContent: valueAt(report, structuredContentAt), ...rest };
}
