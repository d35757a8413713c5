/** The page's check of what the sandbox sends back: a report must match the Report contract before anything renders it. */
import * as z from 'zod/mini';
import { ReportSchema, type Report } from '../engine/report.ts';

// The app page's CSP has no 'unsafe-eval': zod's JIT would probe `new Function` and be refused (a CSP violation each load).
z.config({ jitless: true });

/** The sentence a malformed report is shown with. */
export const MALFORMED = 'the sandbox returned a malformed report';

/** How much of a field's path and of zod's message the sentence quotes. */
const MAX_QUOTE = 160;

/** The report, checked; or the sentence saying which field is wrong (bounded, whatever the report holds). */
export function checkReport(value: unknown): { ok: true; report: Report } | { ok: false; message: string } {
  const result = z.safeParse(ReportSchema, value);
  if (result.success) return { ok: true, report: result.data };
  const [first, ...rest] = result.error.issues;
  const where = clip(first?.path.map(String).join('.') || '(the report itself)');
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '';
  return { ok: false, message: `${MALFORMED}: ${where}: ${clip(first?.message ?? 'invalid')}${more}` };
}

function clip(text: string): string {
  return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}…` : text;
}
