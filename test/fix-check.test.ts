/** The app's check of proposed fixes: each edited case's report (here from evaluate() itself) must pass the contract and turn the verdict PASS. */
import { describe, expect, it } from 'vitest';
import type { CaseInput } from '../src/engine/case.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { failingTarget, proposeFixes } from '../src/engine/fixes/index.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import type { Outcome } from '../src/sandbox/protocol.ts';
import { checkFixes } from '../src/ui/fixes/checkFixes.ts';

const copilot = EXAMPLES.find((e) => e.id === 'copilot-extra-key')?.case;
if (!copilot) throw new Error('no copilot example');
const real = async (c: CaseInput): Promise<Outcome> => ({ kind: 'report', report: await evaluate(c), ms: 1 });

async function setUp() {
  const before = await evaluate(copilot);
  const target = failingTarget(before, { converter: copilot!.converter, client: copilot!.client });
  if (!target) throw new Error('copilot passes');
  return { before, target, candidates: proposeFixes({ role: 'output', schema: copilot!.schema, answer: copilot!.answer, report: before, target }) };
}

describe('checking fixes in side runs', () => {
  it('offers the loosened schema with the listing it changes, after a real run', async () => {
    const { before, target, candidates } = await setUp();
    const check = await checkFixes(candidates, copilot!, before, target, real);
    const loosen = check.offered.find((f) => f.fix.kind === 'loosen-object');
    expect(loosen).toBeDefined();
    expect(JSON.stringify(loosen?.listedBefore)).toContain('"additionalProperties":false');
    expect(JSON.stringify(loosen?.listedAfter)).not.toContain('"additionalProperties":false');
    expect(check.tried).toBe(candidates.filter((c) => c.schema !== null && !c.verifiedBy).length);
  });

  it('offers no schema edit whose report breaks the contract, times out or goes stale', async () => {
    const { before, target, candidates } = await setUp();
    const forged = async (c: CaseInput): Promise<Outcome> => {
      const report = await evaluate(c);
      return { kind: 'report', report: { ...report, v: 2 } as unknown as typeof report, ms: 1 };
    };
    const timeout = async (): Promise<Outcome> => ({ kind: 'timeout', budgetMs: 1 });
    for (const run of [forged, timeout]) {
      const check = await checkFixes(candidates, copilot!, before, target, run);
      expect(check.offered.filter((f) => !f.fix.verifiedBy)).toEqual([]);
    }
    const stale = await checkFixes(candidates, copilot!, before, target, async () => ({ kind: 'stale' }));
    expect(stale.tried).toBe(0);
  });
});
