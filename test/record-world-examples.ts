/**
 * `npx tsx test/record-world-examples.ts [id ...]`: runs each version-world gallery case (src/examples/worlds.ts) and
 * each schema-library one (src/examples/libraries.ts), or those named, through the engine and writes
 * src/examples/worlds.recorded.json and libraries.recorded.json: the listing errors and the raw-policy verdicts of both
 * SDKs' converters and clients, as the run gave them. Review the files (they must show what each explanation says)
 * before committing them; never edit them by hand.
 */
import './setup-worlds.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientId, ConverterId } from '../src/engine/contract/catalog.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';
import type { EraOutcome, Expected, ExpectedVerdict } from '../src/examples/case-format.ts';
import { PROTOCOL_IDS } from '../src/engine/contract/versions.ts';
import type { JsonSchema } from '../src/engine/report.ts';
import { WORLD_CASES } from '../src/examples/worlds.ts';
import { LIBRARY_CASES } from '../src/examples/libraries.ts';

const PAIRS: [ConverterId, ClientId][] = [
  ['mcp-sdk-v1', 'sdk-v1'],
  ['mcp-sdk-v2', 'sdk-v2-node'],
];
/** How much of a message the record keeps (a substring the tests look for). */
const SAYS_CHARS = 120;

const only = process.argv.slice(2);
const SETS = [
  { cases: WORLD_CASES, file: join(import.meta.dirname, '..', 'src', 'examples', 'worlds.recorded.json') },
  { cases: LIBRARY_CASES, file: join(import.meta.dirname, '..', 'src', 'examples', 'libraries.recorded.json') },
];
for (const { cases, file } of SETS) {
  // Cases not named keep their earlier record.
  const out = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, Expected>;
  for (const example of cases.filter((c) => only.length === 0 || only.includes(c.id))) {
    const expected = await record(example);
    out[example.id] = expected;
    process.stdout.write(`${example.id}: ${JSON.stringify(expected)}\n`);
  }
  const ordered = Object.fromEntries(cases.filter((c) => out[c.id]).map((c) => [c.id, out[c.id]]));
  writeFileSync(file, `${JSON.stringify(ordered, null, 2)}\n`);
}
process.exit(0);

/** One case's recorded expectations. */
async function record(example: (typeof WORLD_CASES)[number]): Promise<Expected> {
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
  // An era example (it picks a protocol) records both eras side by side, under its own converter and client.
  if (example.case.protocol !== undefined) expected.eras = await Promise.all(PROTOCOL_IDS.map((protocol) => eraOutcome({ ...example.case, protocol }, protocol)));
  return expected;
}

async function eraOutcome(c: (typeof WORLD_CASES)[number]['case'], protocol: EraOutcome['protocol']): Promise<EraOutcome> {
  const report = await evaluate(c);
  const row = report.converters[c.converter];
  const raw = row?.policies.raw;
  const verdict = raw?.verdicts[c.client];
  const says = verdict?.valid === false ? verdict.message : (raw?.refused ?? null);
  return { protocol, listed: listedShape(row?.listed ?? null), ships: shipsOf(report, raw), valid: verdict?.valid ?? null, says: says === null ? null : firstLine(says) };
}

/** "object { result }", "array": a listing's root, as the strip names it. */
function listedShape(listed: JsonSchema | null): string {
  if (listed === null || typeof listed !== 'object') return String(listed);
  const props = listed['properties'];
  const keys = typeof props === 'object' && props !== null && !Array.isArray(props) ? ` { ${Object.keys(props).join(', ')} }` : '';
  return `${typeof listed['type'] === 'string' ? listed['type'] : 'any'}${keys}`;
}

function firstLine(text: string): string {
  return (text.split('\n', 1)[0] ?? '').slice(0, SAYS_CHARS);
}
