/**
 * The command line: `mcp-schema-playground <command> …`, `help [command]`, `--help`, `--version`. Each command is one
 * row of COMMANDS (its one-line summary, its usage, how it runs); a command's own module loads only when it runs, so
 * `--help` and `--version` start no engine.
 */
import { USAGE as CHECK_USAGE } from '../check/args.ts';
import { packageVersion } from './package.ts';
import { EVALUATE_USAGE } from './usage.ts';
import type { EvaluateIo } from './evaluate.ts';

/** What the command line reads and writes: the process's files and streams in src/cli.ts, strings in a test. */
export type CliIo = EvaluateIo;

interface Command {
  /** One line for `--help`. */
  summary: string;
  /** What `help <command>` and `<command> --help` print. */
  usage: string;
  /** Runs the command with the arguments after its name; resolves with the exit code. */
  run(argv: string[], io: CliIo): Promise<number>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  evaluate: {
    summary: 'evaluate a case file (or - for standard input) and print its Report as JSON',
    usage: EVALUATE_USAGE,
    run: async (argv, io) => (await import('./evaluate.ts')).evaluateMain(argv, io),
  },
  check: {
    summary: "check a live MCP server's tools (stdio or Streamable HTTP) with the real SDK clients",
    usage: CHECK_USAGE,
    // check writes to the process's streams itself (progress on stderr as it goes).
    run: async (argv) => (await import('../check/main.ts')).checkMain(argv),
  },
};

const NAME = 'mcp-schema-playground';
const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));

/** The top-level usage: every command with its one line. */
export const USAGE = [
  `usage: ${NAME} <command> [options]`,
  '',
  'commands:',
  ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
  '',
  `${NAME} help <command>   a command's options (the same as <command> --help)`,
  `${NAME} --version        the package version`,
].join('\n');

/** Runs the command line; resolves with the exit code (2: no command, an unknown one, or a wrong usage). */
export async function cliMain(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    await io.out(`${packageVersion()}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || (first === 'help' && rest.length === 0)) {
    await io.out(`${USAGE}\n`);
    return 0;
  }
  if (first === 'help') {
    const command = commandOf(rest[0]);
    if (!command || rest.length > 1) return unknown(rest.join(' '), io);
    await io.out(`${command.usage}\n`);
    return 0;
  }
  if (first === undefined) {
    io.err(`${USAGE}\n`);
    return 2;
  }
  const command = commandOf(first);
  return command ? command.run(rest, io) : unknown(first, io);
}

function commandOf(name: string | undefined): Command | undefined {
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

function unknown(name: string, io: CliIo): number {
  io.err(`${NAME}: unknown command ${JSON.stringify(name)}\n${USAGE}\n`);
  return 2;
}
