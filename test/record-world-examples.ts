/**
 * `npx tsx test/record-world-examples.ts [id ...]`: runs each version-world gallery case (or those named) (src/examples/worlds.ts) through the
 * engine and writes src/examples/worlds.recorded.json: the listing errors and the raw-policy verdicts of both SDKs'
 * converters and clients, as the run gave them. Review the file (it must show what each explanation says) before
 * committing it; never edit it by hand.
 */
import './setup-worlds.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientId, ConverterId } from '../src/engine/contract/catalog.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Expected, ExpectedVerdict } from '../src/examples/case-format.ts';
import { WORLD_CASES } from '../src/examples/worlds.ts';

const PAIRS: [ConverterId, ClientId][] = [
  ['mcp-sdk-v1', 'sdk-v1'],
  ['mcp-sdk-v2', 'sdk-v2-node'],
];
/** How much of a message the record keeps (a substring the tests look for). */
const SAYS_CHARS = 120;

const FILE = join(import.meta.dirname, '..', 'src', 'examples', 'worlds.recorded.json');
const only = process.argv.slice(2);
// Cases not named keep their earlier record.
const out = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, Expected>;
for (const example of WORLD_CASES.filter((c) => only.length === 0 || only.includes(c.id))) {
  const report = await evaluate(example.case);
  const expected: Expected = {};
  if (!report.load.ok) expected.load = report.load.error;
  if (!report.answer.ok) expected.answer = report.answer.error;
  const listErrors = [];
  const verdicts: ExpectedVerdict[] = [];
  for (const [converter, client] of PAIRS) {
    const row = report.converters[converter];
    if (!row) continue;
    if (row.listError !== null) listErrors.push({ converter, says: firstLine(row.listError) });
    const raw = row.policies.raw;
    const verdict = raw?.verdicts[client];
    if (!raw || !verdict) continue;
    const says = verdict.valid === false ? verdict.message : verdict.valid === null ? raw.refused : null;
    verdicts.push({ converter, policy: 'raw', client, valid: verdict.valid, ...(says ? { says: firstLine(says) } : {}) });
  }
  if (listErrors.length > 0) expected.listErrors = listErrors;
  expected.verdicts = verdicts;
  out[example.id] = expected;
  process.stdout.write(`${example.id}: ${JSON.stringify(expected)}\n`);
}
const ordered = Object.fromEntries(WORLD_CASES.filter((c) => out[c.id]).map((c) => [c.id, out[c.id]]));
writeFileSync(FILE, `${JSON.stringify(ordered, null, 2)}\n`);
process.exit(0);

function firstLine(text: string): string {
  return (text.split('\n', 1)[0] ?? '').slice(0, SAYS_CHARS);
}
