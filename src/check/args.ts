/**
 * The `check` command line, read: `check [--json] [--junit FILE] [--markdown FILE] [--baseline FILE]
 * [--write-baseline FILE] [--fail-on error|warning] [--call TOOL=ARGS_JSON]... [--calls FILE] [--timeout MS]
 * [--env NAME[=VALUE]]... [--client NAME]... [--playground URL] (-- <command> [args...] | --url URL)`. Pure: the calls file's text is
 * passed in by the caller.
 */
import { parseArgs } from 'node:util';
import type { Json } from '../engine/report.ts';
import { messageOf } from '../engine/lib/message.ts';
import { OPT_IN_CLIENTS, type OptInClient } from './findings.ts';

/** The server under check: a command started over stdio, or a Streamable HTTP endpoint. */
export type Target = { kind: 'stdio'; command: string; args: string[]; env: Record<string, string> } | { kind: 'http'; url: string };

/** A tool call to make: the tool's name and its arguments. */
export interface CallSpec {
  tool: string;
  arguments: Json;
}

/** What the command line asks for. */
export interface CheckOptions {
  target: Target;
  calls: CallSpec[];
  json: boolean;
  junit: string | null;
  /** Also write the Markdown report (a step summary, a PR comment) to this file. */
  markdown: string | null;
  /** The known findings: they do not fail the run. */
  baseline: string | null;
  /** Write this run's findings as a baseline to this file. */
  writeBaseline: string | null;
  /** The least severity of a new finding that makes the exit code 1. */
  failOn: 'error' | 'warning';
  /** The bound on connecting and on each request, in ms (the SDKs' own default request timeout is 60 000). */
  timeoutMs: number;
  /** The playground the findings' links open (their `#v1.…` fragment is appended). */
  playground: string;
  /** The opt-in clients to run besides the three default ones (`--client NAME`, repeatable). */
  clients: OptInClient[];
}

/** The SDKs' default request timeout, and the most --timeout may be. */
export const MAX_TIMEOUT_MS = 60_000;
/** Where `npm start` serves the playground (there is no public instance yet). */
export const DEFAULT_PLAYGROUND = 'http://localhost:5173/';
/** The environment variable that sets the playground when --playground is not given. */
export const PLAYGROUND_ENV = 'MCP_SCHEMA_PLAYGROUND_URL';

export const USAGE = [
  'usage: mcp-schema-playground check [--json] [--junit FILE] [--call TOOL=ARGS_JSON]... [--calls FILE] -- <command> [args...]',
  '       mcp-schema-playground check [options] --url http://127.0.0.1:PORT/mcp',
  '  --call TOOL=ARGS_JSON  call TOOL with these arguments (a JSON object); repeatable',
  '  --calls FILE           a JSON file [{ "tool": "...", "arguments": {...} }, ...]',
  '  --json                 print the result as JSON instead of a table',
  '  --junit FILE           also write JUnit XML to FILE',
  '  --markdown FILE        also write a Markdown report to FILE (a step summary, a PR comment)',
  '  --baseline FILE        the known findings (by tool, finding id, client): they do not fail the run; new ones do',
  '  --write-baseline FILE  write this run\'s findings to FILE as a baseline',
  '  --fail-on LEVEL        error (default): exit 1 on a new error finding; warning: on any new finding',
  `  --timeout MS           give up on a server that does not answer after MS ms (default and most: ${MAX_TIMEOUT_MS})`,
  `  --client NAME          also run this opt-in client (${OPT_IN_CLIENTS.join(', ')}); repeatable`,
  '  --env NAME[=VALUE]     pass this variable to a stdio server (it gets only HOME, LOGNAME, PATH, SHELL, TERM, USER otherwise)',
  `  --playground URL       the playground the findings' links open (default $${PLAYGROUND_ENV}, else ${DEFAULT_PLAYGROUND})`,
  'exit: 0 no new finding at --fail-on, 1 at least one, 2 no client could connect, the server could not be checked or the usage is wrong',
].join('\n');

const FLAGS = {
  json: { type: 'boolean' },
  junit: { type: 'string' },
  call: { type: 'string', multiple: true },
  calls: { type: 'string' },
  url: { type: 'string' },
  timeout: { type: 'string' },
  env: { type: 'string', multiple: true },
  client: { type: 'string', multiple: true },
  playground: { type: 'string' },
  markdown: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  'fail-on': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options, or the sentence saying what is wrong with the command line. `readFile` reads the --calls file. */
export function parseCheckArgs(argv: string[], readFile: (path: string) => string, environment: NodeJS.ProcessEnv = {}): { ok: true; options: CheckOptions } | { ok: false; error: string } {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof FLAGS; strict: true }>>['values'];
  try {
    ({ values } = parseArgs({ args: own, options: FLAGS, strict: true }));
  } catch (e) {
    return { ok: false, error: messageOf(e) };
  }
  if (values.help) return { ok: false, error: 'help' };
  const target = targetOf(values.url, command, values.env ?? [], environment);
  if (typeof target === 'string') return { ok: false, error: target };
  const calls: CallSpec[] = [];
  for (const given of values.call ?? []) {
    const call = callOf(given);
    if (typeof call === 'string') return { ok: false, error: call };
    calls.push(call);
  }
  if (values.calls !== undefined) {
    const more = callsFile(values.calls, readFile);
    if (typeof more === 'string') return { ok: false, error: more };
    calls.push(...more);
  }
  const timeoutMs = values.timeout === undefined ? MAX_TIMEOUT_MS : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) return { ok: false, error: `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}; got ${values.timeout}` };
  const fromEnv = environment[PLAYGROUND_ENV] || undefined;
  const playground = values.playground ?? fromEnv ?? DEFAULT_PLAYGROUND;
  if (!URL.canParse(playground) || !/^https?:$/.test(new URL(playground).protocol)) {
    return { ok: false, error: `${values.playground === undefined ? PLAYGROUND_ENV : '--playground'} takes an http:// or https:// URL; got ${playground}` };
  }
  const failOn = values['fail-on'] ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning') return { ok: false, error: `--fail-on takes error or warning; got ${failOn}` };
  const clients: OptInClient[] = [];
  for (const name of values.client ?? []) {
    const known = OPT_IN_CLIENTS.find((c) => c === name);
    if (known === undefined) return { ok: false, error: `--client takes one of ${OPT_IN_CLIENTS.join(', ')}; got ${name}` };
    if (!clients.includes(known)) clients.push(known);
  }
  const files = { junit: values.junit ?? null, markdown: values.markdown ?? null, baseline: values.baseline ?? null, writeBaseline: values['write-baseline'] ?? null };
  return { ok: true, options: { target, calls, json: values.json ?? false, ...files, failOn, timeoutMs, playground, clients } };
}

function targetOf(url: string | undefined, command: string[], env: string[], environment: NodeJS.ProcessEnv): Target | string {
  if (url !== undefined && command.length > 0) return 'give either --url or a command after --, not both';
  if (url !== undefined) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return `--url takes an http:// or https:// URL; got ${url}`;
    return { kind: 'http', url };
  }
  const [head, ...rest] = command;
  if (head === undefined) return 'no server to check: give a command after -- (a stdio server) or --url (Streamable HTTP)';
  const vars: Record<string, string> = {};
  for (const e of env) {
    const at = e.indexOf('=');
    const name = at === -1 ? e : e.slice(0, at);
    const value = at === -1 ? environment[name] : e.slice(at + 1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `--env takes NAME or NAME=VALUE; got ${e}`;
    if (value !== undefined) vars[name] = value;
  }
  return { kind: 'stdio', command: head, args: rest, env: vars };
}

/** `TOOL=ARGS_JSON`: the arguments must be a JSON object (an empty text means `{}`). */
function callOf(given: string): CallSpec | string {
  const at = given.indexOf('=');
  const tool = at === -1 ? given : given.slice(0, at);
  const text = at === -1 ? '' : given.slice(at + 1);
  if (tool === '') return `--call takes TOOL=ARGS_JSON; got ${JSON.stringify(given)}`;
  if (text.trim() === '') return { tool, arguments: {} };
  let args: unknown;
  try {
    args = JSON.parse(text);
  } catch (e) {
    return `--call ${tool}: the arguments are not JSON (${messageOf(e)}): ${text}`;
  }
  if (!isObject(args)) return `--call ${tool}: the arguments must be a JSON object; got ${text}`;
  return { tool, arguments: args as Json };
}

function callsFile(path: string, readFile: (path: string) => string): CallSpec[] | string {
  let data: unknown;
  try {
    data = JSON.parse(readFile(path));
  } catch (e) {
    return `--calls ${path}: ${messageOf(e)}`;
  }
  if (!Array.isArray(data)) return `--calls ${path}: expected a JSON array [{ "tool": "...", "arguments": {...} }]`;
  const out: CallSpec[] = [];
  for (const [i, entry] of data.entries()) {
    if (!isObject(entry) || typeof entry['tool'] !== 'string' || entry['tool'] === '') return `--calls ${path}: entry ${i} needs a "tool" name`;
    const args = entry['arguments'] ?? {};
    if (!isObject(args)) return `--calls ${path}: entry ${i} ("${entry['tool']}"): "arguments" must be a JSON object`;
    out.push({ tool: entry['tool'], arguments: args as Json });
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
