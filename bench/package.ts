/**
 * The package section of `npm run bench -- --section package`: the CLI as a user installs it. `npm pack` (its
 * `prepare` script builds dist-cli/), the tarball installed into an empty folder with production dependencies only, offline;
 * then its size on disk and the installed command's times, against the budgets: tarball ≤ 2 MB, installed ≤ 40 MB,
 * `--version` ≤ 0.3 s, `check` against the project's stdio test server ≤ 5 s. Each time is the median of several
 * runs, beside bare Node's start (`node -e 0`) and the same command from the sources under tsx, in the same run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { size, table, type Section, type SectionResult } from './run.ts';

const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'test/check-servers/v1-stdio.mjs');
const MB = 1e6;
const BUDGET = { tarballBytes: 2 * MB, installedBytes: 40 * MB, versionMs: 300, checkMs: 5000 };

/** Runs a command to its end; throws with its stderr when it exits other than `expect`. */
function sh(command: string, args: string[], cwd: string, expect = 0): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== expect) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The wall time of one run, in ms. */
function timed(command: string, args: string[], cwd: string, expect = 0): number {
  const t0 = performance.now();
  sh(command, args, cwd, expect);
  return performance.now() - t0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Bytes and files under a folder (the files' own sizes, as `du --apparent-size` counts). */
function tree(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

export const section: Section = {
  id: 'package',
  title: 'The CLI as a package (npm pack, install, run)',
  async run({ quick }): Promise<SectionResult> {
    const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
    const dir = mkdtempSync(join(tmpdir(), 'bench-pack-'));
    sh('npm', ['pack', '--pack-destination', dir], ROOT);
    const tarball = join(dir, `${name}-${version}.tgz`);
    const tarballBytes = statSync(tarball).size;
    const tarballFiles = sh('tar', ['-tzf', tarball], dir).trim().split('\n').length;
    const home = join(dir, 'user');
    mkdirSync(home);
    const installMs = timed('npm', ['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', tarball], home);
    const installed = tree(join(home, 'node_modules'));
    const bin = join(home, 'node_modules', '.bin', name);
    const tsx = ['--import', 'tsx', join(ROOT, 'src/cli.ts')];

    const runs = quick ? 3 : 11;
    const checkRuns = quick ? 2 : 5;
    const check = ['check', '--call', 'get_invoice={"id":"i1"}', '--', process.execPath, SERVER];
    const node = median(Array.from({ length: runs }, () => timed(process.execPath, ['-e', '0'], home)));
    const versionMs = median(Array.from({ length: runs }, () => timed(bin, ['--version'], home)));
    const versionTsx = median(Array.from({ length: runs }, () => timed(process.execPath, [...tsx, '--version'], ROOT)));
    // check exits 1: the test server's get_invoice is refused by every client.
    const checkMs = median(Array.from({ length: checkRuns }, () => timed(bin, check, home, 1)));
    const checkTsx = median(Array.from({ length: checkRuns }, () => timed(process.execPath, [...tsx, ...check], ROOT, 1)));

    // evaluate of a case file: the installed bin and the sources run it in the hardened realm (a worker thread);
    // before that realm, the sources evaluated it in the CLI's own process, measured here as the engine alone.
    const caseFile = join(dir, 'case.json');
    writeFileSync(caseFile, JSON.stringify({ v: 1, role: 'output', tool: 'get_invoice', schema: "import { z } from 'zod';\nexport default z.object({ id: z.string(), n: z.number().default(1) });\n", answer: '{"id":"1","extra":2}' }));
    const inProcess = `import(${JSON.stringify(join(ROOT, 'src/engine/evaluate.ts'))}).then(async (m) => { process.stdout.write(JSON.stringify(await m.evaluate(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(caseFile)}, 'utf8'))))); process.exit(0); })`;
    const evaluateMs = median(Array.from({ length: checkRuns }, () => timed(bin, ['evaluate', caseFile], home)));
    const evaluateTsx = median(Array.from({ length: checkRuns }, () => timed(process.execPath, [...tsx, 'evaluate', caseFile], ROOT)));
    const evaluateUnhardened = median(Array.from({ length: checkRuns }, () => timed(process.execPath, ['--import', 'tsx', '-e', inProcess], ROOT)));

    const ok = (pass: boolean) => (pass ? 'ok' : 'OVER');
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const text = [
      table([
        ['measure', 'value', 'budget', ''],
        ['tarball (npm pack)', `${size(tarballBytes)}, ${tarballFiles} files`, size(BUDGET.tarballBytes), ok(tarballBytes <= BUDGET.tarballBytes)],
        ['installed (node_modules, --omit=dev)', `${size(installed.bytes)}, ${installed.files} files`, size(BUDGET.installedBytes), ok(installed.bytes <= BUDGET.installedBytes)],
        ['mcp-schema-playground --version', ms(versionMs), ms(BUDGET.versionMs), ok(versionMs <= BUDGET.versionMs)],
        ['check -- node <stdio test server>', ms(checkMs), ms(BUDGET.checkMs), ok(checkMs <= BUDGET.checkMs)],
      ]),
      '',
      table([
        ['same run, medians', 'installed bin', 'node -e 0', 'sources under tsx', 'bin / node', 'bin / tsx'],
        ['--version', ms(versionMs), ms(node), ms(versionTsx), (versionMs / node).toFixed(2), (versionMs / versionTsx).toFixed(2)],
        ['check (stdio test server)', ms(checkMs), ms(node), ms(checkTsx), (checkMs / node).toFixed(2), (checkMs / checkTsx).toFixed(2)],
      ]),
      '',
      table([
        ['evaluate a case file, medians', 'installed bin (realm)', 'sources under tsx (realm)', 'engine in-process under tsx (no realm)', 'bin / in-process'],
        ['evaluate', ms(evaluateMs), ms(evaluateTsx), ms(evaluateUnhardened), (evaluateMs / evaluateUnhardened).toFixed(2)],
      ]),
      `(${runs} runs each, check and evaluate ${checkRuns}; the install took ${ms(installMs)})`,
    ].join('\n');
    return { text, json: { budget: BUDGET, tarballBytes, tarballFiles, installedBytes: installed.bytes, installedFiles: installed.files, installMs, runs, checkRuns, nodeMs: node, versionMs, versionTsxMs: versionTsx, checkMs, checkTsxMs: checkTsx, evaluateMs, evaluateTsxMs: evaluateTsx, evaluateInProcessTsxMs: evaluateUnhardened } };
  },
};
