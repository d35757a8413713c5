/**
 * The command line's composition root (the package's `bin`, built by vite.cli.config.ts; `npm run evaluate` and
 * `npm run check-server` in a clone): src/cli/main.ts with this process's files and streams. The exit code is what
 * the command returns; 1 when it throws.
 */
import { readFileSync } from 'node:fs';
import { messageOf } from './engine/lib/message.ts';
import { cliMain } from './cli/main.ts';

/** The console of this process made silent: the Report is all `evaluate` prints on stdout. */
function quietConsole(): void {
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) console[m] = () => undefined;
}

/** Resolves once stdout has taken the whole text: a pipe is written asynchronously, and process.exit drops what is pending. */
function writeAll(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (e) => (e ? reject(e) : resolve())));
}

const argv = process.argv.slice(2);
// `evaluate`'s output goes through process.stdout/stderr; the SDKs' console chatter (tool-name warnings, a zod
// without `~standard.jsonSchema`) is not part of it.
if (argv[0] === 'evaluate') quietConsole();
cliMain(argv, {
  read: (file) => readFileSync(file === '-' ? 0 : file, 'utf8'),
  out: writeAll,
  err: (text) => process.stderr.write(text),
}).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${messageOf(e)}\n`);
    process.exit(1);
  },
);
