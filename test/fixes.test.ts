/**
 * Proposed fixes, checked the way the app checks them: each edited case is evaluated for real (zod, the converters,
 * the clients' validators) and must turn the selected client's verdict PASS.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { failingTarget, judge, proposeFixes } from '../src/engine/fixes/index.ts';
import type { Report } from '../src/engine/report.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import type { FixCandidate } from '../src/engine/fixes/types.ts';

const example = (id: string) => {
  const ex = EXAMPLES.find((e) => e.id === id);
  if (!ex) throw new Error(`no example ${id}`);
  return ex.case;
};

type Case = ReturnType<typeof example>;

/** The candidates for a case, each with its judgement from a real evaluation of the edited case. */
async function tried(c: Case) {
  const report = await evaluate(c);
  const target = failingTarget(report, { converter: c.converter, client: c.client });
  if (!target) throw new Error('the case does not fail');
  const out: { fix: FixCandidate; passes: boolean; zodChange: string | null; after: Report | null }[] = [];
  for (const fix of proposeFixes({ role: c.role ?? 'output', schema: c.schema, answer: c.answer, report, target })) {
    if (fix.schema === null) {
      out.push({ fix, passes: false, zodChange: null, after: null });
      continue;
    }
    const after = await evaluate({ ...c, schema: fix.schema, answer: fix.answer ?? c.answer });
    out.push({ fix, ...judge(report, after, target), after });
  }
  return { report, target, out };
}

describe('fixes', () => {
  it('opens both objects with an undeclared key in the Copilot case, in place, and the SDK v1 client then passes', async () => {
    const c = example('copilot-extra-key');
    const { out } = await tried(c);
    const loosen = out.find((t) => t.fix.kind === 'loosen-object');
    expect(loosen?.fix.schema).toBe(c.schema.replaceAll('z.object(', 'z.looseObject('));
    expect(loosen?.passes).toBe(true);
    expect(loosen?.zodChange).toBeNull();
  });

  it('keeps comments and formatting, and does not touch a z.object in a comment or a string', async () => {
    const schema = [
      'import { z } from "zod";',
      '// was: z.object({ id: z.string() })',
      'const note = "z.object({ id })";',
      'export const outputSchema = z',
      '  .object({',
      '    id: z.string(), // the id',
      "    'total': z.number(),",
      '  })',
      '  .strict();',
      '',
    ].join('\n');
    const c: Case = { ...example('copilot-extra-key'), schema, answer: '{ "id": "a", "total": 1, "extra": true }' };
    const report = await evaluate(c);
    const loosen = proposeFixes({ role: 'output', schema, answer: c.answer, report, target: { converter: c.converter, client: c.client } }).find((f) => f.kind === 'loosen-object');
    expect(loosen?.schema).toBe(schema.replace('  .object({', '  .looseObject({').replace('  })\n  .strict();', '  });'));
  });

  it('offers the change in words when the object cannot be found exactly (its shape is a variable)', async () => {
    const schema = 'import { z } from "zod";\nconst shape = { id: z.string() };\nexport default z.object(shape);\n';
    const c: Case = { ...example('copilot-extra-key'), schema, answer: '{ "id": "a", "extra": 1 }' };
    const { out } = await tried(c);
    const loosen = out.find((t) => t.fix.kind === 'loosen-object');
    expect(loosen?.fix.schema).toBeNull();
    expect(loosen?.fix.copy).toContain('z.looseObject');
  });

  it.each([
    ['default-listed-required', 'default-to-optional', 'count: z.number().optional()'],
    ['date-takes-down-tools-list', 'date-to-iso', 'when: z.iso.datetime().optional()'],
    ['strict-object-refuses', 'loosen-object', 'export default z.looseObject({'],
    ['union-disappears', 'wrap-root', 'export default z.object({ result: z.discriminatedUnion("kind", [Circle, Square]) });'],
  ])('%s: the %s fix turns the selected verdict PASS', async (id, kind, line) => {
    const { out } = await tried(example(id));
    const fix = out.find((t) => t.fix.kind === kind && t.passes);
    expect(fix?.fix.schema).toContain(line);
  });

  it('labels a fix that changes what zod accepts', async () => {
    // Dropping .strict() lets the server's zod accept the extra key it refused before.
    const { out } = await tried(example('strict-object-refuses'));
    for (const t of out.filter((t) => t.passes && t.fix.schema !== null)) expect(t.zodChange).toBe('now accepts');
  });

  it('offers a policy or the handler code only where the same report shows that row passing', async () => {
    const c = example('copilot-extra-key');
    const { report, out } = await tried(c);
    const server = out.filter((t) => t.fix.verifiedBy !== null);
    expect(server.map((t) => t.fix.kind)).toContain('handler-strip');
    for (const t of server) expect(report.converters[c.converter]?.policies[t.fix.verifiedBy ?? 'raw']?.verdicts[c.client]?.valid).toBe(true);
    expect(server.find((t) => t.fix.kind === 'handler-strip')?.fix.copy).toContain('outputSchema.parse(result)');
  });

  it('proposes nothing when the selected verdict passes', async () => {
    const c = { ...example('copilot-extra-key'), answer: '{ "id": "a", "total": 1, "lines": [] }' };
    const report = await evaluate(c);
    expect(proposeFixes({ role: 'output', schema: c.schema, answer: c.answer, report, target: { converter: c.converter, client: c.client } })).toEqual([]);
  });
});
