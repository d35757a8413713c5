/**
 * Run by test/harden.test.ts in a child process (lockdown() would freeze vitest's own realm): the gallery evaluated
 * before and after the sandbox's hardening (src/sandbox/harden.ts), then every attack row, as one JSON line.
 */
import { evaluate } from '../src/engine/evaluate.ts';
import { sdkV2 } from '../src/engine/chunks.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { ATTACK_ROWS, attackSchema, FAILING_ANSWER } from '../e2e/forgery.rows.ts';
import { hardenRealm } from '../src/sandbox/harden.ts';
import { PARITY_ROWS, parityCase } from '../e2e/parity.rows.ts';
import { addMissingBuiltins } from '../src/node-realm/builtins.ts';

async function main(): Promise<void> {
  // The worker loads the engine parts before it hardens; so does this realm.
  await sdkV2.load();
  // Node 20 lacks three ES2024 built-ins the browser has; the CLI's realm defines them (src/node-realm/builtins.ts).
  addMissingBuiltins();
  const before = await Promise.all(EXAMPLES.map((e) => evaluate(e.case)));
  // The parity rows that touch nothing the hardening forbids, in plain Node (a refused row would change this realm).
  const meaning = PARITY_ROWS.filter((r) => !r.refused);
  const plain = [];
  for (const row of meaning) plain.push({ id: row.id, report: await evaluate(parityCase(row)) });
  hardenRealm();
  const hardened = [];
  // Another schema text each (a comment), so that nothing comes from the loader's cache.
  for (const row of meaning) hardened.push({ id: row.id, report: await evaluate({ ...parityCase(row), schema: `${row.schema}\n// hardened\n` }) });
  const refusals = [];
  for (const row of PARITY_ROWS.filter((r) => r.refused)) refusals.push({ id: row.id, report: await evaluate(parityCase(row)) });
  // Another schema text each (a comment), so that nothing comes from the loader's cache.
  const after = await Promise.all(EXAMPLES.map((e) => evaluate({ ...e.case, schema: `${e.case.schema}\n// hardened\n` })));
  const attacks = [];
  // The refused rows first: Error.prepareStackTrace, once set in this one realm, would blank the stacks (and so the
  // lines) of later errors (in the sandbox every schema text has a realm of its own).
  const rows = [...ATTACK_ROWS].sort((a, b) => Number(a.expect === 'truthful') - Number(b.expect === 'truthful'));
  for (const row of rows) attacks.push({ id: row.id, report: await evaluate({ v: 1, schema: attackSchema(row), answer: FAILING_ANSWER }) });
  process.stdout.write(JSON.stringify({ before, after, attacks, plain, hardened, refusals }));
}

void main();
