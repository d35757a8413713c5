/**
 * The `python-sdk` client: the Python `mcp` package's own ClientSession, run by python/check_client.py in a
 * subprocess of the CLI. The script connects to the server (for stdio it starts the server command itself, as the other
 * clients do), then answers one JSON line per request: what ClientSession's own list_tools / call_tool did, with the
 * exact text of what it raised and how many times it fetched its output validator. The interpreter is
 * `$MCP_SCHEMA_PLAYGROUND_PYTHON`, else `python3`; without Python ≥ 3.10 and `mcp` the client is not run.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { Json } from '../engine/report.ts';
import type { Target } from './args.ts';
import type { Connection, Exchange } from './connect.ts';

/** The environment variable naming the interpreter (else `python3`). */
export const PYTHON_ENV = 'MCP_SCHEMA_PLAYGROUND_PYTHON';
/** The one line said when the client cannot run here. */
export const PYTHON_NOT_RUN = 'needs Python ≥ 3.10 with the `mcp` package (`pip install mcp`)';

/** Thrown by connectPython when the client cannot run on this machine (not a finding about the server). */
export class NotRun extends Error {}

/** A script of python/: beside dist-cli/ in the package (built CLI), or at the repository root (src/check/ under tsx). */
export function scriptPath(name = 'check_client.py'): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const found = [join(here, '..', 'python'), join(here, '..', '..', 'python')].map((d) => join(d, name)).find((f) => existsSync(f));
  if (found === undefined) throw new NotRun(`${PYTHON_NOT_RUN} (python/${name} is missing beside ${here})`);
  return found;
}

/** The interpreter that runs the Python client. */
export function pythonCommand(): string {
  return process.env[PYTHON_ENV] || 'python3';
}

/** One line of the script's output. */
type Said = { ready: true; versions: Record<string, string | null>; server: { name: string; version: string } } | { notRun: string; detail?: string } | { failed: string } | { ok: boolean; message?: string; validated: number };

/** Starts the script and resolves once its session is initialized; rejects with NotRun, or with why it could not connect. */
export async function connectPython(target: Target, timeoutMs: number): Promise<Connection> {
  const python = pythonCommand();
  const given = { target: target.kind === 'stdio' ? target : { kind: 'http', url: target.url }, timeoutMs };
  const child = spawn(python, [scriptPath(), JSON.stringify(given)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  const next = linesOf(child, (line) => (stderr = `${stderr}${line}\n`.slice(-2000)));
  let spawnError: string | null = null;
  child.on('error', (e) => (spawnError = e.message));
  const stop = () => {
    child.stdin.end();
    child.kill();
  };
  const first = await next(timeoutMs + 5000);
  if (first === null || !('ready' in first)) {
    const ended = child.exitCode !== null || child.signalCode !== null;
    stop();
    if (spawnError !== null) throw new NotRun(`${PYTHON_NOT_RUN} (${python}: ${spawnError})`);
    // The interpreter ended without a word from the script (a Python that cannot read it): this machine, not the server.
    if (first === null && ended) throw new NotRun(`${PYTHON_NOT_RUN} (${python} ended without running the client${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''})`);
    if (first !== null && 'notRun' in first) throw new NotRun(`${first.notRun}${first.detail ? ` (${python}: ${first.detail})` : ''}`);
    const why = first !== null && 'failed' in first ? first.failed : `no answer within ${timeoutMs} ms`;
    throw new Error(`${why}${stderr.trim() ? `; it wrote on stderr:\n${stderr.trim()}` : ''}`);
  }
  let queue = Promise.resolve();
  const ask = (command: Json): Promise<Exchange<unknown>> => {
    const run = queue.then(async (): Promise<Exchange<unknown>> => {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      const said = await next(timeoutMs + 5000);
      if (said === null || !('ok' in said)) return { outcome: { ok: false, message: `the Python client stopped answering${stderr.trim() ? `: ${stderr.trim()}` : ''}` }, raw: [], validated: 0, listChanged: 0 };
      return { outcome: said.ok ? { ok: true, value: null } : { ok: false, message: said.message ?? '' }, raw: [], validated: said.validated, listChanged: 0 };
    });
    queue = run.then(() => undefined);
    return run;
  };
  return {
    client: 'python-sdk',
    server: first.server,
    versions: first.versions,
    listTools: () => ask({ op: 'list' }),
    callTool: (name, args) => ask({ op: 'call', name, arguments: args }),
    close: async () => {
      child.stdin.end();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill(), 5000);
        child.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/**
 * The script's stdout as a queue of parsed lines: `next(ms)` resolves with the next one, or null when the process has
 * ended (or failed to start) or after `ms`. A line that is not JSON goes to `other`.
 */
function linesOf(child: ChildProcessWithoutNullStreams, other: (line: string) => void): (ms: number) => Promise<Said | null> {
  const waiting: Array<(said: Said | null) => void> = [];
  const early: Array<Said | null> = [];
  const deliver = (said: Said | null) => {
    const next = waiting.shift();
    if (next) next(said);
    else early.push(said);
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      deliver(JSON.parse(line) as Said);
    } catch {
      other(line);
    }
  });
  child.on('error', () => deliver(null));
  child.on('close', () => {
    while (waiting.length > 0) deliver(null);
    early.push(null);
  });
  return (ms) =>
    new Promise<Said | null>((resolve) => {
      if (early.length > 0) return resolve(early.shift() as Said | null);
      const timer = setTimeout(() => resolve(null), ms);
      waiting.push((said) => {
        clearTimeout(timer);
        resolve(said);
      });
    });
}
