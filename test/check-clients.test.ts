/**
 * `check`'s opt-in clients against the project's stdio test server (SDK 1.32.2, which lists `$schema` draft-07 on every
 * tool): `@modelcontextprotocol/client` 2.0.0-beta.5 and the Python `mcp` package's ClientSession. Each oracle is the
 * real client called directly, outside check: its exact message must be the one check reports.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'mcp-client-2-beta5';
import { StdioClientTransport } from 'mcp-client-2-beta5/stdio';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exitCode } from '../src/check/main.ts';
import { markdownOf } from '../src/check/markdown.ts';
import { tableOf } from '../src/check/output.ts';
import { PYTHON_ENV } from '../src/check/python.ts';
import { runCheck, type CheckOutcome, type RunOptions } from '../src/check/run.ts';
import type { CallSpec } from '../src/check/args.ts';
import type { CheckResult, OptInClient, ToolRecord } from '../src/check/findings.ts';
import { applyBaseline } from '../src/check/baseline.ts';
import { startV2Http } from './check-servers/v2-http.mjs';
import { hasMcp, VENV_PYTHON, warnSkipped } from './python-venv.ts';

const ROOT = join(import.meta.dirname, '..');
const V1_STDIO = join(ROOT, 'test/check-servers/v1-stdio.mjs');
const CALLS: CallSpec[] = [
  { tool: 'get_user', arguments: { id: 'u1' } },
  { tool: 'get_invoice', arguments: { id: 'i1' } },
  { tool: 'get_order', arguments: { id: 'o1' } },
  { tool: 'find_user', arguments: { id: 'nobody' } },
];
const options = (clients: OptInClient[]): RunOptions => ({ target: { kind: 'stdio', command: process.execPath, args: [V1_STDIO], env: {} }, calls: CALLS, timeoutMs: 20_000, playground: 'http://localhost:5173/', clients });
const quiet = () => undefined;
const resultOf = (outcome: CheckOutcome): CheckResult => (outcome.ok ? outcome.result : expect.unreachable(outcome.error));
const tool = (r: CheckResult, name: string): ToolRecord => r.tools.find((t) => t.name === name) ?? expect.unreachable(`no tool ${name}`);

afterEach(() => vi.unstubAllEnvs());

describe('check --client sdk-v2-beta5', () => {
  let result: CheckResult;
  const thrown = new Map<string, string>();
  beforeAll(async () => {
    result = resultOf(await runCheck(options(['sdk-v2-beta5']), quiet));
    // The oracle: the beta client itself, called directly.
    const client = new Client({ name: 'oracle', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [V1_STDIO] }));
    await client.listTools();
    for (const call of CALLS) await client.callTool({ name: call.tool, arguments: call.arguments as Record<string, unknown> }).then(() => thrown.set(call.tool, 'returned'), (e: Error) => thrown.set(call.tool, e.message));
    await client.close();
  }, 120_000);

  it("refuses SDK 1.x's draft-07 listing: one dialect-refused per tool with an outputSchema, with the beta's own message", () => {
    for (const name of ['get_user', 'get_invoice', 'get_order', 'find_user']) {
      const refused = tool(result, name).findings.filter((f) => f.id === 'dialect-refused');
      expect(refused, name).toHaveLength(1);
      expect(refused[0]).toMatchObject({ severity: 'error', client: 'sdk-v2-beta5' });
      expect(refused[0]?.message).toContain('("$schema": "http://json-schema.org/draft-07/schema#")');
      expect(refused[0]?.message.endsWith(thrown.get(name) as string), name).toBe(true);
    }
    expect(thrown.get('get_user')).toMatch(/^Tool 'get_user' has an invalid outputSchema: JSON Schema declares an unsupported dialect \("\$schema": "http:\/\/json-schema\.org\/draft-07\/schema#"\)\. The default validator supports JSON Schema 2020-12 only;/);
    // The 2.4.0 clients read draft-07: no such finding for them.
    expect(result.tools.flatMap((t) => t.findings).filter((f) => f.id === 'dialect-refused' && f.client !== 'sdk-v2-beta5')).toEqual([]);
  });

  it('a listing with no $schema (an SDK 2.4.0 server over Streamable HTTP) passes through the beta: no dialect-refused, the answers judged', async () => {
    const server = await startV2Http();
    try {
      const overHttp = resultOf(await runCheck({ ...options(['sdk-v2-beta5']), target: { kind: 'http', url: server.url } }, quiet));
      expect(overHttp.tools.flatMap((t) => t.findings).filter((f) => f.id === 'dialect-refused')).toEqual([]);
      expect(tool(overHttp, 'get_user').calls[0]?.verdicts['sdk-v2-beta5']).toEqual({ valid: true, message: null });
      expect(tool(overHttp, 'get_order').calls[0]?.verdicts['sdk-v2-beta5']?.valid).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('each call: the verdict is the message the beta threw, byte for byte (an honest answer too; even an isError one)', () => {
    for (const call of CALLS) expect(tool(result, call.tool).calls[0]?.verdicts['sdk-v2-beta5'], call.tool).toEqual({ valid: false, message: thrown.get(call.tool) });
    expect(tableOf(result)).toContain('sdk-v2-beta5 FAIL');
    expect(result.clients).toEqual([{ client: 'sdk-v2-beta5', versions: { '@modelcontextprotocol/client': '2.0.0-beta.5' } }]);
  });
});

warnSkipped('the python-sdk oracle');

/** The oracle: ClientSession.call_tool itself, from a few lines of Python, against the same server. */
const ORACLE = `
import sys, json, anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
async def main():
    out = {}
    async with stdio_client(StdioServerParameters(command=sys.argv[1], args=[sys.argv[2]])) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            for name, args in json.loads(sys.argv[3]):
                try:
                    await s.call_tool(name, args)
                    out[name] = None
                except Exception as e:
                    out[name] = str(e)
    print(json.dumps(out))
anyio.run(main)
`;

describe.skipIf(!hasMcp)(`check --client python-sdk (the real mcp ClientSession; skipped without ${VENV_PYTHON})`, () => {
  let result: CheckResult;
  let said: Record<string, string | null>;
  beforeAll(async () => {
    vi.stubEnv(PYTHON_ENV, VENV_PYTHON);
    result = resultOf(await runCheck(options(['python-sdk']), quiet));
    vi.unstubAllEnvs();
    said = JSON.parse(execFileSync(VENV_PYTHON, ['-c', ORACLE, process.execPath, V1_STDIO, JSON.stringify(CALLS.map((c) => [c.tool, c.arguments]))], { encoding: 'utf8' }));
  }, 120_000);

  it("each verdict is call_tool's own exception text, byte for byte", () => {
    expect(said['get_order']).toMatch(/^Invalid structured content returned by tool get_order: 'count' is a required property\n\nFailed validating 'required' in schema:/);
    expect(tool(result, 'get_order').calls[0]?.verdicts['python-sdk']).toEqual({ valid: false, message: said['get_order'] });
    expect(tool(result, 'get_invoice').calls[0]?.verdicts['python-sdk']).toEqual({ valid: false, message: said['get_invoice'] });
    expect(said['get_user']).toBeNull();
    expect(tool(result, 'get_user').calls[0]?.verdicts['python-sdk']).toEqual({ valid: true, message: null });
    // isError: the Python client does not validate it (so no verdict), as the oracle's silence shows.
    expect(said['find_user']).toBeNull();
    expect(tool(result, 'find_user').calls[0]?.verdicts['python-sdk']).toEqual({ valid: null, message: null });
    expect(tool(result, 'get_order').findings.find((f) => f.id === 'call-refused' && f.client === 'python-sdk')?.message).toBe(`python-sdk refuses the answer of get_order({"id":"o1"}): ${said['get_order']}`);
  });

  it('over Streamable HTTP too (an SDK 2.4.0 server): the same client, the same kind of message', async () => {
    const server = await startV2Http();
    try {
      vi.stubEnv(PYTHON_ENV, VENV_PYTHON);
      const overHttp = resultOf(await runCheck({ ...options(['python-sdk']), target: { kind: 'http', url: server.url } }, quiet));
      expect(overHttp.clients?.[0]).toMatchObject({ client: 'python-sdk', versions: { mcp: expect.any(String) } });
      expect(tool(overHttp, 'get_order').calls[0]?.verdicts['python-sdk']?.message).toMatch(/^Invalid structured content returned by tool get_order: 'count' is a required property\n\nFailed validating 'required' in schema:/);
      expect(tool(overHttp, 'get_user').calls[0]?.verdicts['python-sdk']).toEqual({ valid: true, message: null });
    } finally {
      await server.close();
    }
  }, 120_000);

  it('names the mcp and jsonschema versions that ran', () => {
    const versions = JSON.parse(execFileSync(VENV_PYTHON, ['-c', 'import json, importlib.metadata as m; print(json.dumps({n: m.version(n) for n in ("mcp", "jsonschema")}))'], { encoding: 'utf8' }));
    expect(result.clients).toEqual([{ client: 'python-sdk', versions }]);
    expect(tableOf(result)).toContain(`python-sdk: mcp ${versions.mcp}, jsonschema ${versions.jsonschema}`);
  });
});

describe('check --client python-sdk where Python or mcp is missing', () => {
  it('an interpreter that ends without running the script is "not run" too, not a finding about the server', async () => {
    // Node as the interpreter: it cannot read check_client.py and exits, as a broken or too old Python would.
    vi.stubEnv(PYTHON_ENV, process.execPath);
    const result = resultOf(await runCheck({ ...options(['python-sdk']), calls: [] }, quiet));
    expect(result.clients?.[0]).toMatchObject({ client: 'python-sdk', notRun: expect.stringContaining('ended without running the client') });
    expect(result.findings).toEqual([]);
  }, 120_000);

  it('one "not run" line, no verdict, no finding, the same exit code', async () => {
    vi.stubEnv(PYTHON_ENV, join(ROOT, 'no-such-python'));
    const [without, withMissing] = (await Promise.all([runCheck(options([]), quiet), runCheck(options(['python-sdk']), quiet)])).map(resultOf) as [CheckResult, CheckResult];
    expect(withMissing.clients).toHaveLength(1);
    expect(withMissing.clients?.[0]).toMatchObject({ client: 'python-sdk', notRun: expect.stringMatching(/^needs Python ≥ 3\.10 with the `mcp` package \(`pip install mcp`\) \(/) });
    expect(tableOf(withMissing)).toMatch(/\npython-sdk: not run: needs Python ≥ 3\.10 with the `mcp` package \(`pip install mcp`\)/);
    expect(markdownOf(withMissing)).toContain('\npython-sdk\\: not run\\: needs Python ≥ 3\\.10 with the \\`mcp\\` package');
    expect(withMissing.tools.flatMap((t) => t.calls).some((c) => 'python-sdk' in c.verdicts)).toBe(false);
    expect(withMissing.summary).toEqual(without.summary);
    expect(exitCode(withMissing, 'error')).toBe(exitCode(without, 'error'));
    // A baseline's python-sdk entry is not "fixed" by a run where that client did not run.
    const entry = { tool: 'get_order', id: 'call-refused' as const, client: 'python-sdk' as const };
    expect(applyBaseline(withMissing, [entry]).baseline.fixed).toEqual([]);
    expect(applyBaseline({ ...withMissing, clients: [{ client: 'python-sdk', versions: {} }] }, [entry]).baseline.fixed).toEqual([entry]);
  }, 120_000);
});
