/** A hand-built Report for export tests: a passing output case under the zod converter and SDK v1; override any part. */
import type { Report } from '../src/engine/report.ts';
import { tabulate, type ExpandedPolicyRow as PolicyRow, type ExpandedRealSdkRow as RealSdkRow, type ExpandedReport } from '../src/engine/values.ts';

const PASS = { valid: true, message: null };

/** A policy row where every client passes. */
export function policy(over: Partial<PolicyRow> = {}): PolicyRow {
  return { ships: {}, undeclared: [], refused: null, log: null, verdicts: { 'sdk-v1': PASS, 'sdk-v2-node': PASS, 'sdk-v2-browser': PASS }, ...over };
}

/** A real SDK run that listed an object schema and passed. */
export const sdkRow: RealSdkRow = { listed: { type: 'object' }, listError: null, structuredContent: {}, isError: false, text: null, callError: null };

/** The report, with `over` on top (rows holding their values), as evaluate() returns it: its values in a table. */
export function report(over: Partial<ExpandedReport> = {}): Report {
  return tabulate({
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
