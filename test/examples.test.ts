/** Every gallery example shows the verdicts its explanation promises (the SDK converters are checked against the real run elsewhere). */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { EXAMPLES } from '../src/examples/index.ts';

describe.each(EXAMPLES)('example $id', (ex) => {
  it(`keeps its promise: ${ex.title}`, async () => {
    const report = await evaluate(ex.case);
    expect(report.load).toEqual({ ok: true });
    expect(report.answer).toEqual({ ok: true });
    if (ex.listError) {
      const row = report.converters[ex.listError.converter];
      expect(row?.listed).toBeNull();
      expect(row?.listError).toContain(ex.listError.says);
    }
    for (const p of ex.promises) {
      const row = report.converters[p.converter]?.policies[p.policy];
      expect(row, `${p.converter}/${p.policy}`).toBeTruthy();
      const verdict = row?.verdicts[p.client];
      expect(verdict?.valid, `${p.converter}/${p.policy}/${p.client}: ${verdict?.message ?? row?.refused}`).toBe(p.valid);
      if (p.says !== undefined) expect(p.valid === null ? row?.refused : verdict?.message).toContain(p.says);
    }
  });

  it('has a one-line explanation and a unique id', () => {
    expect(ex.explanation).not.toContain('\n');
    expect(EXAMPLES.filter((e) => e.id === ex.id)).toHaveLength(1);
  });
});

it('the gallery holds at least 10 examples', () => {
  expect(EXAMPLES.length).toBeGreaterThanOrEqual(10);
});
