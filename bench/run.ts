/**
 * `npm run bench -- [--quick] [--section engine]`: runs each benchmark section, prints its table and writes
 * bench/results/<section>.json. A section is a module exporting `section: Section`; bench/browser.ts slots in
 * as the second one by existing.
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

/** One benchmark section. */
export interface Section {
  id: string;
  title: string;
  run(options: { quick: boolean }): Promise<SectionResult>;
}

/** Section modules in print order; a missing file is skipped (the browser section lands later). */
const MODULES = ['engine.ts', 'browser.ts'];
const RESULTS = join(import.meta.dirname, 'results');

/** The machine a result was measured on, for the README's budget statements. */
export function machine(): Record<string, unknown> {
  const cpu = cpus();
  return { cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length, node: process.version, platform: `${process.platform} ${process.arch}`, loadavg: loadavg().map((l) => Number(l.toFixed(2))) };
}

function describe(host: Record<string, unknown>): string {
  return `machine: ${String(host['cpu'])}, ${String(host['cores'])} cores, Node ${String(host['node'])}; load average at start ${JSON.stringify(host['loadavg'])}`;
}

async function main(argv: readonly string[]): Promise<void> {
  const quick = argv.includes('--quick');
  const only = argv.includes('--section') ? argv[argv.indexOf('--section') + 1] : undefined;
  mkdirSync(RESULTS, { recursive: true });
  for (const file of MODULES) {
    const path = join(import.meta.dirname, file);
    if (!existsSync(path)) continue;
    const { section } = (await import(pathToFileURL(path).href)) as { section: Section };
    if (only && section.id !== only) continue;
    const started = new Date().toISOString();
    const host = machine();
    const result = await section.run({ quick });
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
