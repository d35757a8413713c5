/** The Markdown bug report: the case, the listing, each policy's verdict, what the real SDKs did, and the versions. */
import { type ClientId, type ConverterId, entryOf, POLICY_IDS, REAL_SDK_ENTRIES } from '../engine/contract/catalog.ts';
import { type Json, type PolicyRow, type Report } from '../engine/report.ts';
import { answerProblem, capitalized } from '../ui/answerProblem.ts';
import { elidedInfo, isElided } from '../sandbox/elide.ts';
import { checkToolName, showHidden } from '../engine/tool-name.ts';
import { realRunOf, type ExpandedRealSdkRow } from '../engine/values.ts';
import type { Case } from '../engine/case.ts';

/** What the report needs of a case (the store's case, or a Case). */
export type ReportCase = Pick<Case, 'schema' | 'answer'>;

/** A code block longer than this many characters is cut, with a note (GitHub refuses issue bodies over 65,536). */
export const MAX_BLOCK_CHARS = 20_000;

/** A JSON block of more lines than this is folded in `<details>`, so the verdicts are not pages below the headline. */
export const FOLD_JSON_LINES = 15;

/** The report as Markdown. Deterministic: the same arguments give the same text. */
export function bugReportMarkdown(c: ReportCase, report: Report, opts: { converter: ConverterId; client: ClientId; permalink: string }): string {
  const { converter, client } = opts;
  const field = report.role === 'output' ? 'outputSchema' : 'inputSchema';
  const row = report.converters[converter];
  const out: string[] = [
    `# ${codeSpan(showHidden(report.tool).replace(/\s+/g, ' '))}: ${headline(report, converter, client)}`,
    '',
    `Open the case in MCP Schema Playground: <${opts.permalink}>`,
    '',
    ...toolNameSection(report.tool),
    `## Schema (${field})`,
    '',
    ...block('ts', c.schema, 'schema'),
    '',
    `## ${report.role === 'output' ? 'Answer' : 'Arguments'}`,
    '',
    ...block('json', c.answer, report.role === 'output' ? 'answer' : 'arguments'),
  ];
  if (!report.load.ok) out.push('', '**The schema does not load:**', '', ...block('text', positioned(report.load.error)));
  if (!report.answer.ok) out.push('', `**${capitalized(answerProblem(report.role, report.answer.error))}:**`, '', ...block('text', positioned(report.answer.error)));
  if (row) {
    out.push('', `## Listed ${field} (${converter})`, '');
    if (row.listError) out.push('`tools/list` fails:', '', ...block('text', row.listError));
    else if (row.listed === null) out.push(`No ${field} is listed.`);
    else out.push(...block('json', JSON.stringify(row.listed, null, 2), 'listing'));
    if (row.warning) out.push('', 'Warning:', '', ...block('text', row.warning));
    const policies = POLICY_IDS.flatMap((id) => (row.policies[id] ? [[id, row.policies[id]] as const] : []));
    if (policies.length > 0) {
      out.push('', `## Verdicts of ${codeSpan(client)} by shipping policy`, '', '| Policy | Undeclared keys | Verdict | Message |', '| --- | --- | --- | --- |');
      for (const [id, p] of policies) {
        out.push(`| ${id} | ${cell([p.undeclared.join(', '), p.unjudged ? `not judged: ${p.unjudged}` : ''].filter(Boolean).join('; ') || 'none')} | ${verdictWord(p, client)} | ${cell(verdictMessage(p, client, field))} |`);
      }
    }
  }
  out.push('', '## What the real SDKs did');
  for (const sdk of REAL_SDK_ENTRIES) {
    const version = report.versions[sdk.pkg];
    out.push('', `**${cell(sdk.pkg)}${version ? ` ${cell(version)}` : ''}** (${sdk.title})`, '', ...realRun(realRunOf(report, sdk.id), report.role, field));
  }
  out.push('', '## Versions', '');
  // The names and versions come from the sandbox: inline-escaped, as no text there may open a fence or a heading.
  for (const name of Object.keys(report.versions).sort()) out.push(`- ${cell(name)} ${cell(report.versions[name] ?? '')}`);
  return `${out.join('\n')}\n`;
}

/** The SDK's warnings about the tool name and the playground's refusal, if any; invisible characters shown as \u escapes. */
function toolNameSection(tool: string): string[] {
  const { refusal, warnings } = checkToolName(tool);
  if (!refusal && warnings.length === 0) return [];
  const out = ['## Tool name', ''];
  if (refusal) out.push(`**The playground refuses this name:** ${cell(refusal)}`, '');
  if (warnings.length > 0) out.push(`${codeSpan(entryOf(REAL_SDK_ENTRIES, 'v1').pkg)} warns when it registers this name:`, '', ...block('text', warnings.map(showHidden).join('\n')), '');
  return out;
}

function headline(report: Report, converter: ConverterId, client: ClientId): string {
  if (!report.load.ok) return 'the schema does not load';
  if (!report.answer.ok) return answerProblem(report.role, report.answer.error);
  const row = report.converters[converter];
  if (row?.listError) return `tools/list fails under ${converter}`;
  const verdict = row?.policies.raw?.verdicts[client];
  const what = report.role === 'output' ? 'the answer' : 'the arguments';
  const by = `(${converter} listing, raw policy)`;
  if (!verdict) return `no verdict ${by}`;
  if (verdict.valid === null) return `${client} does not validate ${what} ${by}`;
  return `${client} ${verdict.valid ? 'accepts' : 'rejects'} ${what} ${by}`;
}

function verdictWord(p: PolicyRow, client: ClientId): string {
  const valid = p.verdicts[client].valid;
  return valid === null ? 'not validated' : valid ? 'PASS' : 'FAIL';
}

function verdictMessage(p: PolicyRow, client: ClientId, field: string): string {
  const { valid, message } = p.verdicts[client];
  if (message) return message;
  if (p.refused) return `refused by the server: ${p.refused}`;
  return valid === null ? `no ${field} is listed, so the client does not validate` : '';
}

function realRun(run: ExpandedRealSdkRow | null, role: Report['role'], field: string): string[] {
  if (!run) return ['Did not run.'];
  const out: string[] = [];
  if (run.listError) out.push('- `tools/list` fails:', '', ...block('text', run.listError, undefined, '  '));
  else out.push(run.listed === null ? `- \`tools/list\` lists no ${field}.` : `- \`tools/list\` lists an ${field}.`);
  if (run.callError) out.push('- `tools/call`: the client throws:', '', ...block('text', run.callError, undefined, '  '));
  else if (run.isError) out.push('- `tools/call`: the server answers `isError`:', '', ...block('text', run.text ?? '(no text)', undefined, '  '));
  else if (role === 'input') out.push('- `tools/call`: the handler receives:', '', ...block('json', run.text ?? '(nothing)', undefined, '  '));
  else if (isElided(run.structuredContent)) out.push(`- \`tools/call\` passes; \`structuredContent\`: ${elidedInfo(run.structuredContent).summary} (too large to include)`);
  else out.push('- `tools/call` passes; `structuredContent`:', '', ...block('json', JSON.stringify(run.structuredContent satisfies Json | null, null, 2), 'structuredContent', '  '));
  return out;
}

function positioned(error: { message: string; line?: number; column?: number }): string {
  return error.line === undefined ? error.message : `${error.message} (line ${error.line}, column ${error.column ?? 1})`;
}

/**
 * A fenced block longer than any backtick run inside it; cut past MAX_BLOCK_CHARS with a note naming `what`. A JSON
 * block over FOLD_JSON_LINES lines is folded in `<details>` whose summary names `what` (fixed words, never case text).
 */
function block(lang: string, text: string, what?: string, indent = ''): string[] {
  const body = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const cut = truncate(body);
  const fence = '`'.repeat(Math.max(3, longestBackticks(cut) + 1));
  const bodyLines = cut.split('\n');
  const lines = [`${fence}${lang}`, ...bodyLines, fence].map((l) => (l === '' ? l : indent + l));
  if (cut.length < body.length) {
    lines.push('', `${indent}_The ${what ?? 'text'} is cut here: ${thousands(cut.length)} of its ${thousands(body.length)} characters are shown; the permalink holds all of it._`);
  }
  if (lang !== 'json' || what === undefined || bodyLines.length <= FOLD_JSON_LINES) return lines;
  // Blank lines around the block: Markdown reads a fence inside an HTML block only when one ends the HTML before it.
  return [`${indent}<details><summary>The ${what} (${thousands(body.split('\n').length)} lines of JSON)</summary>`, '', ...lines, '', `${indent}</details>`];
}

function truncate(text: string): string {
  if (text.length <= MAX_BLOCK_CHARS) return text;
  // Cut at a line end near the limit where there is one, never inside a surrogate pair.
  const newline = text.lastIndexOf('\n', MAX_BLOCK_CHARS);
  let end = newline > MAX_BLOCK_CHARS * 0.8 ? newline : MAX_BLOCK_CHARS;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

function longestBackticks(text: string): number {
  let best = 0;
  for (const m of text.matchAll(/`+/g)) best = Math.max(best, m[0].length);
  return best;
}

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Inline code that holds any text: a backtick fence longer than the text's own runs, padded where it starts or ends with one. */
function codeSpan(text: string): string {
  const fence = '`'.repeat(longestBackticks(text) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text for a GFM table cell or any inline spot: inline Markdown and HTML escaped, pipes escaped, line breaks as <br>. */
function cell(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|&~$]/g, (ch) => `\\${ch}`)
    .replace(/\r\n?|\n/g, '<br>');
}
