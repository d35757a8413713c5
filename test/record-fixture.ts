/**
 * `npx tsx test/record-fixture.ts <name> <description> <case.json> [key ...]`: evaluates the case (the real SDK runs
 * included) and writes test/fixtures/<name>.json pinning the Report's top-level keys given (default: all but versions).
 * The realSdk rows are what the published packages did; review the file before committing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate } from '../src/engine/evaluate.ts';

const [name, description, file, ...keys] = process.argv.slice(2);
if (!name || !description || !file) {
  process.stderr.write('usage: npx tsx test/record-fixture.ts <name> <description> <case.json> [report key ...]\n');
  process.exit(2);
}
const c = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const report = (await evaluate(c)) as unknown as Record<string, unknown>;
const pinned = keys.length > 0 ? keys : Object.keys(report).filter((k) => k !== 'versions' && k !== 'v');
const expect = Object.fromEntries(pinned.filter((k) => k in report).map((k) => [k, report[k]]));
writeFileSync(join(import.meta.dirname, 'fixtures', `${name}.json`), `${JSON.stringify({ description, case: c, expect }, null, 2)}\n`);
process.exit(0);
