/**
 * `mcp-schema-playground evaluate <case.json|-> [--zod V] [--sdk V] [--server V] [--answer-form F] [--protocol P] [--tool NAME] [--expanded] [--client python-sdk]`: prints the
 * Report as JSON, as evaluate() returns it (contract v2: each wire value once in `values`, rows pointing at it); with
 * `--expanded`, in contract v1's form (each row holding its value). With `--client python-sdk`, it prints
 * `{ "report": <the same Report>, "clients": { "python-sdk": … } }`: the Python client's verdicts sit beside the Report. The flags override the case file's `versions`,
 * `answerForm` and `protocol`; `--help` prints the usage (exit 0). In a clone, `npm run evaluate -- …`. One rule for the exit code: 0 when it
 * evaluated (a schema or answer the engine cannot use is reported in the Report); 2, with a message on stderr and nothing on stdout,
 * when there is no case to evaluate: no file or an unknown flag, a file that cannot be read as JSON, or a version,
 * answer form or protocol that does not exist, given by a flag or in the file (the message lists the available ones).
 */
import { parseArgs } from 'node:util';
import { registerWorlds } from '../worlds-node/register.ts';
import * as z from 'zod/mini';
import { CaseSchema, caseVersions } from '../engine/case.ts';
import { DEFAULT_VERSIONS } from '../engine/contract/versions.ts';
import { messageOf } from '../engine/lib/message.ts';
import { expandReport } from '../engine/values.ts';
import type { Report } from '../engine/report.ts';
import { EVALUATE_CLIENTS, EVALUATE_USAGE as USAGE, type EvaluateClient } from './usage.ts';


/** What `evaluate` reads and writes: the process's files and streams in src/cli.ts, strings in a test. */
export interface EvaluateIo {
  /** The text of the case file, or of standard input for `-`; throws when it cannot be read. */
  read(file: string): string;
  /** Writes the Report; resolves once it is written whole. */
  out(text: string): Promise<void>;
  err(text: string): void;
  /** Where the case runs: the CLI's hardened realm (src/node-realm/host.ts); absent, evaluate() in this realm. */
  evaluate?(c: unknown): Promise<Report>;
}

const FLAGS = { client: { type: 'string', multiple: true }, zod: { type: 'string' }, sdk: { type: 'string' }, server: { type: 'string' }, 'answer-form': { type: 'string' }, protocol: { type: 'string' }, expanded: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, tool: { type: 'string' } } as const;

/** The exit code: 0 when it evaluated, 2 when there is no case to evaluate (the reason written to `err`). */
export async function evaluateMain(argv: string[], io: EvaluateIo): Promise<number> {
  let args: ReturnType<typeof parseArgs<{ args: string[]; options: typeof FLAGS; allowPositionals: true }>>;
  try {
    args = parseArgs({ args: argv, options: FLAGS, allowPositionals: true });
  } catch (e) {
    io.err(`${messageOf(e)}\n${USAGE}\n`);
    return 2;
  }
  if (args.values.help) {
    await io.out(`${USAGE}\n`);
    return 0;
  }
  const file = args.positionals[0];
  if (!file || args.positionals.length > 1) {
    io.err(`${USAGE}\n`);
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(io.read(file));
  } catch (e) {
    io.err(`cannot read the case ${file === '-' ? 'from standard input' : file}: ${messageOf(e)}\n`);
    return 2;
  }
  const picked = withFlags(data, args.values);
  if (!picked.ok) {
    io.err(`${picked.error}\n`);
    return 2;
  }
  const clients = clientsOf(args.values.client);
  if (typeof clients === 'string') {
    io.err(`${clients}\n`);
    return 2;
  }
  // In-process only when no realm is given (a test's own evaluate): the CLI's main thread never loads the loader.
  const report = await (io.evaluate ?? (await import('../engine/evaluate.ts')).evaluate)(picked.data);
  const shown = args.values.expanded ? expandReport(report) : report;
  if (clients.length === 0) {
    await io.out(`${JSON.stringify(shown, null, 2)}\n`);
    return 0;
  }
  // The clients the CLI adds run beside the Report, on the data it holds (never the case's code), and stay out of it:
  // the Report is the one the browser gives for the same case.
  const { pythonRun } = await import('./python-sdk.ts');
  const python = await pythonRun(report, picked.data as { answer?: unknown });
  if ('notRun' in python) io.err(`python-sdk: not run: ${python.notRun}\n`);
  await io.out(`${JSON.stringify({ report: shown, clients: { 'python-sdk': python } }, null, 2)}\n`);
  return 0;
}

/** The clients asked for by `--client` (each once), or the message refusing one the CLI does not have. */
function clientsOf(given: string[] | undefined): EvaluateClient[] | string {
  const names = (given ?? []).flatMap((g) => g.split(',')).map((n) => n.trim()).filter((n) => n !== '');
  const unknown = names.filter((n) => !(EVALUATE_CLIENTS as readonly string[]).includes(n));
  if (unknown.length > 0) return `Unknown client ${unknown.map((n) => JSON.stringify(n)).join(', ')} for evaluate: available ${EVALUATE_CLIENTS.join(', ')}`;
  return [...new Set(names)] as EvaluateClient[];
}

/** The case with the flags over its `versions`, `answerForm` and `protocol`, or the message refusing a version or form that does not exist. */
function withFlags(data: unknown, flags: { zod?: string; sdk?: string; server?: string; 'answer-form'?: string; protocol?: string; tool?: string }): { ok: true; data: unknown } | { ok: false; error: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: true, data };
  // The tool by name: the case's `tool` (the name the Report carries) and `registered` (which of a paste's registered tools is checked).
  const own = (flags.tool === undefined ? data : { ...data, tool: flags.tool, registered: flags.tool }) as { versions?: unknown; answerForm?: unknown };
  const given = { zod: flags.zod, sdk: flags.sdk, server: flags.server };
  const fromFile = typeof own.versions === 'object' && own.versions !== null ? own.versions : {};
  const versions = { ...fromFile, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const out = { ...own, ...(Object.keys(versions).length > 0 ? { versions } : {}), ...(flags['answer-form'] ? { answerForm: flags['answer-form'] } : {}), ...(flags.protocol ? { protocol: flags.protocol } : {}) };
  const checked = z.pick(CaseSchema, { versions: true, answerForm: true, protocol: true }).safeParse(out);
  if (!checked.success) return { ok: false, error: checked.error.issues.map((i) => i.message).join('\n') };
  const run = caseVersions(checked.data);
  // Only a non-default world needs the Node hook: the default world resolves every module as before.
  if (run.zod !== DEFAULT_VERSIONS.zod || run.sdk !== DEFAULT_VERSIONS.sdk || run.server !== DEFAULT_VERSIONS.server) {
    registerWorlds();
  }
  return { ok: true, data: out };
}
