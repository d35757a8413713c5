/** The case module: one schema that links, drafts, case files and the engine all read; the filled case; the one comparison. */
import { describe, expect, it } from 'vitest';
import golden from './golden/links.json' with { type: 'json' };
import { CASE_DEFAULTS, CASE_KEYS, CaseSchema, checkCase, engineCaseOf, fillCase, normalizeCase, sameCase, type Case } from '../src/engine/case.ts';
import { ENGINE_FIELDS } from '../src/engine/case/names.ts';
import { DEFAULT_VERSIONS } from '../src/engine/contract/versions.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';

const CASES = (golden as { case: Case }[]).map((row) => row.case);

describe('the filled case', () => {
  it('has every field, each left out holding its default, and its normal form is the case\'s', () => {
    for (const c of [...CASES, { schema: 's', answer: 'a' }]) {
      const filled = fillCase(c);
      expect(Object.keys(filled)).toEqual(CASE_KEYS);
      for (const key of Object.keys(CASE_DEFAULTS) as Array<keyof typeof CASE_DEFAULTS>) {
        expect(filled[key]).toEqual(c[key] === undefined ? CASE_DEFAULTS[key] : key === 'versions' ? { ...DEFAULT_VERSIONS, ...c.versions } : c[key]);
      }
      expect(normalizeCase(filled)).toStrictEqual(normalizeCase(c));
    }
  });

  it('a case that names a default is the same case as one that leaves it out, on every field and on the engine\'s', () => {
    const named: Case = { ...DEFAULT_CASE, versions: DEFAULT_VERSIONS, answerForm: 'structuredContent', protocol: '2025-11-25' };
    expect(sameCase(named, DEFAULT_CASE)).toBe(true);
    expect(normalizeCase(named)).toStrictEqual(DEFAULT_CASE);
    expect(engineCaseOf(named)).toStrictEqual(engineCaseOf(DEFAULT_CASE));
    // The UI's choices are not the engine's fields; the answer is.
    expect(sameCase({ ...DEFAULT_CASE, client: 'sdk-v2-node' }, DEFAULT_CASE)).toBe(false);
    expect(sameCase({ ...DEFAULT_CASE, client: 'sdk-v2-node' }, DEFAULT_CASE, ENGINE_FIELDS)).toBe(true);
    expect(sameCase({ ...DEFAULT_CASE, answer: '{}' }, DEFAULT_CASE, ENGINE_FIELDS)).toBe(false);
  });
});

describe('one schema for links, drafts, case files and the engine', () => {
  const file = { v: 1, schema: 'export default z.object({})', answer: '{}' };

  it('a link reads a case file as the engine does: a field left out is its default', async () => {
    expect(checkCase(file)).toEqual({ ok: true, state: { role: 'output', tool: 'my_tool', schema: file.schema, answer: '{}', converter: 'mcp-sdk-v1', client: 'sdk-v1' } });
    const report = await evaluate(file);
    expect(report).toMatchObject({ role: 'output', tool: 'my_tool', load: { ok: true } });
  });

  it('what a link refuses, the engine refuses too, naming the field', async () => {
    for (const [field, value] of [['converter', 'nope'], ['versions', { zod: '4.6.7', zodd: '1' }], ['tool', 'x'.repeat(129)]] as const) {
      const bad = { ...file, [field]: value };
      expect(checkCase(bad)).toMatchObject({ ok: false, error: expect.stringContaining(`"${field}"`) });
      expect(CaseSchema.safeParse(bad).success).toBe(false);
      expect((await evaluate(bad)).load).toMatchObject({ ok: false, error: { message: expect.stringMatching(new RegExp(`^Not a valid case: ${field}`)) } });
    }
  });

  it('the engine trims the tool name and runs an empty one as my_tool; a link keeps it as typed', async () => {
    expect((await evaluate({ ...file, tool: '  get_x  ' })).tool).toBe('get_x');
    expect((await evaluate({ ...file, tool: '' })).tool).toBe('my_tool');
    expect(checkCase({ ...file, tool: '  get_x  ' })).toMatchObject({ ok: true, state: { tool: '  get_x  ' } });
  });
});
