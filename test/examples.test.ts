/** Every gallery example promises something under its own picks, explained in one line (test/panes-cases.test.ts checks that it keeps it). */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { WORLD_CASES } from '../src/examples/worlds.ts';

// Each example keeping its promise, in the Report and in the panes, is test/panes-cases.test.ts.
describe.each(EXAMPLES)('example $id', (ex) => {
  it('promises something: a listing error or a verdict under its own converter and client', () => {
    const own = (p: { converter: string; client?: string }) => p.converter === ex.case.converter && (p.client ?? ex.case.client) === ex.case.client;
    expect([...(ex.expect.listErrors ?? []), ...(ex.expect.verdicts ?? [])].filter(own).length, ex.id).toBeGreaterThan(0);
  });

  it('has a one-line explanation and a unique id', () => {
    expect(ex.explanation).not.toContain('\n');
    expect(EXAMPLES.filter((e) => e.id === ex.id)).toHaveLength(1);
  });
});

describe('the version-world examples (src/examples/worlds.ts)', () => {
  it('are all in the gallery, each recorded from a real run', () => {
    expect(WORLD_CASES.map((c) => c.id).filter((id) => !EXAMPLES.some((e) => e.id === id))).toEqual([]);
  });

  it('zod 3 .default(): the same case under the default zod lists the field as required, and the answer fails', async () => {
    const ex = EXAMPLES.find((e) => e.id === 'zod3-default-not-required')!;
    const { versions: _zod3, ...underDefaults } = ex.case;
    const report = await evaluate(underDefaults);
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toMatchObject({ valid: false, message: expect.stringContaining("required property 'count'") });
    expect((await evaluate(ex.case)).converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(true);
  });

  it('era examples: each era side by side is what that era gives now', async () => {
    const eraExamples = EXAMPLES.filter((e) => e.expect.eras);
    expect(eraExamples.map((e) => e.id)).toContain('era-array-wrapped-or-bare');
    for (const ex of eraExamples) {
      for (const era of ex.expect.eras ?? []) {
        const report = await evaluate({ ...ex.case, protocol: era.protocol });
        const raw = report.converters[ex.case.converter]?.policies.raw;
        expect(report.protocol).toBe(era.protocol);
        expect(shipsOf(report, raw), `${ex.id} ${era.protocol}`).toEqual(era.ships);
        expect(raw?.verdicts[ex.case.client]?.valid).toBe(era.valid);
        if (era.says !== null) expect(raw?.verdicts[ex.case.client]?.message ?? raw?.refused).toContain(era.says);
      }
      // The point of the example: the two eras ship different shapes and word the message differently.
      const [a, b] = ex.expect.eras ?? [];
      expect(a?.ships).not.toEqual(b?.ships);
      expect(a?.says).not.toEqual(b?.says);
    }
  });

  it('SDK 1.20 wording: the same case under SDK 1.32 says "must NOT have"', async () => {
    const ex = EXAMPLES.find((e) => e.id === 'sdk120-ajv6-wording')!;
    const report = await evaluate({ ...ex.case, versions: { ...ex.case.versions!, sdk: '1.32.2' } });
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.message).toContain('data must NOT have additional properties');
  });
});
