/** Server-side fixes: a policy choice, or the handler code that does what it does. Verified by the report in hand. */
import { POLICY_ENTRIES } from '../contract/catalog.ts';
import type { Report } from '../report.ts';
import type { FixCandidate, FixTarget } from './types.ts';

/** The handler code that ships the parsed answer (what `strip` does), for a schema named `name`. */
export function stripHandler(name: string): string {
  return [
    '// In the tool handler: ship what the schema declares; zod drops the undeclared keys.',
    `const structuredContent = ${name}.parse(result);`,
    'return { structuredContent, content: [{ type: "text", text: JSON.stringify(structuredContent) }] };',
  ].join('\n');
}

/**
 * For each other policy under which the selected client already passes in this report (a real validator run), the
 * choice of that policy; and when `strip` passes, the handler code that does the same with the published SDKs.
 */
export function serverFixes(report: Report, target: FixTarget, schemaName: string): FixCandidate[] {
  const policies = report.converters[target.converter]?.policies ?? {};
  const out: FixCandidate[] = [];
  for (const entry of POLICY_ENTRIES) {
    if (entry.id === target.policy || policies[entry.id]?.verdicts[target.client]?.valid !== true) continue;
    if (entry.id === 'strip') out.push({ kind: 'handler-strip', title: 'Strip undeclared keys in the tool handler', schema: null, answer: null, edits: [], copy: stripHandler(schemaName), verifiedBy: 'strip' });
    out.push({ kind: 'policy', title: `Choose the ${entry.title} policy`, schema: null, answer: null, edits: [], copy: `${entry.title}: ${entry.summary}`, verifiedBy: entry.id });
  }
  return out;
}
