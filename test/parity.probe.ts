/**
 * Run in a Node process of its own (e2e/parity.spec.ts, test/node-realm.test.ts): each parity row (e2e/parity.rows.ts)
 * evaluated as `npm run evaluate` evaluates a case file, in the CLI's hardened realm (src/node-realm/host.ts), two at a
 * time; prints `[{ id, report }]` (or `{ id, error }` when the realm failed) as one JSON line.
 */
import { PARITY_ROWS, parityCase } from '../e2e/parity.rows.ts';
import { evaluateInRealm } from '../src/node-realm/host.ts';

const ids = process.argv.slice(2);
const rows = ids.length > 0 ? PARITY_ROWS.filter((r) => ids.includes(r.id)) : PARITY_ROWS;
const out: Array<{ id: string; report?: unknown; error?: string }> = [];
let next = 0;
async function lane(): Promise<void> {
  for (let row = rows[next++]; row; row = rows[next++]) {
    const id = row.id;
    out.push(await evaluateInRealm(parityCase(row)).then((report) => ({ id, report }), (e: unknown) => ({ id, error: String(e) })));
  }
}
await Promise.all([lane(), lane()]);
// Exit once the pipe took the whole text (the client realm's ports would keep the process alive).
process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
