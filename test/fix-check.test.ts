/** The app's check of proposed fixes: each edited case's report (here from evaluate() itself) must pass the contract and turn the verdict PASS. */
import { describe, expect, it } from 'vitest';
import type { Case } from '../src/engine/case.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { failingTarget, proposeFixes } from '../src/engine/fixes/index.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import type { Outcome } from '../src/sandbox/protocol.ts';
import { checkFixes } from '../src/ui/fixes/checkFixes.ts';

const copilot = EXAMPLES.find((e) => e.id === 'copilot-extra-key')?.case;
if (!copilot) throw new Error('no copilot example');
const real = async (c: Case): Promise<Outcome> => ({ kind: 'report', report: await evaluate(c), ms: 1 });

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
    const forged = async (c: Case): Promise<Outcome> => {
      const report = await evaluate(c);
      return { kind: 'report', report: { ...report, v: 99 } as unknown as typeof report, ms: 1 };
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

describe('fixes together: partial fixes, and the combination a real run checks', () => {
  // Two problems: an undeclared key (the plain object is closed) and a defaulted key the listing requires.
  const twoProblems: Case = {
    v: 1,
    role: 'output',
    tool: 'get_order',
    schema: "import { z } from 'zod';\n\nexport default z.object({\n  id: z.string(),\n  giftWrap: z.boolean().default(false),\n});\n",
    answer: '{ "id": "o1", "region": "EU" }',
  };
  const target = { converter: 'mcp-sdk-v1', client: 'sdk-v1' } as const;

  it('shows each edit that fixes one part as partial, and offers the combination that passes, checked by a real run', async () => {
    const before = await evaluate(twoProblems);
    const failing = failingTarget(before, target);
    if (!failing) throw new Error('the case passes');
    const candidates = proposeFixes({ role: 'output', schema: twoProblems.schema, answer: twoProblems.answer, report: before, target });
    const check = await checkFixes(candidates, twoProblems, before, failing, real);
    const loosen = check.partial.find((p) => p.fix.kind === 'loosen-object');
    expect(loosen).toMatchObject({ fixed: ['/region'], remaining: ['/giftWrap (missing)'] });
    expect(check.partial.find((p) => p.fix.kind === 'default-to-optional')).toMatchObject({ fixed: ['/giftWrap (missing)'], remaining: ['/region'] });
    const together = check.offered.filter((f) => f.fix.parts);
    expect(together.length).toBeGreaterThan(0);
    // The offered combination passes in a fresh run of its own schema.
    const after = await evaluate({ ...twoProblems, schema: together[0]!.fix.schema! });
    expect(after.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(true);
  });
});
