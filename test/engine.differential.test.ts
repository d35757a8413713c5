/**
 * Differential tests: the published SDKs, run for real, are the oracle. For every fixture, what our
 * `mcp-sdk-v1`/`mcp-sdk-v2` converters list and what the `raw` row's clients conclude must agree with the real run.
 * Our rows come from one session that keeps everything, as the sandbox worker's does (each fixture meets the memos
 * and connected SDK pairs the earlier ones left); the real run comes from a session that keeps nothing, so it shares
 * no listing, pair or verdict with the rows it judges.
 */
import { AjvJsonSchemaValidator as AjvV2 } from '@modelcontextprotocol/client/validators/ajv';
import { AjvJsonSchemaValidator as AjvV1 } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { engineSession } from '../src/engine/session.ts';
import { expandReport } from '../src/engine/values.ts';
import { refusal } from '../src/examples/case-format.ts';
import { loadFixtures } from './fixtures.ts';
import type { ClientId, ConverterId } from '../src/engine/contract/catalog.ts';

const PAIRS: Array<{ sdk: 'v1' | 'v2'; converter: ConverterId; client: ClientId; validator: () => AjvV1 | AjvV2 }> = [
  { sdk: 'v1', converter: 'mcp-sdk-v1', client: 'sdk-v1', validator: () => new AjvV1() },
  { sdk: 'v2', converter: 'mcp-sdk-v2', client: 'sdk-v2-node', validator: () => new AjvV2() },
];

// A case whose schema or answer is refused never reaches an SDK, so there is no real run to differ from: those
// fixtures pin their error in engine.fixtures.test.ts, and the last test here checks that no real run happened.
const fixtures = loadFixtures();
const ran = fixtures.filter((fx) => refusal(fx.expect) === null);

const cached = engineSession();
afterAll(() => cached.close());

/** The real runs of a case in a session of its own that keeps nothing (asked once per fixture, for both SDKs). */
const realRuns = new Map<string, ReturnType<typeof uncachedRealRuns>>();
async function uncachedRealRuns(input: unknown) {
  const session = engineSession({ cache: false });
  try {
    return expandReport(await evaluate(input, { session })).realSdk;
  } finally {
    await session.close();
  }
}

describe.each(ran)('$file', (fx) => {
  it.each(PAIRS)('$converter agrees with the real $sdk run', async ({ sdk, converter, client, validator }) => {
    const report = expandReport(await evaluate(fx.case, { session: cached }));
    expect(report.load, 'the schema loads').toEqual({ ok: true });
    expect(report.answer, 'the answer parses').toEqual({ ok: true });
    if (!realRuns.has(fx.file)) realRuns.set(fx.file, uncachedRealRuns(fx.case));
    const real = (await realRuns.get(fx.file))?.[sdk];
    const ours = report.converters[converter];
    if (!real || !ours) throw new Error(`the real ${sdk} run or the ${converter} row is missing`);
    expect(ours.listed).toEqual(real.listed);
    expect(ours.listError).toBe(real.listError);
    if (real.listError) return;
    const raw = ours.policies.raw;
    if (!raw) throw new Error('the raw row is missing');
    const verdict = raw.verdicts[client];
    if (report.role === 'input') {
      // The arguments go out as sent; the real server refuses them (isError, its text) or runs the tool.
      const args = JSON.parse(fx.case.answer) as unknown;
      expect(raw.ships).toEqual(args);
      expect(raw.refused).toBe(real.isError ? real.text : null);
      // Neither client validates arguments itself: the verdict is the SDK's own validator on the listed inputSchema.
      if (real.listed === null) expect(verdict.valid).toBeNull();
      else {
        const oracle = validator().getValidator(real.listed as JsonSchemaType)(args);
        expect(verdict.valid, `${verdict.message} / the validator: ${oracle.errorMessage}`).toBe(oracle.valid);
      }
      return;
    }
    if (real.callError) {
      // The real client threw: either it rejected the structuredContent (our verdict must say so, word for word)
      // or the server could not run the tool (then our row ships nothing).
      if (verdict.valid === false) expect(real.callError).toBe(verdict.message);
      else expect(raw.ships).toBeNull();
    } else if (real.isError) {
      // The real server refused the answer: so must our raw row, and the client has nothing to validate.
      expect(raw.refused).toBe(real.text);
      expect(verdict.valid).toBeNull();
    } else {
      expect(raw.ships).toEqual(real.structuredContent);
      expect(verdict.valid).not.toBe(false);
    }
  });
});

it('a fixture whose schema or answer is refused runs no SDK (so the differential above leaves it out)', async () => {
  const refused = fixtures.filter((fx) => refusal(fx.expect) !== null);
  expect(refused.length).toBeGreaterThan(0);
  for (const fx of refused) expect((await evaluate(fx.case)).realSdk, fx.file).toEqual({ v1: null, v2: null });
});
