/**
 * `check` against real servers: an SDK 1.32.2 server over stdio and an SDK 2.4.0 server over Streamable
 * HTTP (test/check-servers/), each with honest tools and each pitfall. Each server is checked once per file and the
 * results shared. Every verdict is the real client's; each finding's link, evaluated by the engine, gives that verdict.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_CLIENTS, type CheckClient } from '../src/check/findings.ts';
import { SDK_VERSION } from '../src/check/connect.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { checkMain } from '../src/check/main.ts';
import { tableOf } from '../src/check/output.ts';
import { runCheck, type CheckOutcome, type RunOptions } from '../src/check/run.ts';
import type { CallSpec, Target } from '../src/check/args.ts';
import type { CheckResult, Finding, ToolRecord } from '../src/check/findings.ts';
import { startV2Http } from './check-servers/v2-http.mjs';

const ROOT = join(import.meta.dirname, '..');
const V1_STDIO = join(ROOT, 'test/check-servers/v1-stdio.mjs');
const stdio = (...args: string[]): Target => ({ kind: 'stdio', command: process.execPath, args: [V1_STDIO, ...args], env: {} });
const CALLS: CallSpec[] = [
  { tool: 'get_user', arguments: { id: 'u1' } },
  { tool: 'get_invoice', arguments: { id: 'i1' } },
  { tool: 'get_order', arguments: { id: 'o1' } },
  { tool: 'list_items', arguments: {} },
  { tool: 'find_user', arguments: { id: 'nobody' } },
  { tool: 'echo', arguments: { text: 'hi' } },
];
const options = (target: Target, more: Partial<RunOptions> = {}): RunOptions => ({ target, calls: CALLS, json: false, junit: null, timeoutMs: 20_000, playground: 'http://localhost:5173/', ...more });
const quiet = () => undefined;

let v2: { url: string; close(): Promise<void> };
let overStdio: CheckResult;
let overHttp: CheckResult;

function resultOf(outcome: CheckOutcome): CheckResult {
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.result;
}
const tool = (r: CheckResult, name: string): ToolRecord => r.tools.find((t) => t.name === name) ?? expect.unreachable(`no tool ${name}`);
const ids = (t: ToolRecord) => t.findings.map((f) => `${f.id}${f.client ? `@${f.client}` : ''}`).sort();

beforeAll(async () => {
  v2 = await startV2Http();
  [overStdio, overHttp] = (await Promise.all([runCheck(options(stdio()), quiet), runCheck(options({ kind: 'http', url: v2.url }), quiet)])).map(resultOf) as [CheckResult, CheckResult];
}, 120_000);
afterAll(() => v2?.close());

describe.each([
  ['SDK 1.32.2 over stdio', () => overStdio, 'fixture-v1-stdio'],
  ['SDK 2.4.0 over Streamable HTTP', () => overHttp, 'fixture-v2-http'],
] as const)('check: %s', (_, result, serverName) => {
  it('names the server and lists every tool with its listing', () => {
    expect(result().server.name).toBe(serverName);
    expect(result().tools.map((t) => t.name).sort()).toEqual(['echo', 'find_user', 'get_invoice', 'get_order', 'get_user', 'hang', 'list_items']);
    expect(tool(result(), 'echo').outputSchema).toBeNull();
    expect(tool(result(), 'echo').inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
  });

  it('passes an honest tool under every client', () => {
    const t = tool(result(), 'get_user');
    expect(t.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(t.calls).toEqual([{ arguments: { id: 'u1' }, isError: false, structuredContent: { id: 'u1', name: 'Ada' }, verdicts: Object.fromEntries(CHECK_CLIENTS.map((c) => [c, { valid: true, message: null }])) }]);
  });

  it('an undeclared key: a closed-object warning, and every client refuses the real answer with its own message', () => {
    const t = tool(result(), 'get_invoice');
    expect(ids(t)).toEqual(['call-refused@sdk-v1', 'call-refused@sdk-v2-browser', 'call-refused@sdk-v2-node', 'closed-object']);
    expect(t.calls[0]?.structuredContent).toEqual({ id: 'i1', total: 12, costCenter: 'CC-7' });
    expect(t.calls[0]?.verdicts).toEqual({
      'sdk-v1': { valid: false, message: "MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties" },
      'sdk-v2-node': { valid: false, message: "Structured content does not match the tool's output schema: data must NOT have additional properties" },
      'sdk-v2-browser': { valid: false, message: 'Structured content does not match the tool\'s output schema: #: Property "costCenter" does not match additional properties schema.; #/costCenter: False boolean schema.' },
    });
  });

  it('a defaulted key the answer omits: listed as required (warning), and refused', () => {
    const t = tool(result(), 'get_order');
    expect(ids(t)).toEqual(['call-refused@sdk-v1', 'call-refused@sdk-v2-browser', 'call-refused@sdk-v2-node', 'closed-object', 'default-required']);
    expect(t.findings.find((f) => f.id === 'default-required')?.message).toContain('count (outputSchema)');
    expect(t.calls[0]?.verdicts['sdk-v2-node'].message).toBe("Structured content does not match the tool's output schema: data must have required property 'count'");
  });

  it('an isError result with mismatched structuredContent: v1 refuses it, the v2 clients skip it', () => {
    const t = tool(result(), 'find_user');
    expect(ids(t)).toEqual(['call-is-error', 'call-refused@sdk-v1', 'closed-object']);
    expect(t.calls[0]).toMatchObject({ isError: true, structuredContent: { error: 'not_found', id: 'nobody' } });
    expect(t.calls[0]?.verdicts['sdk-v1'].message).toBe("MCP error -32602: Structured content does not match the tool's output schema: data must have required property 'name', data must NOT have additional properties");
    expect(t.calls[0]?.verdicts['sdk-v2-node']).toEqual({ valid: null, message: null });
    expect(t.calls[0]?.verdicts['sdk-v2-browser']).toEqual({ valid: null, message: null });
  });

  it('a tool with an inputSchema only: nothing to validate, no finding', () => {
    const t = tool(result(), 'echo');
    expect(t.findings).toEqual([]);
    expect(t.calls[0]?.verdicts['sdk-v1']).toEqual({ valid: null, message: null });
  });

  it("each call finding's link opens the listing and the real answer, and the playground reaches every client's same verdict", async () => {
    const linked = result().tools.flatMap((t) => t.findings.filter((f) => f.link && (f.id === 'call-refused' || f.id === 'call-is-error')).map((f) => ({ t, f })));
    expect(linked.length).toBeGreaterThanOrEqual(8);
    for (const { t, f } of linked) {
      const opened = openLink(f);
      if (f.client) expect(opened.client).toBe(f.client);
      const report = await evaluate({ v: 1, ...opened });
      const verdicts = report.converters['mcp-sdk-v1']?.policies.raw?.verdicts;
      const inLink = Object.fromEntries(CHECK_CLIENTS.map((c) => [c, { valid: verdicts?.[c].valid, message: verdicts?.[c].message }]));
      expect({ tool: t.name, verdicts: inLink }).toEqual({ tool: t.name, verdicts: t.calls[0]?.verdicts });
    }
  });
});

describe('check: array outputs', () => {
  it('SDK 1.32.2 lists no outputSchema for an array output and every call comes back isError', () => {
    const t = tool(overStdio, 'list_items');
    expect(t.outputSchema).toBeNull();
    expect(ids(t)).toEqual(['call-is-error']);
    expect(t.findings[0]?.message).toContain("Cannot read properties of undefined (reading '_zod')");
  });

  it('SDK 2.4.0 lists it wrapped in { result } and ships it so: every client passes it', () => {
    const t = tool(overHttp, 'list_items');
    expect(t.outputSchema).toMatchObject({ type: 'object', required: ['result'] });
    expect(t.calls[0]?.structuredContent).toEqual({ result: [{ id: 'a' }, { id: 'b' }] });
    expect(Object.values(t.calls[0]?.verdicts ?? {})).toEqual([{ valid: true, message: null }, { valid: true, message: null }, { valid: true, message: null }]);
  });
});

describe('check: a non-object root', () => {
  it('every client refuses the whole tools/list: the tool gets non-object-root, every call of every tool is refused with that message', async () => {
    const calls = [{ tool: 'get_user', arguments: {} }];
    const result = resultOf(await runCheck(options(stdio('--array-root'), { calls }), quiet));
    const root = tool(result, 'list_users').findings;
    expect(root.map((f) => f.id)).toEqual(['non-object-root']);
    expect(root[0]?.message).toContain('outputSchema has a non-object root (type "array")');
    const verdicts = tool(result, 'get_user').calls[0]?.verdicts;
    expect(verdicts?.['sdk-v1']).toEqual({ valid: false, message: expect.stringContaining('Invalid input: expected \\"object\\"') });
    expect(verdicts?.['sdk-v2-node'].message).toMatch(/^Invalid result for tools\/list: /);
    expect(verdicts?.['sdk-v2-browser'].message).toBe(verdicts?.['sdk-v2-node'].message);
    expect(ids(tool(result, 'get_user'))).toEqual(['call-refused@sdk-v1', 'call-refused@sdk-v2-browser', 'call-refused@sdk-v2-node']);
  });
});

describe('check: servers that cannot be checked', () => {
  it('a server that exits at start: what it said, and no result', async () => {
    const outcome = await runCheck(options(stdio('--exit')), quiet);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toContain('fixture server: refusing to start');
  });

  it('a server that never answers is cut off after --timeout', async () => {
    const outcome = await runCheck(options(stdio('--silent'), { timeoutMs: 1500 }), quiet);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/sdk-v1 could not connect to .*: .*(timed out|no answer within)/i);
  });

  it('a URL where nothing listens', async () => {
    // A port that was free a moment ago.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const url = `http://127.0.0.1:${port}/mcp`;
    const outcome = await runCheck(options({ kind: 'http', url }, { timeoutMs: 5000 }), quiet);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toBe(`sdk-v1, sdk-v2-node, sdk-v2-browser could not connect to ${url}: fetch failed: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it("a call that never comes back is cut off after --timeout: call-failed, with each client's own message", async () => {
    const result = resultOf(await runCheck(options({ kind: 'http', url: v2.url }, { timeoutMs: 1500, calls: [{ tool: 'hang', arguments: {} }] }), quiet));
    const t = tool(result, 'hang');
    expect(ids(t)).toEqual(['call-failed']);
    expect(t.findings[0]?.message).toBe("hang({}): no answer came: sdk-v1: MCP error -32001: Request timed out; sdk-v2-node: Request timed out; sdk-v2-browser: Request timed out");
  });

  it('a --call naming a tool the server does not list', async () => {
    const outcome = await runCheck(options({ kind: 'http', url: v2.url }, { calls: [{ tool: 'nope', arguments: {} }] }), quiet);
    expect(!outcome.ok && outcome.error).toContain('the server lists no tool named nope (it lists: get_user');
  });
});

describe('check: the command', () => {
  it('exit 2 for bad usage: no target, and --call with invalid JSON', async () => {
    const said: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (said.push(String(s)), true));
    try {
      expect(await checkMain([])).toBe(2);
      expect(await checkMain(['--call', 'get_user={id:1}', '--url', v2.url])).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(said.join('')).toContain('no server to check: give a command after -- (a stdio server) or --url');
    expect(said.join('')).toContain('--call get_user: the arguments are not JSON');
  });

  it('the bin prints --json in the issue shape, writes --junit and exits 1 on error findings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-'));
    const junit = join(dir, 'check.xml');
    // Asynchronously: the HTTP server under check runs in this process.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const args = ['--import', 'tsx', join(ROOT, 'src/cli.ts'), 'check', '--json', '--junit', junit, '--call', 'get_invoice={"id":"i1"}', '--url', v2.url];
      const child = execFile(process.execPath, args, { encoding: 'utf8', timeout: 90_000 }, (_, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }));
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('check: calling get_invoice({"id":"i1"})');
    const json = JSON.parse(run.stdout) as CheckResult;
    expect(Object.keys(json)).toEqual(['server', 'findings', 'tools', 'summary']);
    expect(json.summary).toMatchObject({ tools: 7, errors: 3 });
    const invoice = tool(json, 'get_invoice');
    expect(Object.keys(invoice)).toEqual(['name', 'outputSchema', 'inputSchema', 'findings', 'calls']);
    expect(Object.keys(invoice.calls[0] ?? {})).toEqual(['arguments', 'isError', 'structuredContent', 'verdicts']);
    const xml = readFileSync(junit, 'utf8');
    // Three error findings on one tool: one failing testcase, one failure holding the three.
    expect(xml).toContain('<testsuite name="fixture-v2-http 2.0.0" tests="7" failures="1" errors="0">');
    expect(xml.match(/<testcase /g)).toHaveLength(7);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('<failure type="call-refused" message="3 errors: call-refused (sdk-v1), call-refused (sdk-v2-node), call-refused (sdk-v2-browser)">');
    expect(xml).toContain('call-refused (sdk-v2-browser): sdk-v2-browser refuses the answer of get_invoice({&quot;id&quot;:&quot;i1&quot;}): Structured content does not match the tool&apos;s output schema: #: Property &quot;costCenter&quot;');
  }, 90_000);
});

describe('check: what each client really did', () => {
  const LIST_CHANGED = join(ROOT, 'test/check-servers/list-changed-stdio.mjs');
  const REASON = 'client 2.4.0 did not validate: its listing was replaced by a list_changed notification';

  it('a list_changed during the first tools/list: the 2.4.0 clients validate nothing (valid: null, the reason, a not-validated warning); 1.32.2 still does', async () => {
    const calls = [{ tool: 'get_user', arguments: {} }, { tool: 'get_invoice', arguments: {} }];
    const result = resultOf(await runCheck(options({ kind: 'stdio', command: process.execPath, args: [LIST_CHANGED], env: {} }, { calls }), quiet));
    // The handshake's serverInfo also has a title, a description and a websiteUrl: --json keeps the name and version.
    expect(result.server).toEqual({ name: 'fixture-list-changed', version: '1.0.0' });
    const honest = tool(result, 'get_user');
    expect(honest.calls[0]?.verdicts).toEqual({ 'sdk-v1': { valid: true, message: null }, 'sdk-v2-node': { valid: null, message: REASON }, 'sdk-v2-browser': { valid: null, message: REASON } });
    expect(ids(honest)).toEqual(['closed-object', 'not-validated@sdk-v2-browser', 'not-validated@sdk-v2-node']);
    expect(honest.findings.find((f) => f.id === 'not-validated')?.message).toBe(`sdk-v2-node returned the answer of get_user({}) unvalidated (${REASON}).`);
    // An answer every validating client refuses: 1.32.2 refuses it, the 2.4.0 clients returned it without a verdict.
    const invoice = tool(result, 'get_invoice');
    expect(invoice.calls[0]?.verdicts['sdk-v1']).toMatchObject({ valid: false });
    expect(invoice.calls[0]?.verdicts['sdk-v2-node']).toEqual({ valid: null, message: REASON });
    expect(ids(invoice)).toEqual(['call-refused@sdk-v1', 'closed-object', 'not-validated@sdk-v2-browser', 'not-validated@sdk-v2-node']);
  }, 60_000);

  it('the SDK versions the reasons name are the installed ones', () => {
    const version = (pkg: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
    expect(SDK_VERSION).toEqual({
      'sdk-v1': version('@modelcontextprotocol/sdk'),
      'sdk-v2-node': version('@modelcontextprotocol/client'),
      'sdk-v2-browser': version('@modelcontextprotocol/client'),
      'sdk-v2-beta5': version('mcp-client-2-beta5'),
      'python-sdk': 'mcp (Python)',
    });
  });

  it('a client that cannot connect while another did: a connect-failed finding about the server, its verdicts null, the others judged', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'check-once-')), 'lock');
    const result = resultOf(await runCheck(options(stdio('--once', lock), { calls: [{ tool: 'get_invoice', arguments: { id: 'i1' } }] }), quiet));
    const failed = result.findings.filter((f) => f.id === 'connect-failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ severity: 'error' });
    expect(failed[0]?.message).toContain('could not connect to');
    expect(failed[0]?.message).toContain('fixture server: another client already has this server');
    const connected = CHECK_CLIENTS.filter((c) => !failed.some((f) => f.client === c));
    expect(connected).toHaveLength(1);
    const verdicts = tool(result, 'get_invoice').calls[0]?.verdicts;
    expect(verdicts?.[connected[0] as CheckClient]?.valid).toBe(false);
    for (const f of failed) expect(verdicts?.[f.client as CheckClient]).toEqual({ valid: null, message: expect.stringMatching(/ did not connect: /) });
    expect(result.summary.errors).toBe(3);
    const table = tableOf(result);
    expect(table).toContain('FAIL  (server)\n      error   connect-failed');
    for (const f of failed) expect(table).toContain(`${f.client} not connected`);
  }, 60_000);
});

describe('check: the exit code when stdout is a pipe whose reader has gone', () => {
  // `check --json | head`: the reader closes the pipe before check writes; the exit code is still the check's.
  const run = (call: string) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli.ts'), 'check', '--json', '--call', call, '--', process.execPath, V1_STDIO], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('close', (code) => resolve({ code, stderr }));
    });

  it('exit 1 with an error finding, 0 without, and no EPIPE crash', async () => {
    const [failing, passing] = await Promise.all([run('get_invoice={"id":"i1"}'), run('get_user={"id":"u1"}')]);
    expect(failing.stderr).not.toContain('EPIPE');
    expect(failing.code).toBe(1);
    expect(passing.stderr).not.toContain('EPIPE');
    expect(passing.code).toBe(0);
  }, 120_000);
});

/** The case a finding's link opens, as the playground decodes it. */
function openLink(f: Finding) {
  const hash = new URL(f.link ?? expect.unreachable('no link')).hash;
  const decoded = decodePermalink(hash);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.state;
}
