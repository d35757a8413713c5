/**
 * The check's result as GitHub-flavoured Markdown, for a step summary or a PR comment: a headline with the counts, a
 * table per tool that has findings (finding, client, message, link), a long or multi-line message folded in
 * `<details>`, and the baseline's fixed entries. Every text from the server or a client is escaped, so it cannot end
 * a cell, open a tag, make a link or mention someone. Pure.
 */
import type { BaselineEntry, CheckResult, Finding } from './findings.ts';
import { clientLine } from './output.ts';

/** Past this many characters (or with a line break) a message is folded: its start shows, the rest opens on a click. */
const FOLD_AT = 240;

export function markdownOf(result: CheckResult): string {
  const { tools, errors, warnings } = result.summary;
  const name = text(`${result.server.name} ${result.server.version}`.trim());
  const lines = [`## MCP schema check: ${name}`, ''];
  const counts = `${count(errors, 'error')}, ${count(warnings, 'warning')} in ${count(tools, 'tool')}`;
  const base = result.baseline;
  lines.push(base ? `**${count(base.new.errors, 'new error')}, ${count(base.new.warnings, 'new warning')}** (${counts}; the baseline knows ${base.known}, ${base.fixed.length} fixed)` : `**${counts}**`);
  lines.push('');
  if (result.clients) lines.push(...result.clients.map((run) => `${text(clientLine(run))}  `), '');
  if (result.findings.length > 0) lines.push(...table('The server', result.findings, base !== undefined));
  const clean: string[] = [];
  for (const tool of result.tools) {
    if (tool.findings.length === 0) clean.push(tool.name);
    else lines.push(...table(toolName(tool.name), tool.findings, base !== undefined));
  }
  if (clean.length > 0) lines.push(`No findings: ${clean.map(toolName).join(', ')}.`, '');
  if (base && base.fixed.length > 0) lines.push(...fixedTable(base.fixed));
  return `${lines.join('\n').trimEnd()}\n`;
}

function table(title: string, findings: Finding[], baselined: boolean): string[] {
  const failing = findings.some((f) => f.severity === 'error' && !f.known);
  const rows = findings.map((f) => {
    const severity = `${f.severity === 'error' ? '❌ error' : '⚠️ warning'}${baselined ? (f.known ? ' (known)' : ' (new)') : ''}`;
    const link = f.link ? `[open in the playground](<${f.link.replace(/[<>\s]/g, encodeURIComponent)}>)` : '';
    return `| ${severity} | \`${code(f.id, true)}\` | ${f.client ? `\`${f.client}\`` : ''} | ${message(f.message)} | ${link} |`;
  });
  return [`### ${failing ? '❌' : '⚠️'} ${title}`, '', '| severity | finding | client | message | link |', '| --- | --- | --- | --- | --- |', ...rows, ''];
}

function fixedTable(fixed: BaselineEntry[]): string[] {
  const rows = fixed.map((e) => `| ${e.tool === null ? '(the server)' : `\`${code(e.tool, true)}\``} | \`${code(e.id, true)}\` | ${e.client ? `\`${e.client}\`` : ''} |`);
  return ['### ✅ Fixed since the baseline', '', '| tool | finding | client |', '| --- | --- | --- |', ...rows, ''];
}

/** A message cell: short ones as they are, long or multi-line ones folded in `<details>` (a table cell is one line). */
function message(said: string): string {
  if (said.length <= FOLD_AT && !/[\r\n]/.test(said)) return text(said);
  const head = said.split(/[\r\n]/)[0]?.slice(0, FOLD_AT - 80) ?? '';
  return `<details><summary>${text(head)}…</summary>${text(said)}</details>`;
}

/**
 * Text for a table cell: the HTML specials as entities, the Markdown punctuation that can start markup inline (and `.`
 * and `:`, which GitHub's autolinks read) backslash-escaped, a
 * zero-width space after `@` (so a package name is no mention), line breaks as `<br>`, indents and edge spaces as
 * entities.
 */
export function text(said: string): string {
  return said
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)
    .replace(/[\\`*_[\]#.|~:]/g, '\\$&')
    .replace(/@(?=\w)/g, '@&#8203;')
    .replace(/\r\n|\r|\n/g, '<br>')
    // A line's indent (a JSON error's) as no-break spaces, which HTML keeps; a cell's edge spaces would be trimmed.
    .replace(/(?<=<br>) +/g, (spaces) => '&nbsp;'.repeat(spaces.length))
    .replace(/^ +| +$/g, (spaces) => '&#32;'.repeat(spaces.length));
}

/** A tool's name as a code span (a blank one, which a code span cannot show, in words). */
function toolName(name: string): string {
  return name.trim() === '' ? '(a tool with a blank name)' : `\`${code(name)}\``;
}

/** Text inside a code span: backticks cannot end it (they become ˋ); in a table cell, a pipe cannot end the cell. */
function code(said: string, inTable = false): string {
  const one = said.replace(/`/g, 'ˋ').replace(/\r\n|\r|\n/g, ' ');
  return inTable ? one.replace(/\|/g, '\\|') : one;
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
