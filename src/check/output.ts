/** The three forms of a check's result: a readable table, the `--json` object, JUnit XML. Pure. */
import { CHECK_CLIENTS, type CallVerdict, type CheckResult } from './findings.ts';

/** The result as `--json` prints it (the issue's shape: `client` and `link` only where there is one). */
export function jsonOf(result: CheckResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** The table on stdout: one block per tool (findings, then each call's verdicts), then the summary. */
export function tableOf(result: CheckResult): string {
  const lines: string[] = [`${result.server.name} ${result.server.version}`.trim(), ''];
  for (const tool of result.tools) {
    const errors = tool.findings.filter((f) => f.severity === 'error').length;
    lines.push(`${errors > 0 ? 'FAIL' : 'ok  '}  ${tool.name}${tool.outputSchema === null ? '  (no outputSchema)' : ''}`);
    for (const f of tool.findings) {
      // One line each: a client's message can be multi-line JSON (a zod error); --json keeps it verbatim.
      lines.push(`      ${f.severity.padEnd(7)} ${f.id.padEnd(17)} ${(f.client ?? '').padEnd(14)} ${f.message.replace(/\s*\n\s*/g, ' ')}`);
      if (f.link) lines.push(`${' '.repeat(48)}${f.link}`);
    }
    for (const call of tool.calls) {
      const verdicts = CHECK_CLIENTS.map((c) => `${c} ${verdictWord(call.verdicts[c])}`).join('  ');
      lines.push(`      call ${JSON.stringify(call.arguments)}${call.isError ? ' (isError)' : ''}: ${verdicts}`);
    }
  }
  const { tools, errors, warnings } = result.summary;
  lines.push('', `${tools} tool${tools === 1 ? '' : 's'}, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}

function verdictWord(v: CallVerdict): string {
  return v.valid === null ? 'not validated' : v.valid ? 'PASS' : 'FAIL';
}

/** JUnit XML: one testsuite for the server, one testcase per tool, one failure per error finding (warnings in system-out). */
export function junitOf(result: CheckResult): string {
  const suite = `${result.server.name} ${result.server.version}`.trim();
  const cases = result.tools.map((tool) => {
    const failures = tool.findings
      .filter((f) => f.severity === 'error')
      .map((f) => `      <failure type="${xml(f.id)}" message="${xml(`${f.client ? `${f.client}: ` : ''}${f.message}`)}">${xml([f.message, f.link].filter(Boolean).join('\n'))}</failure>`);
    const warnings = tool.findings.filter((f) => f.severity === 'warning').map((f) => `warning ${f.id}: ${f.message}${f.link ? `\n${f.link}` : ''}`);
    const out = warnings.length > 0 ? [`      <system-out>${xml(warnings.join('\n'))}</system-out>`] : [];
    const body = [...failures, ...out];
    const open = `    <testcase classname="${xml(suite)}" name="${xml(tool.name)}"`;
    return body.length === 0 ? `${open}/>` : [`${open}>`, ...body, '    </testcase>'].join('\n');
  });
  const failures = result.summary.errors;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-schema-playground check" tests="${result.tools.length}" failures="${failures}">`,
    `  <testsuite name="${xml(suite)}" tests="${result.tools.length}" failures="${failures}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Text for an XML attribute or element: the five special characters escaped, and characters XML 1.0 cannot hold dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
