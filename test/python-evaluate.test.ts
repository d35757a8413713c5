/**
 * `evaluate --client python-sdk`: the Python `mcp` ClientSession's verdict beside the Report. The oracle is
 * ClientSession.call_tool itself, a few lines of Python outside the playground, over stdio to a Node server that writes
 * the Report's listing and shipped result as raw JSON-RPC lines (check-servers/fixed-stdio.mjs): the message evaluate
 * prints must be the one call_tool raises, byte for byte. Also the differences users meet, each a row: `format` is not
 * checked, one error only (jsonschema's best_match), and a JSON `null` is validated as None while a missing key is
 * "did not return structured content". Skipped, saying so, without the venv `.ci/run` makes.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluateMain } from '../src/cli/evaluate.ts';
import type { PythonRun, PythonVerdict } from '../src/cli/python-sdk.ts';
import { PYTHON_ENV } from '../src/check/python.ts';
import type { Json, JsonSchema, Report } from '../src/engine/report.ts';
import { shipsOf } from '../src/engine/values.ts';
import { hasMcp, VENV_PYTHON, warnSkipped } from './python-venv.ts';

const ROOT = join(import.meta.dirname, '..');
const FIXED_STDIO = join(ROOT, 'test/check-servers/fixed-stdio.mjs');
warnSkipped('the python-sdk evaluate oracle');

/** The oracle: ClientSession.call_tool's own exception text (null when it raised nothing) for a server listing and answering as given. */
const ORACLE = `
import sys, json, anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
async def main():
    given = json.loads(sys.argv[3])
    async with stdio_client(StdioServerParameters(command=sys.argv[1], args=[sys.argv[2], sys.argv[3]])) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            try:
                await s.call_tool(given["tool"], {})
                print(json.dumps(None))
            except Exception as e:
                print(json.dumps(str(e)))
anyio.run(main)
`;

function oracle(tool: string, listing: JsonSchema | null, result: Json): string | null {
  return JSON.parse(execFileSync(VENV_PYTHON, ['-c', ORACLE, process.execPath, FIXED_STDIO, JSON.stringify({ tool, listing, result })], { encoding: 'utf8' }));
}

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

async function evaluate(c: object, args: string[] = ['--client', 'python-sdk']): Promise<Run> {
  const run = { status: -1, stdout: '', stderr: '' };
  run.status = await evaluateMain(['case.json', ...args], { read: () => JSON.stringify(c), out: async (t) => void (run.stdout += t), err: (t) => void (run.stderr += t) });
  return run;
}

const defaultCase = {
  v: 1,
  role: 'output',
  tool: 'get_invoice',
  schema: 'import { z } from "zod";\n\nexport default z.object({\n  id: z.string(),\n  count: z.number().default(1),\n});\n',
  // Two faults: `count` left out (the default the server fills in) and an undeclared key.
  answer: '{ "id": "1", "costCenter": "CC-7" }\n',
};
const formatCase = {
  v: 1,
  role: 'output',
  tool: 'get_event',
  schema: 'import { z } from "zod";\n\nexport default z.object({\n  at: z.string().meta({ format: "date-time" }),\n});\n',
  answer: '{ "at": "yesterday" }\n',
};
const isErrorCase = {
  v: 1,
  role: 'output',
  tool: 'get_event',
  answerForm: 'result',
  schema: 'import { z } from "zod";\n\nexport default z.object({ at: z.string() });\n',
  answer: '{ "content": [{ "type": "text", "text": "not found" }], "structuredContent": { "nope": 1 }, "isError": true }\n',
};

type Ran = Extract<PythonRun, { versions: unknown }>;
function verdictOf(run: Ran, converter: string, policy = 'raw'): PythonVerdict | undefined {
  return (run.converters as Record<string, Record<string, PythonVerdict>>)[converter]?.[policy];
}

describe.skipIf(!hasMcp)(`evaluate --client python-sdk (the real mcp ClientSession; skipped without ${VENV_PYTHON})`, () => {
  const out: Record<string, { report: Report; python: Ran; plain: Report }> = {};
  beforeAll(async () => {
    vi.stubEnv(PYTHON_ENV, VENV_PYTHON);
    for (const [name, c] of Object.entries({ defaultCase, formatCase, isErrorCase })) {
      const [withPython, plain] = await Promise.all([evaluate(c), evaluate(c, [])]);
      expect(withPython.status).toBe(0);
      expect(withPython.stderr).toBe('');
      const printed = JSON.parse(withPython.stdout) as { report: Report; clients: { 'python-sdk': Ran } };
      out[name] = { report: printed.report, python: printed.clients['python-sdk'], plain: JSON.parse(plain.stdout) };
    }
    vi.unstubAllEnvs();
  }, 240_000);

  it('prints the same Report beside the Python verdicts, and the mcp and jsonschema versions that ran', () => {
    for (const { report, plain } of Object.values(out)) expect(report).toEqual(plain);
    const versions = JSON.parse(execFileSync(VENV_PYTHON, ['-c', 'import json, importlib.metadata as m; print(json.dumps({n: m.version(n) for n in ("mcp", "jsonschema")}))'], { encoding: 'utf8' }));
    expect(out['defaultCase']?.python.versions).toEqual(versions);
  });

  it("the .default() case: call_tool's own message, byte for byte, for each SDK's listing", { timeout: 60_000 }, () => {
    const { report, python } = out['defaultCase'] as { report: Report; python: Ran };
    for (const converter of ['mcp-sdk-v1', 'mcp-sdk-v2'] as const) {
      const row = report.converters[converter];
      const ships = shipsOf(report, row?.policies.raw);
      const said = oracle('get_invoice', row?.listed ?? null, { content: [{ type: 'text', text: JSON.stringify(ships) }], structuredContent: ships });
      expect(said).toMatch(/^Invalid structured content returned by tool get_invoice: 'count' is a required property\n\nFailed validating 'required' in schema:/);
      expect(verdictOf(python, converter)).toEqual({ valid: false, message: said });
    }
  });

  it('one error only: best_match names `count`, where the TypeScript clients list the undeclared key too', () => {
    const { report, python } = out['defaultCase'] as { report: Report; python: Ran };
    const message = verdictOf(python, 'mcp-sdk-v2')?.message ?? '';
    expect(message.match(/Failed validating/g)).toHaveLength(1);
    expect(message).not.toContain('Additional properties');
    const node = report.converters['mcp-sdk-v2']?.policies.raw?.verdicts['sdk-v2-node'];
    expect(node?.errors?.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'required']);
  });

  it('what passes the Python client and what it does not judge: the strip policy, an isError result', () => {
    const { python } = out['defaultCase'] as { python: Ran };
    expect(verdictOf(python, 'mcp-sdk-v2', 'strip')).toEqual({ valid: true, message: null });
    // FrontMCP's `fail` refuses: an isError result, which the client does not validate.
    expect(verdictOf(python, 'mcp-sdk-v2', 'fail')).toEqual({ valid: null, message: null });
    const whole = out['isErrorCase'] as { report: Report; python: Ran };
    expect(verdictOf(whole.python, 'mcp-sdk-v2')).toEqual({ valid: null, message: null });
  });

  it('`format` is not checked: "yesterday" passes format date-time, which the TypeScript clients refuse', { timeout: 60_000 }, () => {
    const { report, python } = out['formatCase'] as { report: Report; python: Ran };
    const row = report.converters['mcp-sdk-v2'];
    const ships = shipsOf(report, row?.policies.raw);
    expect(row?.policies.raw?.verdicts['sdk-v2-node']?.message).toContain('must match format "date-time"');
    expect(oracle('get_event', row?.listed ?? null, { content: [], structuredContent: ships })).toBeNull();
    expect(verdictOf(python, 'mcp-sdk-v2')).toEqual({ valid: true, message: null });
  });

  it('a JSON null is validated as None, a missing key is "no structured content": the script says what call_tool says', { timeout: 60_000 }, () => {
    // No converter's server ships either (each refuses them), so the rows go to the script directly; a live server may send them (check).
    const listing = { type: 'object', properties: { at: { type: 'string' } }, required: ['at'] };
    const results = [{ content: [], structuredContent: null }, { content: [] }];
    const said = JSON.parse(
      execFileSync(VENV_PYTHON, [join(ROOT, 'python/evaluate_client.py')], { input: JSON.stringify({ tool: 't', rows: results.map((result) => ({ listing, result })) }), encoding: 'utf8' }),
    ) as { verdicts: Array<{ ok: boolean; message: string }> };
    const oracles = results.map((r) => oracle('t', listing, r));
    expect(oracles[0]).toMatch(/^Invalid structured content returned by tool t: None is not of type 'object'/);
    expect(oracles[1]).toBe('Tool t has an output schema but did not return structured content');
    expect(said.verdicts.map((v) => v.message)).toEqual(oracles);
  });
});

describe('evaluate --client python-sdk where Python or mcp is missing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('one "not run" line on stderr, no verdict, the same Report and exit code', { timeout: 120_000 }, async () => {
    vi.stubEnv(PYTHON_ENV, join(ROOT, 'no-such-python'));
    const [withMissing, plain] = await Promise.all([evaluate(defaultCase), evaluate(defaultCase, [])]);
    expect(withMissing.status).toBe(plain.status);
    expect(withMissing.stderr).toMatch(/^python-sdk: not run: needs Python ≥ 3\.10 with the `mcp` package \(`pip install mcp`\) \(.*no-such-python.*\)\n$/);
    const printed = JSON.parse(withMissing.stdout) as { report: Report; clients: { 'python-sdk': PythonRun } };
    expect(printed.report).toEqual(JSON.parse(plain.stdout));
    expect(Object.keys(printed.clients['python-sdk'])).toEqual(['notRun']);
  });

  it('an interpreter that cannot run the script is "not run" too', { timeout: 120_000 }, async () => {
    vi.stubEnv(PYTHON_ENV, process.execPath);
    const run = await evaluate(defaultCase);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^python-sdk: not run: needs Python ≥ 3\.10 .*ended without running the client/);
  });

  it('an unknown client is a usage error (exit 2), as an unknown version is', async () => {
    const run = await evaluate(defaultCase, ['--client', 'python-sdk,ruby-sdk']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('Unknown client "ruby-sdk" for evaluate: available python-sdk\n');
    expect(run.stdout).toBe('');
  });
});
