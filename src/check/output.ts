/** The three forms of a check's result: a readable table, the `--json` object, JUnit XML. Pure. */
import { ALL_CLIENTS, type CallVerdict, type CheckResult, type ClientRun, type Finding } from './findings.ts';

/** The result as `--json` prints it (the issue's shape: `client` and `link` only where there is one). */
export function jsonOf(result: CheckResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** The table on stdout: one block per tool (findings, then each call's verdicts), then the summary. */
export function tableOf(result: CheckResult): string {
  const lines: string[] = [`${result.server.name} ${result.server.version}`.trim(), ''];
  const findingLines = (findings: Finding[]) => {
    for (const f of findings) {
      // One line each: a client's message can be multi-line JSON (a zod error); --json keeps it verbatim.
      lines.push(`      ${f.severity.padEnd(7)} ${f.id.padEnd(17)} ${(f.client ?? '').padEnd(14)} ${f.message.replace(/\s*\n\s*/g, ' ')}`);
      if (f.link) lines.push(`${' '.repeat(48)}${f.link}`);
    }
  };
  const absent = new Set(result.findings.filter((f) => f.id === 'connect-failed').map((f) => f.client));
  if (result.findings.length > 0) {
    lines.push(`${result.findings.some((f) => f.severity === 'error') ? 'FAIL' : 'ok  '}  (server)`);
    findingLines(result.findings);
  }
  for (const tool of result.tools) {
    const errors = tool.findings.filter((f) => f.severity === 'error').length;
    lines.push(`${errors > 0 ? 'FAIL' : 'ok  '}  ${tool.name}${tool.outputSchema === null ? '  (no outputSchema)' : ''}`);
    findingLines(tool.findings);
    for (const call of tool.calls) {
      const verdicts = ALL_CLIENTS.flatMap((c) => {
        const verdict = call.verdicts[c];
        return verdict ? [`${c} ${absent.has(c) ? 'not connected' : verdictWord(verdict)}`] : [];
      }).join('  ');
      lines.push(`      call ${JSON.stringify(call.arguments)}${call.isError ? ' (isError)' : ''}: ${verdicts}`);
    }
  }
  const { tools, errors, warnings } = result.summary;
  if (result.clients) lines.push('', ...result.clients.map(clientLine));
  lines.push('', `${tools} tool${tools === 1 ? '' : 's'}, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}

/** An opt-in client's line: the packages that ran, or why it did not run. */
export function clientLine(run: ClientRun): string {
  if ('notRun' in run) return `${run.client}: not run: ${run.notRun}`;
  return `${run.client}: ${Object.entries(run.versions).map(([name, version]) => `${name} ${version ?? '(version unknown)'}`).join(', ')}`;
}

function verdictWord(v: CallVerdict): string {
  return v.valid === null ? 'not validated' : v.valid ? 'PASS' : 'FAIL';
}

/**
 * JUnit XML: one testsuite for the server, one testcase per tool (and one named "(server)" when the server as a whole
 * has findings). A testcase with error findings has one failure holding all of them; warnings go in system-out.
 * `failures` counts the failing testcases.
 */
export function junitOf(result: CheckResult): string {
  const suite = `${result.server.name} ${result.server.version}`.trim();
  const subjects = [...(result.findings.length > 0 ? [{ name: '(server)', findings: result.findings }] : []), ...result.tools];
  let failing = 0;
  const cases = subjects.map((subject) => {
    const errors = subject.findings.filter((f) => f.severity === 'error');
    const body: string[] = [];
    if (errors.length > 0) {
      failing += 1;
      const type = [...new Set(errors.map((f) => f.id))].join(' ');
      const message = `${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.map(label).join(', ')}`;
      const text = errors.map((f) => [`${label(f)}: ${f.message}`, f.link].filter(Boolean).join('\n')).join('\n\n');
      body.push(`      <failure type="${xml(type)}" message="${xml(message)}">${xml(text)}</failure>`);
    }
    const warnings = subject.findings.filter((f) => f.severity === 'warning').map((f) => `warning ${label(f)}: ${f.message}${f.link ? `\n${f.link}` : ''}`);
    if (warnings.length > 0) body.push(`      <system-out>${xml(warnings.join('\n'))}</system-out>`);
    const open = `    <testcase classname="${xml(suite)}" name="${xml(subject.name)}"`;
    return body.length === 0 ? `${open}/>` : [`${open}>`, ...body, '    </testcase>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-schema-playground check" tests="${subjects.length}" failures="${failing}">`,
    `  <testsuite name="${xml(suite)}" tests="${subjects.length}" failures="${failing}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** A finding's id, with the client it concerns. */
function label(f: Finding): string {
  return f.client ? `${f.id} (${f.client})` : f.id;
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
