/**
 * The CLI as a user gets it: `npm pack` in the clone (its `prepare` script builds dist-cli/), then the tarball installed into
 * an empty folder with production dependencies only, offline from npm's cache, then the installed bin run as a
 * command. One pack and one install for every row. The reports it prints are held to the engine's in this process
 * (the clone's), and its `check` to the project's stdio test server.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { CheckResult } from '../src/check/findings.ts';

const ROOT = join(import.meta.dirname, '..');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };
// A pack builds the CLI (vite), an install unpacks it: on a busy 2-core runner both take a while.
const SETUP_TIMEOUT = 300_000;
const RUN_TIMEOUT = 120_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment without what `npm test` sets for its own script (npm would read npm_package_* as this package's). */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(package|lifecycle)_/.test(k)));

/** Runs a command to its end (asynchronously: the test server of a row may run in this process). */
function run(command: string, args: string[], cwd: string, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { cwd, env, encoding: 'utf8', timeout: RUN_TIMEOUT, maxBuffer: 64 * 1024 * 1024 }, (_, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
    if (input !== undefined) child.stdin?.end(input);
  });
}

let tarball: string;
let files: string[];
let home: string;
/** The installed command, as npm linked it. */
let bin: string;
const cli = (...args: string[]): Promise<Run> => run(bin, args, home);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pack-'));
  // Its `prepare` script prints the build on stdout too: the tarball is named by the package and listed by tar.
  const packed = await run('npm', ['pack', '--pack-destination', dir], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  tarball = join(dir, `${PKG.name}-${PKG.version}.tgz`);
  const listed = await run('tar', ['-tzf', tarball], dir);
  files = listed.stdout.trim().split('\n').map((f) => f.replace(/^package\//, '')).sort();
  home = join(dir, 'user');
  mkdirSync(home);
  const installed = await run('npm', ['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', tarball], home);
  expect(installed.code, installed.stderr).toBe(0);
  bin = join(home, 'node_modules', '.bin', Object.keys(PKG.bin)[0] as string);
}, SETUP_TIMEOUT);

describe('the packed CLI, installed with production dependencies only', { timeout: RUN_TIMEOUT }, () => {
  it("ships the built CLI, the Python client's script, package.json, README and LICENSE, and nothing else", () => {
    const other = files.filter((f) => !f.startsWith('dist-cli/'));
    expect(other).toEqual(['LICENSE', 'README.md', 'package.json', 'python/check_client.py', 'python/evaluate_client.py']);
    expect(files).toContain(PKG.bin[PKG.name]);
    expect(files).toContain('dist-cli/THIRD-PARTY-LICENSES.txt');
    expect(files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))).toEqual([]);
  });

  it('names the bundled packages with their licenses, the version worlds\' among them', () => {
    const notices = readFileSync(join(home, 'node_modules', PKG.name, 'dist-cli/THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const pkg of ['zod@4.6.7 (MIT)', 'zod@3.25.76 (MIT)', '@modelcontextprotocol/sdk@1.32.2 (MIT)', '@modelcontextprotocol/sdk@1.20.2 (MIT)', '@modelcontextprotocol/client@2.4.0 (Apache-2.0)', '@modelcontextprotocol/client@2.0.0-beta.5 (MIT)', 'ajv@8.20.0 (MIT)']) {
      expect(notices).toContain(`\n${pkg}\n`);
    }
  });

  it('installs the package alone: the CLI has no run-time dependencies to fetch', () => {
    expect(readdirSync(join(home, 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual([PKG.name]);
  });

  it('publint finds nothing in the tarball', async () => {
    const { messages } = await publint({ pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer }, strict: true });
    expect(messages).toEqual([]);
  });

  it('--version prints the package version; --help lists both commands', async () => {
    expect(await cli('--version')).toEqual({ code: 0, stdout: `${PKG.version}\n`, stderr: '' });
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}evaluate {2}\S.*\n {2}check {5}\S/m);
  });

  it('help check prints what check --help prints; an unknown command exits 2 with the usage', async () => {
    const asked = await cli('help', 'check');
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain('usage: mcp-schema-playground check');
    expect(await cli('check', '--help')).toEqual(asked);
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(unknown.stderr).toContain('usage: mcp-schema-playground <command>');
  });

  const extraKey = { v: 1, role: 'output', tool: 'get_invoice', schema: 'import { z } from "zod"\nexport default z.object({ id: z.string() })', answer: '{"id":"1","costCenter":"CC-7"}' };

  it("evaluate prints the clone's Report for a case file", async () => {
    const file = join(home, 'case.json');
    writeFileSync(file, JSON.stringify(extraKey));
    const printed = await cli('evaluate', file);
    expect(printed.code, printed.stderr).toBe(0);
    expect(JSON.parse(printed.stdout)).toEqual(JSON.parse(JSON.stringify(await evaluate(extraKey))));
  });

  it('evaluate runs a version world: zod 3.25.76 with SDK 1.20.2 (its Ajv 6 wording), the Report the clone gives', async () => {
    const fromStdin = await run(bin, ['evaluate', '-', '--zod', '3.25.76', '--sdk', '1.20.2'], home, JSON.stringify(extraKey));
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    const report = JSON.parse(fromStdin.stdout);
    expect(report.versions).toMatchObject({ zod: '3.25.76', '@modelcontextprotocol/sdk': '1.20.2' });
    expect(report.realSdk.v1.callError).toBe("MCP error -32602: Structured content does not match the tool's output schema: data should NOT have additional properties");
    expect(report).toEqual(JSON.parse(JSON.stringify(await evaluate({ ...extraKey, versions: { zod: '3.25.76', sdk: '1.20.2' } }))));
  });

  it("evaluate runs a case's code in the hardened realm: a schema that reads a file or the environment gets neither", async () => {
    const canary = join(home, 'canary.txt');
    const secret = `canary-${Math.random().toString(36).slice(2)}`;
    writeFileSync(canary, secret);
    const reads = [
      `globalThis.process?.getBuiltinModule?.('node:fs')?.readFileSync(${JSON.stringify(canary)}, 'utf8')`,
      'JSON.stringify(globalThis.process?.env)',
      `require('node:fs').readFileSync(${JSON.stringify(canary)}, 'utf8')`,
    ];
    const schema = `import { z } from 'zod';\nconst got = [];\nfor (const read of [${reads.map((r) => `() => ${r}`).join(', ')}]) { try { got.push(String(read())); } catch (e) { got.push('refused: ' + e.message); } }\nexport default z.object({ id: z.string().describe(got.join(' | ')) });\n`;
    const file = join(home, 'attack.json');
    writeFileSync(file, JSON.stringify({ ...extraKey, schema }));
    const printed = await run(bin, ['evaluate', file], home);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).not.toContain(secret);
    const report = JSON.parse(printed.stdout);
    expect(report.load, JSON.stringify(report.load)).toEqual({ ok: true });
    const described = report.converters.zod.listed.properties.id.description as string;
    const [fromFile, environment, required] = described.split(' | ');
    expect([fromFile, environment]).toEqual(['undefined', 'undefined']);
    // `require` is the loader's own module map (zod and the SDKs), not Node's.
    expect(required).toMatch(/^refused: /);
  });

  it('check against the stdio test server exits 1 with every client refusing the undeclared key', async () => {
    const server = join(ROOT, 'test/check-servers/v1-stdio.mjs');
    const checked = await cli('check', '--json', '--call', 'get_invoice={"id":"i1"}', '--', process.execPath, server);
    expect(checked.code, checked.stderr).toBe(1);
    const result = JSON.parse(checked.stdout) as CheckResult;
    const invoice = result.tools.find((t) => t.name === 'get_invoice');
    const errors = invoice?.findings.filter((f) => f.severity === 'error').map((f) => `${f.id}@${f.client}`);
    expect(errors?.sort()).toEqual(['call-refused@sdk-v1', 'call-refused@sdk-v2-browser', 'call-refused@sdk-v2-node']);
    expect(invoice?.calls[0]?.verdicts['sdk-v1']).toEqual({ valid: false, message: "MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties" });
  });

  it('check --client: the bundled 2.0.0-beta.5 refuses the draft-07 listing; python-sdk finds its script beside dist-cli/', async () => {
    const server = join(ROOT, 'test/check-servers/v1-stdio.mjs');
    const python = join(ROOT, '.venv-py/bin/python');
    const checked = await run('env', [`MCP_SCHEMA_PLAYGROUND_PYTHON=${python}`, bin, 'check', '--json', '--client', 'sdk-v2-beta5', '--client', 'python-sdk', '--call', 'get_order={"id":"o1"}', '--', process.execPath, server], home);
    expect(checked.code, checked.stderr).toBe(1);
    const result = JSON.parse(checked.stdout) as CheckResult;
    const order = result.tools.find((t) => t.name === 'get_order');
    expect(order?.findings.find((f) => f.id === 'dialect-refused')?.client).toBe('sdk-v2-beta5');
    // Without the venv .ci/run makes, the installed CLI says so in one line; with it, the real client's verdict.
    const hasMcp = (await run(python, ['-c', 'import mcp'], home)).code === 0;
    const ran = result.clients?.find((c) => c.client === 'python-sdk');
    if (!hasMcp) expect(ran).toMatchObject({ notRun: expect.stringMatching(/^needs Python ≥ 3\.10 with the `mcp` package/) });
    else expect(order?.calls[0]?.verdicts['python-sdk']?.message).toMatch(/^Invalid structured content returned by tool get_order: 'count' is a required property\n/);
  });
});
