/**
 * The command line's composition root: `check …` runs the live-server check (src/check/main.ts); `evaluate …` or no
 * subcommand evaluates a case file (src/cli/evaluate.ts) with this process's files and streams. The exit code is
 * what the subcommand returns; 1 when it throws.
 */
import { readFileSync } from 'node:fs';
import { messageOf } from './engine/lib/message.ts';

async function dispatch(argv: string[]): Promise<number> {
  if (argv[0] === 'check') return (await import('./check/main.ts')).checkMain(argv.slice(1));
  // The case's realm starts first, so that its worker loads the engine while this thread reads the case; not when the
  // case comes on standard input, whose synchronous read a starting worker can make fail (a non-blocking descriptor).
  const { startRealm } = await import('./node-realm/host.ts');
  const early = argv.includes('-') ? null : startRealm();
  const { evaluateMain } = await import('./cli/evaluate.ts');
  // The CLI's own output goes through process.stdout/stderr; the SDKs' console chatter (tool-name warnings, a zod
  // without `~standard.jsonSchema`) is not part of it.
  quietConsole();
  return evaluateMain(argv[0] === 'evaluate' ? argv.slice(1) : argv, {
    read: (file) => readFileSync(file === '-' ? 0 : file, 'utf8'),
    out: writeAll,
    err: (text) => process.stderr.write(text),
    // A case file is someone's code: it runs in a hardened realm of its own, as a link does in the browser.
    evaluate: (c) => (early ?? startRealm()).evaluate(c),
  });
}

/** The console of this process made silent: the Report is all `evaluate` prints on stdout. */
function quietConsole(): void {
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) console[m] = () => undefined;
}

/** Resolves once stdout has taken the whole text: a pipe is written asynchronously, and process.exit drops what is pending. */
function writeAll(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (e) => (e ? reject(e) : resolve())));
}

dispatch(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${messageOf(e)}\n`);
    process.exit(1);
  },
);
