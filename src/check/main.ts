/**
 * `mcp-schema-playground check …` (also `npm run -s check-server -- …`): the table (or --json) on stdout, progress on
 * stderr, --junit, --markdown and --write-baseline to files, --baseline read. Exit 0: no new finding at --fail-on's
 * level; 1: at least one; 2: no client could connect, the server could not be checked, or the usage is wrong. The exit
 * code is the check's even when stdout's reader has gone (`check --json | head`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { messageOf } from '../engine/lib/message.ts';
import { parseCheckArgs, USAGE, type CheckOptions } from './args.ts';
import { applyBaseline, baselineText, newFindings, parseBaseline } from './baseline.ts';
import type { BaselineEntry, CheckResult } from './findings.ts';
import { markdownOf } from './markdown.ts';
import { jsonOf, junitOf, tableOf } from './output.ts';
import { runCheck } from './run.ts';

/** Runs the command; resolves with its exit code once stdout has taken the output (or its reader has gone). */
export async function checkMain(argv: string[]): Promise<number> {
  const parsed = parseCheckArgs(argv, (path) => readFileSync(path, 'utf8'), process.env);
  if (!parsed.ok && parsed.error === 'help') {
    await toStdout(`${USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) {
    process.stderr.write(`check: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  const { options } = parsed;
  const known = options.baseline === null ? null : readBaseline(options.baseline);
  if (typeof known === 'string') {
    process.stderr.write(`check: ${known}\n`);
    return 2;
  }
  const outcome = await runCheck(options, (line) => process.stderr.write(`check: ${line}\n`));
  if (!outcome.ok) {
    process.stderr.write(`check: the server could not be checked: ${outcome.error}\n`);
    return 2;
  }
  const result = known === null ? outcome.result : applyBaseline(outcome.result, known);
  const written = writeFiles(options, result);
  if (written !== null) {
    process.stderr.write(`check: ${written}\n`);
    return 2;
  }
  await toStdout(options.json ? jsonOf(result) : tableOf(result));
  return exitCode(result, options.failOn);
}

/** 1 when a finding the baseline does not list is at least as severe as `failOn`, else 0. */
export function exitCode(result: CheckResult, failOn: CheckOptions['failOn']): 0 | 1 {
  return newFindings(result).some((f) => failOn === 'warning' || f.severity === 'error') ? 1 : 0;
}

function readBaseline(path: string): BaselineEntry[] | string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return `cannot read --baseline ${path}: ${messageOf(e)}`;
  }
  const entries = parseBaseline(text);
  return typeof entries === 'string' ? `--baseline ${path}: ${entries}` : entries;
}

/** Writes --junit, --markdown and --write-baseline; null, or why one could not be written. */
function writeFiles(options: CheckOptions, result: CheckResult): string | null {
  const files: Array<[string, string | null, () => string]> = [
    ['--junit', options.junit, () => junitOf(result)],
    ['--markdown', options.markdown, () => markdownOf(result)],
    ['--write-baseline', options.writeBaseline, () => baselineText(result)],
  ];
  for (const [flag, path, text] of files) {
    if (path === null) continue;
    try {
      writeFileSync(path, text());
    } catch (e) {
      return `cannot write ${flag} ${path}: ${messageOf(e)}`;
    }
  }
  return null;
}

/**
 * Resolves once stdout has taken the text, or once its reader has gone (EPIPE: `| head` closed the pipe). Without a
 * listener, that EPIPE would be an uncaught 'error' event (emitted after the write's callback) and end the process
 * with an exit code of its own; the listener stays, as more writes may fail the same way.
 */
function toStdout(text: string): Promise<void> {
  if (!process.stdout.listeners('error').includes(ignoreEpipe)) process.stdout.on('error', ignoreEpipe);
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (e) => (!e || (e as NodeJS.ErrnoException).code === 'EPIPE' ? resolve() : reject(e)));
  });
}

function ignoreEpipe(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EPIPE') process.stderr.write(`check: cannot write to stdout: ${e.message}\n`);
}
