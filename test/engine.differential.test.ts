/**
 * Differential tests: the published SDKs, run for real, are the oracle. For every fixture, what our
 * `mcp-sdk-v1`/`mcp-sdk-v2` converters list and what the `raw` row's clients conclude must agree with the real run.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { ClientId, ConverterId, Report } from '../src/engine/report.ts';
import { loadFixtures } from './fixtures.ts';

const PAIRS: Array<{ sdk: 'v1' | 'v2'; converter: ConverterId; client: ClientId }> = [
  { sdk: 'v1', converter: 'mcp-sdk-v1', client: 'sdk-v1' },
  { sdk: 'v2', converter: 'mcp-sdk-v2', client: 'sdk-v2-node' },
];

describe.each(loadFixtures())('$file', (fx) => {
  it.each(PAIRS)('$converter agrees with the real $sdk run', async ({ sdk, converter, client }) => {
    const report: Report = await evaluate(fx.case);
    if (!report.load.ok || !report.answer.ok) return;
    const real = report.realSdk[sdk];
    const ours = report.converters[converter];
    expect(real, 'the real run happened').toBeTruthy();
    expect(ours, 'the converter ran').toBeTruthy();
    if (!real || !ours) return;
    expect(ours.listed).toEqual(real.listed);
    expect(Boolean(ours.listError)).toBe(Boolean(real.listError));
    if (real.listError) {
      expect(ours.listError).toBe(real.listError);
      return;
    }
    const raw = ours.policies.raw;
    expect(raw).toBeTruthy();
    if (!raw) return;
    if (report.role === 'input') {
      // The arguments go out as sent; the real server refuses them (isError, its text) or runs the tool.
      expect(raw.ships).toEqual(JSON.parse(fx.case.answer));
      expect(raw.refused).toBe(real.isError ? real.text : null);
      expect(raw.verdicts[client].valid, 'the client validates the arguments as sent').not.toBeNull();
      return;
    }
    const verdict = raw.verdicts[client];
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
