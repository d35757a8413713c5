/**
 * `npx tsx test/record-fixture.ts <name> <description> <case.json> [key ...]`: evaluates the case (the real SDK runs
 * included) and writes test/fixtures/<name>.json in src/examples/case-format.ts: a refused phase as `expect.load` or
 * `expect.answer`, and the Report's top-level keys given (default: all but versions) as `expect.report`, in the expanded
 * form (src/engine/values.ts).
 * The realSdk rows are what the published packages did; review the file before committing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate } from '../src/engine/evaluate.ts';
import { expandReport } from '../src/engine/values.ts';
import type { Expected } from '../src/examples/case-format.ts';

const [name, description, file, ...keys] = process.argv.slice(2);
if (!name || !description || !file) {
  process.stderr.write('usage: npx tsx test/record-fixture.ts <name> <description> <case.json> [report key ...]\n');
  process.exit(2);
}
const c = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
// Recorded in contract v1's form (each row holding its value): readable, and stable across how the table is ordered.
const report = expandReport(await evaluate(c));
const expect: Expected = {};
if (!report.load.ok) expect.load = report.load.error;
if (!report.answer.ok) expect.answer = report.answer.error;
// The phases are checked by `expect.load`/`expect.answer` (absent: they must succeed), so the report leaves them out.
const pinned = (keys.length > 0 ? keys : Object.keys(report)).filter((k) => !['versions', 'v', 'load', 'answer'].includes(k));
const rest = Object.fromEntries(pinned.filter((k) => k in report).map((k) => [k, (report as Record<string, unknown>)[k]]));
if (Object.keys(rest).length > 0) expect.report = rest;
writeFileSync(join(import.meta.dirname, 'fixtures', `${name}.json`), `${JSON.stringify({ description, case: c, expect }, null, 2)}\n`);
process.exit(0);
