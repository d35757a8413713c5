/**
 * The command line's composition root (the package's `bin`, built by vite.cli.config.ts; `npm run evaluate` and
 * `npm run check-server` in a clone): src/cli/main.ts with this process's files and streams. The exit code is what
 * the command returns; 1 when it throws.
 */
import { readFileSync } from 'node:fs';
import { messageOf } from './engine/lib/message.ts';
import { cliMain } from './cli/main.ts';
import type { Report } from './engine/report.ts';

/** The console of this process made silent: the Report is all `evaluate` prints on stdout. */
function quietConsole(): void {
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) console[m] = () => undefined;
}

/** Resolves once stdout has taken the whole text: a pipe is written asynchronously, and process.exit drops what is pending. */
function writeAll(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (e) => (e ? reject(e) : resolve())));
}

/**
 * A case file is someone's code: it runs in a hardened realm of its own (src/node-realm), as a link does in the browser.
 * For `evaluate` of a file the realm starts before the case is read, so that its worker loads the engine meanwhile; not
 * when the case comes on standard input, whose synchronous read a starting worker can make fail (a non-blocking
 * descriptor), and not for its usage.
 */
function caseRealm(argv: readonly string[]): (c: unknown) => Promise<Report> {
  const startsEarly = argv[0] === 'evaluate' && !argv.some((a) => a === '-' || a === '--help' || a === '-h');
  const realm = startsEarly ? import('./node-realm/host.ts').then((m) => m.startRealm()) : null;
  return async (c) => (await (realm ?? import('./node-realm/host.ts').then((m) => m.startRealm()))).evaluate(c);
}

const argv = process.argv.slice(2);
// `evaluate`'s output goes through process.stdout/stderr; the SDKs' console chatter (tool-name warnings, a zod
// without `~standard.jsonSchema`) is not part of it.
if (argv[0] === 'evaluate') quietConsole();
cliMain(argv, {
  read: (file) => readFileSync(file === '-' ? 0 : file, 'utf8'),
  out: writeAll,
  err: (text) => process.stderr.write(text),
  evaluate: caseRealm(argv),
}).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${messageOf(e)}\n`);
    process.exit(1);
  },
);
