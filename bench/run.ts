/**
 * `npm run bench -- [--quick] [--section engine|browser|worlds|package] [--dist <built app>] [--row giant-answer]`: runs each benchmark section, prints
 * its table and writes bench/results/<section>.json. A section is a module exporting `section: Section`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a section hands back: a table for people and JSON for scripts. */
export interface SectionResult {
  text: string;
  json: unknown;
}

/** What `npm run bench -- …` passes to every section. */
export interface RunOptions {
  /** Fewer samples: a quick look, not figures to quote. */
  quick: boolean;
  /** `--dist <dir>`: an existing build for the browser section to serve instead of building one. */
  dist: string | undefined;
  /** `--row <id>`: only this row of a section (the browser section knows `giant-answer`, `repeat-visit`, `compare-grid`, `floor`, `runaway`, `edit-profile` and `edit-floor`). */
  row: string | undefined;
}

/** One benchmark section. */
export interface Section {
  id: string;
  title: string;
  run(options: RunOptions): Promise<SectionResult>;
}

/** Section modules in print order; a missing file is skipped. */
const MODULES = ['engine.ts', 'browser.ts', 'worlds.ts', 'package.ts'];
const RESULTS = join(import.meta.dirname, 'results');

/** The machine a result was measured on, for docs/performance.md's budget statements. */
export function machine(): Record<string, unknown> {
  const cpu = cpus();
  return { cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length, node: process.version, platform: `${process.platform} ${process.arch}`, loadavg: loadavg().map((l) => Number(l.toFixed(2))) };
}

/** A byte count for people: 126 B, 17.4 KB, 1.00 MB. */
export const size = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} B`);

/** Rows as aligned columns: the first left-aligned, the others right-aligned. */
export function table(rows: readonly string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

function describe(host: Record<string, unknown>): string {
  return `machine: ${String(host['cpu'])}, ${String(host['cores'])} cores, Node ${String(host['node'])}; load average at start ${JSON.stringify(host['loadavg'])}`;
}

async function main(argv: readonly string[]): Promise<void> {
  const quick = argv.includes('--quick');
  const only = argv.includes('--section') ? argv[argv.indexOf('--section') + 1] : undefined;
  const dist = argv.includes('--dist') ? argv[argv.indexOf('--dist') + 1] : undefined;
  const row = argv.includes('--row') ? argv[argv.indexOf('--row') + 1] : undefined;
  mkdirSync(RESULTS, { recursive: true });
  for (const file of MODULES) {
    const path = join(import.meta.dirname, file);
    if (!existsSync(path)) continue;
    const { section } = (await import(pathToFileURL(path).href)) as { section: Section };
    if (only && section.id !== only) continue;
    const started = new Date().toISOString();
    const host = machine();
    const result = await section.run({ quick, dist, row });
    console.log(`\n## ${section.title}\n\n${describe(host)}\n${result.text}\n`);
    const out = join(RESULTS, `${section.id}.json`);
    writeFileSync(out, `${JSON.stringify({ section: section.id, started, quick, machine: host, ...(result.json as object) }, null, 2)}\n`);
    console.log(`(written to ${out})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
