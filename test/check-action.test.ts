/**
 * The GitHub Action's step (scripts/action.mjs, which action.yml runs) against the SDK 1.32.2 stdio test server, with
 * temporary $GITHUB_STEP_SUMMARY, $GITHUB_OUTPUT and $RUNNER_TEMP. The CLI is this clone's (`node --import tsx
 * src/cli.ts`); on GitHub it is the packed one. The summary is written, fail-on is honoured, the baseline is honoured.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineText } from '../src/check/baseline.ts';
import type { CheckResult } from '../src/check/findings.ts';
import { checkArgs, runAction } from '../scripts/action.mjs';

const ROOT = join(import.meta.dirname, '..');
const CLI = [process.execPath, '--import', 'tsx', join(ROOT, 'src/cli.ts')];
const SERVER = `'${process.execPath}' '${join(ROOT, 'test/check-servers/v1-stdio.mjs')}'`;
// A busy 2-core runner: each run starts the CLI with tsx and three servers.
const RUN_TIMEOUT = 120_000;

/** One run of the step in fresh temporary files; what it wrote there. */
async function step(inputs: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'check-action-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: process.env['HOME'], GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), GITHUB_OUTPUT: join(dir, 'output.txt'), RUNNER_TEMP: dir };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = value;
  writeFileSync(env['GITHUB_STEP_SUMMARY'] as string, '# an earlier step\n');
  const log: string[] = [];
  const code = await runAction({ env, cli: CLI, log: (line) => log.push(line) });
  const outputs = Object.fromEntries(readFileSync(env['GITHUB_OUTPUT'] as string, 'utf8').trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2)));
  return { code, dir, log: log.join('\n'), summary: readFileSync(env['GITHUB_STEP_SUMMARY'] as string, 'utf8'), outputs };
}
const callsFile = (calls: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'check-calls-')), 'calls.json');
  writeFileSync(file, JSON.stringify(calls));
  return file;
};
const INVOICE = callsFile([{ tool: 'get_invoice', arguments: { id: 'i1' } }]);
const USER = callsFile([{ tool: 'get_user', arguments: { id: 'u1' } }]);

describe('the action step', () => {
  it('the inputs become the CLI arguments; a command runs in a shell; exactly one of command and url', () => {
    expect(checkArgs({ INPUT_COMMAND: 'node dist/server.js --stdio', INPUT_CALLS: 'calls.json', INPUT_FAIL_ON: 'warning', INPUT_ENV: 'TOKEN\nMODE', INPUT_CLIENTS: 'sdk-v2-beta5, python-sdk\n' }, { markdown: 'r.md' })).toEqual({
      ok: true,
      args: ['check', '--json', '--markdown', 'r.md', '--fail-on', 'warning', '--calls', 'calls.json', '--env', 'TOKEN', '--env', 'MODE', '--client', 'sdk-v2-beta5', '--client', 'python-sdk', '--', 'sh', '-c', 'node dist/server.js --stdio'],
    });
    expect(checkArgs({ INPUT_URL: 'http://127.0.0.1:3000/mcp', INPUT_PLAYGROUND_URL: 'https://p.example/', INPUT_BASELINE: 'b.json', INPUT_JUNIT: 'j.xml' }, { markdown: 'r.md' })).toMatchObject({
      args: ['check', '--json', '--markdown', 'r.md', '--fail-on', 'error', '--junit', 'j.xml', '--baseline', 'b.json', '--playground', 'https://p.example/', '--url', 'http://127.0.0.1:3000/mcp'],
    });
    expect(checkArgs({ INPUT_URL: 'http://x/mcp', INPUT_COMMAND: 'node s.js' }, { markdown: 'r.md' })).toEqual({ ok: false, error: 'give exactly one of the inputs `command` (a stdio server) and `url` (Streamable HTTP)' });
    expect(checkArgs({ INPUT_URL: 'http://x/mcp', INPUT_FAIL_ON: 'never' }, { markdown: 'r.md' })).toEqual({ ok: false, error: 'the input `fail-on` takes error or warning; got never' });
  });

  it('new error findings: the report appended to the step summary, the counts in the outputs, JUnit written, the step fails', { timeout: RUN_TIMEOUT }, async () => {
    const junit = join(mkdtempSync(join(tmpdir(), 'check-junit-')), 'mcp.xml');
    const run = await step({ command: SERVER, calls: INVOICE, junit, 'playground-url': 'https://playground.example/p/' });
    expect(run.code).toBe(1);
    expect(run.summary.startsWith('# an earlier step\n## MCP schema check: fixture-v1-stdio 1\\.0\\.0\n')).toBe(true);
    expect(run.summary).toContain('### ❌ `get_invoice`');
    expect(run.summary).toContain('| ❌ error | `call-refused` | `sdk-v1` | sdk-v1 refuses the answer of get\\_invoice');
    expect(run.summary).toContain('[open in the playground](<https://playground.example/p/#v1.');
    expect(run.outputs).toMatchObject({ 'exit-code': '1', errors: '3', 'new-errors': '3', fixed: '0' });
    expect(readFileSync(run.outputs['report'] as string, 'utf8')).toBe(run.summary.slice('# an earlier step\n'.length));
    expect(readFileSync(junit, 'utf8')).toContain('<testsuite name="fixture-v1-stdio 1.0.0" tests="7" failures="1" errors="0">');
    expect(run.log).toContain('::error title=mcp-schema-playground check::new findings at fail-on error');
  });

  it('a baseline: the known findings pass the step, and an entry no finding matches is listed as fixed', { timeout: RUN_TIMEOUT }, async () => {
    const first = await step({ command: SERVER, calls: INVOICE });
    const result = JSON.parse(readFileSync(first.outputs['json'] as string, 'utf8')) as CheckResult;
    const known = JSON.parse(baselineText(result)) as { findings: unknown[] };
    // An entry this run does not find: a refusal that was fixed.
    known.findings.push({ tool: 'get_order', id: 'call-refused', client: 'sdk-v2-node' });
    const baseline = join(first.dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify(known));
    const run = await step({ command: SERVER, calls: INVOICE, baseline });
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ 'exit-code': '0', errors: '3', 'new-errors': '0', 'new-warnings': '0', fixed: '1' });
    expect(run.summary).toContain('**0 new errors, 0 new warnings**');
    expect(run.summary).toContain('| ❌ error (known) | `call-refused` | `sdk-v1` |');
    expect(run.summary).toContain('### ✅ Fixed since the baseline\n\n| tool | finding | client |\n| --- | --- | --- |\n| `get_order` | `call-refused` | `sdk-v2-node` |');
  });

  it('fail-on: warnings alone pass at error and fail at warning', { timeout: RUN_TIMEOUT }, async () => {
    const [atError, atWarning] = [await step({ command: SERVER, calls: USER }), await step({ command: SERVER, calls: USER, 'fail-on': 'warning' })];
    expect(atError.code).toBe(0);
    expect(atError.outputs).toMatchObject({ errors: '0', 'new-warnings': '5' });
    expect(atError.summary).toContain('### ⚠️ `get_user`');
    expect(atWarning.code).toBe(1);
    expect(atWarning.outputs).toMatchObject({ 'exit-code': '1' });
  });

  it('clients: an opt-in client runs and its findings are in the summary; an unknown one is a wrong input (exit 2)', { timeout: RUN_TIMEOUT }, async () => {
    const run = await step({ command: SERVER, calls: INVOICE, clients: 'sdk-v2-beta5' });
    expect(run.code).toBe(1);
    expect(run.summary).toContain('| ❌ error | `dialect-refused` | `sdk-v2-beta5` |');
    const unknown = await step({ command: SERVER, clients: 'ruby-sdk' });
    expect(unknown.code).toBe(2);
    expect(unknown.summary).toContain('--client takes one of sdk-v2-beta5, python-sdk; got ruby-sdk');
  });

  it('a server that cannot be checked, and wrong inputs: exit 2 and a summary saying why', { timeout: RUN_TIMEOUT }, async () => {
    const down = await step({ command: `${SERVER} --exit` });
    expect(down.code).toBe(2);
    expect(down.summary).toContain('The server could not be checked (exit 2):');
    expect(down.summary).toContain('fixture server: refusing to start');
    const wrong = await step({ command: SERVER, url: 'http://127.0.0.1:1/mcp' });
    expect(wrong.code).toBe(2);
    expect(wrong.summary).toContain('Not run: give exactly one of the inputs `command` (a stdio server) and `url` (Streamable HTTP).');
    expect(wrong.outputs).toEqual({ 'exit-code': '2' });
  });
});
