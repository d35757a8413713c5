/**
 * A copy of src/ to change as a worked example in docs/architecture.md says, then type-check or import
 * (test/adding-a-client.test.ts, test/adding-a-case-field.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');

/** A fresh copy of src/ under `root`, with the package.json it reads (the app's version) and the project's compiler options. */
export function copySrc(root: string): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(join(ROOT, 'src'), join(root, 'src'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  // The project's packages where src/ finds them: a zod part's chunk imports its file by path (src/engine/zod-parts).
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const options = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: unknown };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: options.compilerOptions, include: ['src'] }));
}

/** Inserts `insert` right after `after` in the copy's `path`; the anchor gone means the docs' example is stale. */
export function edit(root: string, path: string, after: string, insert: string): void {
  const file = join(root, path);
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(after);
  if (at < 0) throw new Error(`${path} no longer has ${JSON.stringify(after)}: update docs/architecture.md and this test`);
  writeFileSync(file, text.slice(0, at + after.length) + insert + text.slice(at + after.length));
}

/**
 * `tsc --noEmit` over the copy. Incremental, its build info kept in the copy: a test's second check (one edit undone)
 * checks again only what the edit reaches, and a copy made afresh by copySrc starts without it.
 */
export function typecheck(root: string): { ok: boolean; output: string } {
  const run = spawnSync(TSC, ['--noEmit', '--incremental', '--tsBuildInfoFile', join(root, 'tsconfig.tsbuildinfo'), '-p', join(root, 'tsconfig.json')], { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
