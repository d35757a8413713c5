/**
 * The GitHub Action's step (action.yml runs it; a test runs it with temporary files): runs `check` against the
 * server the inputs name, appends its Markdown report to $GITHUB_STEP_SUMMARY, writes the counts to $GITHUB_OUTPUT,
 * and exits as the check did under `fail-on` (0 pass, 1 a new finding at that level, 2 the server could not be
 * checked or an input is wrong).
 *
 *   node scripts/action.mjs <the CLI command...>     e.g. node scripts/action.mjs "$RUNNER_TEMP/msp/node_modules/.bin/mcp-schema-playground"
 *
 * Inputs come as the environment action.yml sets: INPUT_COMMAND (a stdio server, run by `sh -c`) or INPUT_URL,
 * INPUT_CALLS, INPUT_JUNIT, INPUT_FAIL_ON, INPUT_BASELINE, INPUT_PLAYGROUND_URL, INPUT_ENV (names of variables to pass
 * to a stdio server, one a line), INPUT_CLIENTS (opt-in clients, each passed as `--client NAME`). Plain Node, no dependencies: it runs before anything is installed.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** GitHub shows at most 1 MiB of a step's summary. */
const SUMMARY_LIMIT = 1024 * 1024 - 4096;

/**
 * The CLI's arguments for these inputs, or why the inputs are wrong.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ markdown: string }} files
 * @returns {{ ok: true, args: string[] } | { ok: false, error: string }}
 */
export function checkArgs(env, files) {
  const input = (/** @type {string} */ name) => (env[`INPUT_${name}`] ?? '').trim();
  const [command, url] = [input('COMMAND'), input('URL')];
  if ((command === '') === (url === '')) return { ok: false, error: 'give exactly one of the inputs `command` (a stdio server) and `url` (Streamable HTTP)' };
  const failOn = input('FAIL_ON') || 'error';
  if (failOn !== 'error' && failOn !== 'warning') return { ok: false, error: `the input \`fail-on\` takes error or warning; got ${failOn}` };
  const args = ['check', '--json', '--markdown', files.markdown, '--fail-on', failOn];
  for (const [name, flag] of [['CALLS', '--calls'], ['JUNIT', '--junit'], ['BASELINE', '--baseline'], ['PLAYGROUND_URL', '--playground']]) {
    if (input(name) !== '') args.push(flag, input(name));
  }
  for (const name of input('ENV').split(/\s+/).filter(Boolean)) args.push('--env', name);
  // The CLI checks the names (an unknown one: exit 2, with the clients it has).
  for (const name of input('CLIENTS').split(/[\s,]+/).filter(Boolean)) args.push('--client', name);
  args.push(...(url !== '' ? ['--url', url] : ['--', 'sh', '-c', command]));
  return { ok: true, args };
}

/**
 * Runs the step; resolves with its exit code.
 * @param {{ env: NodeJS.ProcessEnv, cli: string[], log?: (line: string) => void }} step
 * @returns {Promise<number>}
 */
export async function runAction({ env, cli, log = (line) => process.stderr.write(`${line}\n`) }) {
  const dir = mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), 'mcp-check-'));
  const files = { markdown: join(dir, 'report.md'), json: join(dir, 'report.json') };
  const parsed = checkArgs(env, files);
  if (!parsed.ok) {
    log(`::error title=mcp-schema-playground check::${parsed.error}`);
    summarize(env, `## MCP schema check\n\nNot run: ${parsed.error}.\n`);
    output(env, { 'exit-code': 2 });
    return 2;
  }
  const [program, ...before] = cli;
  if (program === undefined) throw new Error('usage: node scripts/action.mjs <the CLI command...>');
  const run = await spawned(program, [...before, ...parsed.args], env);
  writeFileSync(files.json, run.stdout);
  if (run.code !== 0 && run.code !== 1) {
    const said = run.stderr.trim().split('\n').slice(-20).join('\n');
    log(`::error title=mcp-schema-playground check::the server could not be checked (exit ${run.code})`);
    summarize(env, `## MCP schema check\n\nThe server could not be checked (exit ${run.code}):\n\n\`\`\`\`text\n${said.replace(/````/g, '` ` ` `')}\n\`\`\`\`\n`);
    output(env, { 'exit-code': run.code ?? 2 });
    return 2;
  }
  const result = JSON.parse(run.stdout);
  summarize(env, readFileSync(files.markdown, 'utf8'));
  const base = result.baseline;
  output(env, {
    'exit-code': run.code,
    errors: result.summary.errors,
    warnings: result.summary.warnings,
    'new-errors': base ? base.new.errors : result.summary.errors,
    'new-warnings': base ? base.new.warnings : result.summary.warnings,
    fixed: base ? base.fixed.length : 0,
    report: files.markdown,
    json: files.json,
  });
  if (run.code === 1) log(`::error title=mcp-schema-playground check::new findings at fail-on ${checkFailOn(parsed.args)}: see the step summary`);
  return run.code;
}

/** @param {string[]} args */
function checkFailOn(args) {
  return args[args.indexOf('--fail-on') + 1];
}

/**
 * Appends to the step summary, cut to what GitHub shows (the whole report stays in the `report` output's file).
 * @param {NodeJS.ProcessEnv} env
 * @param {string} markdown
 */
function summarize(env, markdown) {
  if (!env.GITHUB_STEP_SUMMARY) return;
  let text = markdown;
  if (Buffer.byteLength(text) > SUMMARY_LIMIT) {
    const cut = Buffer.from(text).subarray(0, SUMMARY_LIMIT).toString('utf8');
    text = `${cut.slice(0, cut.lastIndexOf('\n'))}\n\n…the report is longer than a step summary holds; the whole of it is the file in the \`report\` output.\n`;
  }
  appendFileSync(env.GITHUB_STEP_SUMMARY, text);
}

/**
 * Writes `name=value` lines to $GITHUB_OUTPUT (every value here is one line).
 * @param {NodeJS.ProcessEnv} env
 * @param {Record<string, string | number | null>} values
 */
function output(env, values) {
  if (!env.GITHUB_OUTPUT) return;
  appendFileSync(env.GITHUB_OUTPUT, Object.entries(values).map(([k, v]) => `${k}=${String(v).replace(/[\r\n]/g, ' ')}\n`).join(''));
}

/**
 * Runs the CLI: stdout kept (the JSON), stderr kept and passed on (its progress lines go to the step's log).
 * @param {string} program
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function spawned(program, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runAction({ env: process.env, cli: process.argv.slice(2) });
}
