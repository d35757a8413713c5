/** A hand-built Report for export tests: a passing output case under the zod converter and SDK v1; override any part. */
import type { Report } from '../src/engine/report.ts';
import type { ConverterRow } from '../src/engine/report.ts';
import { policyRow, realSdkRow, valueTable, type ExpandedPolicyRow as PolicyRow, type ExpandedRealSdkRow as RealSdkRow, type ExpandedReport } from '../src/engine/values.ts';

const PASS = { valid: true, message: null };

/** A policy row where every client passes. */
export function policy(over: Partial<PolicyRow> = {}): PolicyRow {
  return { ships: {}, undeclared: [], refused: null, log: null, verdicts: { 'sdk-v1': PASS, 'sdk-v2-node': PASS, 'sdk-v2-browser': PASS }, ...over };
}

/** A real SDK run that listed an object schema and passed. */
export const sdkRow: RealSdkRow = { listed: { type: 'object' }, listError: null, structuredContent: {}, isError: false, text: null, callError: null };

/** The report, with `over` on top (rows holding their values), as evaluate() returns it: its values in a table. */
export function report(over: Partial<ExpandedReport> = {}): Report {
  return withTable({
    v: 1,
    role: 'output',
    tool: 't',
    load: { ok: true },
    answer: { ok: true },
    converters: { zod: { listed: { type: 'object' }, listError: null, warning: null, policies: { raw: policy() } } },
    realSdk: { v1: sdkRow, v2: null },
    versions: { zod: '4.6.7', '@modelcontextprotocol/sdk': '1.32.2' },
    ...over,
  });
}

/** The Report of a report whose rows hold their values: rows pointing into a table of them, as evaluate() builds it. */
function withTable(expanded: ExpandedReport): Report {
  const table = valueTable();
  const converters: Report['converters'] = {};
  for (const [id, row] of Object.entries(expanded.converters) as Array<[keyof Report['converters'], NonNullable<ExpandedReport['converters'][keyof Report['converters']]>]>) {
    const policies: ConverterRow['policies'] = {};
    for (const [p, r] of Object.entries(row.policies) as Array<[keyof ConverterRow['policies'], PolicyRow]>) policies[p] = policyRow(r, table);
    converters[id] = { ...row, policies };
  }
  const run = (r: RealSdkRow | null) => r && realSdkRow(r, table);
  return { ...expanded, v: 2, converters, realSdk: { v1: run(expanded.realSdk.v1), v2: run(expanded.realSdk.v2) }, values: table.values };
}
