/**
 * The CLI: `mcp-schema-playground evaluate <case.json|->` (`npm run evaluate -- …` in a clone) prints the Report; exit 0 when it evaluated, 2 when the case is unreadable.
 * Most rows run `evaluateMain` in this process with strings for its files and streams. The rows marked "a process" run
 * `src/cli.ts` in a Node process of its own, as `npm run evaluate` does: the exit code, a pipe written whole before the
 * exit, and Node's module hook for a version world are the process's own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { evaluateMain } from '../src/cli/evaluate.ts';
import { cliMain, USAGE } from '../src/cli/main.ts';
import { EVALUATE_USAGE } from '../src/cli/usage.ts';
import { USAGE as CHECK_USAGE } from '../src/check/args.ts';
import type { Report } from '../src/engine/report.ts';
import { expandReport, shipsOf, type ExpandedReport } from '../src/engine/values.ts';

const ROOT = join(import.meta.dirname, '..');
interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}
// A process row starts Node with tsx and the whole engine: on a busy 2-core runner that outlasts vitest's 30 s.
const PROCESS_TIMEOUT = 150_000;
/** `src/cli.ts` in a Node process of its own, with `input` on its standard input. */
const processRun = (args: string[], input?: string): Run =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli.ts'), 'evaluate', ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
/** `evaluateMain` in this process: `input` is standard input, stdout and stderr are collected. */
async function cli(args: string[], input = ''): Promise<Run> {
  const run = { status: null as number | null, stdout: '', stderr: '' };
  run.status = await evaluateMain(args, {
    read: (file) => (file === '-' ? input : readFileSync(file, 'utf8')),
    out: async (text) => void (run.stdout += text),
    err: (text) => void (run.stderr += text),
  });
  return run;
}

const copilotCase = {
  v: 1,
  role: 'output',
  tool: 'get_invoice',
  schema: 'import { z } from "zod"\nexport default z.object({ id: z.string() })',
  answer: '{"id":"1","costCenter":"CC-7"}',
};

describe('cli', () => {
  it('prints the Report of a case file and exits 0 (a process)', { timeout: PROCESS_TIMEOUT }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const file = join(dir, 'case.json');
    writeFileSync(file, JSON.stringify(copilotCase));
    const run = processRun([file]);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toEqual({
      valid: false,
      message: "MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties",
      errors: [{ path: '', keyword: 'additionalProperties', params: { additionalProperty: 'costCenter' }, message: 'must NOT have additional properties' }],
    });
    expect(report.realSdk.v1?.callError).toBe(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1'].message);
  });

  it('reads the case from standard input with -', async () => {
    const run = await cli(['-'], JSON.stringify(copilotCase));
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as Report).converters['wire-truthful']?.policies.raw?.verdicts['sdk-v2-node'].valid).toBe(true);
  });

  it('exits 0 with the error in the Report when the schema itself is broken', async () => {
    const run = await cli(['-'], JSON.stringify({ ...copilotCase, schema: 'export default z.object({ id: z.string( })' }));
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.load.ok).toBe(false);
  });

  it('checks the answer even when the schema does not load: an answer of { is not ok, with its position', async () => {
    const run = await cli(['-'], JSON.stringify({ ...copilotCase, schema: 'export default z.object({ id: z.string( })', answer: '{' }));
    const report = JSON.parse(run.stdout) as Report;
    expect(report.load.ok).toBe(false);
    expect(report.answer).toEqual({ ok: false, error: { message: expect.stringContaining('Malformed JSON'), line: 1, column: 2 } });
  });

  it('the command reading - prints only the JSON, whatever the schema code and the SDKs write to the console (a process)', { timeout: PROCESS_TIMEOUT }, () => {
    // A tool name the SDK warns about, and schema code that logs: neither may reach stdout before or after the JSON.
    const noisy = { ...copilotCase, tool: 'get invoice!', schema: 'import { z } from "zod"\nconsole.log("hello from the schema")\nconsole.warn("warned")\nexport default z.object({ id: z.string() })' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli.ts'), 'evaluate', '-'], { cwd: ROOT, input: JSON.stringify(noisy), encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith('{')).toBe(true);
    expect((JSON.parse(run.stdout) as Report).tool).toBe('get invoice!');
  });

  it('exits 2 with a message when the case file is missing or not JSON', async () => {
    const missing = await cli(['/nonexistent/case.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read the case /nonexistent/case.json');
    const garbage = await cli(['-'], '{ not json');
    expect(garbage.status).toBe(2);
    expect(garbage.stdout).toBe('');
  });

  it('writes a report over 256 KB whole through a pipe before it exits (a process)', { timeout: PROCESS_TIMEOUT }, () => {
    // 12,000 undeclared keys (about 400 KB): the report holds the answer once (its values), so it alone passes 256 KB.
    const answer = JSON.stringify(Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`key${i}`, 'v'.repeat(20)])));
    const run = processRun(['-'], JSON.stringify({ ...copilotCase, schema: 'export default z.object({})', answer }));
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(256 * 1024);
    const report = JSON.parse(run.stdout) as Report;
    expect(shipsOf(report, report.converters.zod?.policies.raw)).toEqual(JSON.parse(answer));
    // 30 rows and two real runs, and the answer is written out once (raw ships it; keep's merge is the same JSON).
    expect(run.stdout.split('"key11999"').length - 1).toBe(1);
  });

  it('prints the table by default and contract v1\'s form with --expanded (docs/report.md)', async () => {
    const tabled = JSON.parse((await cli(['-'], JSON.stringify(copilotCase))).stdout) as Report;
    const run = await cli(['-', '--expanded'], JSON.stringify(copilotCase));
    expect(run.status).toBe(0);
    const expanded = JSON.parse(run.stdout) as ExpandedReport;
    expect(tabled.v).toBe(2);
    expect(tabled.values).toContainEqual({ id: '1', costCenter: 'CC-7' });
    expect(expanded.v).toBe(1);
    expect(expanded).not.toHaveProperty('values');
    expect(expanded.converters['mcp-sdk-v1']?.policies.raw?.ships).toEqual({ id: '1', costCenter: 'CC-7' });
    expect(expanded.converters['mcp-sdk-v1']?.policies.strip?.ships).toEqual({ id: '1' });
    expect(expanded.converters['mcp-sdk-v1']?.policies.fail?.ships).toBeNull();
    expect(expanded).toEqual(expandReport(tabled));
  });

  it('exits 2 with usage when no file is given (a process)', { timeout: PROCESS_TIMEOUT }, () => {
    const run = processRun([]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: mcp-schema-playground evaluate <case.json | ->');
  });
});

describe('cli version flags', () => {
  const extraKey = { v: 1, role: 'output', tool: 'get_invoice', schema: 'import { z } from "zod"\nexport default z.object({ id: z.string() })', answer: '{"id":"1","x":2}' };

  it('--zod and --sdk override the file and run those versions (the Ajv 6 wording of SDK 1.20.2; a process: its Node hook loads the world)', { timeout: PROCESS_TIMEOUT }, () => {
    const run = processRun(['-', '--zod', '3.25.76', '--sdk', '1.20.2'], JSON.stringify({ ...extraKey, versions: { zod: '4.3.6' } }));
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.versions).toMatchObject({ zod: '3.25.76', '@modelcontextprotocol/sdk': '1.20.2' });
    // The Ajv that 1.20.2's Client runs is the one Node resolves from that SDK (6.x), named apart from the v2 client's.
    const sdkAjv = (createRequire(createRequire(join(ROOT, 'package.json')).resolve('mcp-sdk-1.20/client/index.js'))('ajv/package.json') as { version: string }).version;
    expect(sdkAjv).toMatch(/^6\./);
    expect(report.versions['@modelcontextprotocol/sdk > ajv']).toBe(sdkAjv);
    expect(report.versions.ajv).toBe((createRequire(join(ROOT, 'package.json'))('ajv/package.json') as { version: string }).version);
    expect(report.realSdk.v1?.callError).toBe("MCP error -32602: Structured content does not match the tool's output schema: data should NOT have additional properties");
  });

  it('an unknown version exits 2 naming the available ones', async () => {
    const run = await cli(['-', '--sdk', '1.0.0'], JSON.stringify(extraKey));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unknown sdk version "1.0.0": available 1.32.2, 1.20.2');
    expect(run.stdout).toBe('');
  });

  // One rule (docs/report.md, evaluate): exit 2 whenever there is no case to evaluate, from the flags or from the file alike; exit 0 with the Report otherwise.
  it.each([
    ['an unknown version in the file', [], { versions: { zod: '3.1.0' } }, 'Unknown zod version "3.1.0": available'],
    ['an unknown answer form in the file', [], { answerForm: 'whole' }, 'Unknown answer form "whole": available'],
    ['an unknown flag', ['--zodd', '4.3.6'], {}, "Unknown option '--zodd'"],
  ])('%s exits 2 with the message and no Report', async (_, flags, extra, message) => {
    const run = await cli(['-', ...flags], JSON.stringify({ ...extraKey, ...extra }));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('zod 4.0.17 and 3.25.76 warn of no invalid target and list draft-07 (lenient-output asked for a draft-07 target they spell draft-7)', async () => {
    // Those zods warn on the console (which the CLI's process silences) and drop $schema when they do not know a target.
    const warn = vi.spyOn(console, 'warn');
    for (const zod of ['4.0.17', '3.25.76']) {
      const run = await cli(['-', '--zod', zod], JSON.stringify({ ...extraKey, schema: 'import { z } from "zod/v4"\nexport default z.object({ id: z.string() })' }));
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      expect(warn.mock.calls.flat().join('\n')).not.toContain('Invalid target');
      expect((JSON.parse(run.stdout) as Report).converters['lenient-output']?.listed).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#' });
    }
    warn.mockRestore();
  });

  it('--protocol 2026-07-28 runs the modern era: the v2 client gets the bare array and says data/0', async () => {
    const array = { ...extraKey, schema: 'import { z } from "zod"\nexport default z.array(z.object({ id: z.string() }))', answer: '[{"id":"1","x":2}]' };
    const run = await cli(['-', '--protocol', '2026-07-28'], JSON.stringify(array));
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.protocol).toBe('2026-07-28');
    expect(report.realSdk.v2?.callError).toBe("Structured content does not match the tool's output schema: data/0 must NOT have additional properties");
    const bad = await cli(['-', '--protocol', '2024-11-05'], JSON.stringify(array));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Unknown protocol "2024-11-05": available 2025-11-25, 2026-07-28');
  });
});

describe('the command line (mcp-schema-playground <command>)', () => {
  /** `cliMain` in this process, stdout and stderr collected. */
  async function line(args: string[]): Promise<Run> {
    const run = { status: null as number | null, stdout: '', stderr: '' };
    run.status = await cliMain(args, {
      read: (file) => readFileSync(file, 'utf8'),
      out: async (text) => void (run.stdout += text),
      err: (text) => void (run.stderr += text),
    });
    return run;
  }

  it('--help lists both commands, one line each, on stdout, and exits 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const run = await line([flag]);
      expect(run).toEqual({ status: 0, stdout: `${USAGE}\n`, stderr: '' });
    }
    const lines = USAGE.split('\n');
    expect(lines.filter((l) => /^ {2}evaluate {2}\S/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^ {2}check {5}\S/.test(l))).toHaveLength(1);
  });

  it('--version prints the version in package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await line(['--version'])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('help <command> prints what <command> --help prints', async () => {
    expect(await line(['help', 'check'])).toEqual({ status: 0, stdout: `${CHECK_USAGE}\n`, stderr: '' });
    const evaluateHelp = await line(['evaluate', '--help']);
    expect(evaluateHelp).toEqual({ status: 0, stdout: `${EVALUATE_USAGE}\n`, stderr: '' });
    expect(await line(['help', 'evaluate'])).toEqual(evaluateHelp);
  });

  it('an unknown command, or none, exits 2 with the usage on stderr', async () => {
    for (const args of [['frobnicate'], ['help', 'frobnicate'], ['case.json'], []]) {
      const run = await line(args);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(USAGE);
    }
    expect((await line(['frobnicate'])).stderr).toMatch(/^mcp-schema-playground: unknown command "frobnicate"\n/);
  });

  it('evaluate runs with the arguments after its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const file = join(dir, 'case.json');
    writeFileSync(file, JSON.stringify(copilotCase));
    const run = await line(['evaluate', file]);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as Report).converters['wire-truthful']?.policies.raw?.verdicts['sdk-v2-node'].valid).toBe(true);
  });
});
