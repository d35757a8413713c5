/** A converter's server wire as data (src/engine/converters/wire.ts): the defaults are the v2 SDK server's behaviour. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverWire } from '../src/engine/converters/wire.ts';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import type { Json } from '../src/engine/report.ts';
import type { Listing, LoadedCase } from '../src/engine/types.ts';

const bare: Listing = { listed: { type: 'object' }, listError: null, warning: null };

describe('serverWire', () => {
  it('a listing that says nothing gets the defaults, and its refusal is the real v2 server\'s isError text', async () => {
    const cases: Array<[LoadedCase, Json]> = [
      [{ role: 'output', tool: 'get_invoice', schema: z.object({ id: z.string(), n: z.number() }) }, { id: 1, n: 'x' }],
      [{ role: 'input', tool: 'search', schema: z.object({ q: z.string() }) }, { q: 2 }],
    ];
    for (const [loaded, answer] of cases) {
      const wire = serverWire(bare, loaded);
      expect(wire).toMatchObject({ wrapsResult: false, wrapsNonObject: false, callError: null, refusesAnswer: null });
      const parsed = loaded.schema.safeParse(answer);
      const real = await runRealSdk('v2', loaded, answer);
      expect(real.isError).toBe(true);
      expect(parsed.success ? null : wire.refusal(parsed.error.message)).toBe(real.text);
    }
  });

  it("a listing's own fields override the defaults", () => {
    const loaded: LoadedCase = { role: 'output', tool: 't', schema: z.object({}) };
    const refusal = (m: string) => `refused: ${m}`;
    const refusesAnswer = (ships: Json) => (ships ? null : 'falsy');
    const wire = serverWire({ ...bare, wrapsResult: true, wrapsNonObject: true, callError: 'down', refusal, refusesAnswer }, loaded);
    expect(wire).toEqual({ wrapsResult: true, wrapsNonObject: true, callError: 'down', refusal, refusesAnswer });
  });
});
