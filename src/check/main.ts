/**
 * `mcp-schema-playground check …` (also `npm run -s check-server -- …`): the table (or --json) on stdout, progress on
 * stderr, --junit to a file. Exit 0: no error finding; 1: at least one; 2: the server could not be checked or the
 * usage is wrong.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { messageOf } from '../engine/lib/message.ts';
import { parseCheckArgs, USAGE } from './args.ts';
import { jsonOf, junitOf, tableOf } from './output.ts';
import { runCheck } from './run.ts';

/** Runs the command; resolves with its exit code once stdout has taken the output. */
export async function checkMain(argv: string[]): Promise<number> {
  const parsed = parseCheckArgs(argv, (path) => readFileSync(path, 'utf8'), process.env);
  if (!parsed.ok && parsed.error === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) {
    process.stderr.write(`check: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  const { options } = parsed;
  const outcome = await runCheck(options, (line) => process.stderr.write(`check: ${line}\n`));
  if (!outcome.ok) {
    process.stderr.write(`check: the server could not be checked: ${outcome.error}\n`);
    return 2;
  }
  const { result } = outcome;
  if (options.junit !== null) {
    try {
      writeFileSync(options.junit, junitOf(result));
    } catch (e) {
      process.stderr.write(`check: cannot write --junit ${options.junit}: ${messageOf(e)}\n`);
      return 2;
    }
  }
  await new Promise<void>((resolve, reject) => process.stdout.write(options.json ? jsonOf(result) : tableOf(result), (e) => (e ? reject(e) : resolve())));
  return result.summary.errors > 0 ? 1 : 0;
}
