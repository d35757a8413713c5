/**
 * The bad-input matrix, engine and pure rows (docs/bad-input.md): every input a user can paste ends in a clear message,
 * positioned where a position exists, as a value in the Report — never a throw, a hang or a polluted prototype.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';
import type { Report } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { answerProblem } from '../src/ui/answerProblem.ts';
import { LARGE_ANSWER_CHARS, describeRun } from '../src/ui/StatusLine.tsx';
import { ENGINE_ROWS } from './bad-input.rows.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

/** What Object.prototype holds, to compare before and after: names, and each property's descriptor. */
function prototypeSnapshot(): string {
  return JSON.stringify(Reflect.ownKeys(Object.prototype).map((k) => [String(k), typeof Object.getOwnPropertyDescriptor(Object.prototype, k)?.value]));
}

// Each engine row's message and position, in the Report and in the problems list: test/panes-cases.test.ts.
describe('engine rows', () => {
  it('a schema that recurses forever is refused at once, not after the converters overflow or loop', async () => {
    const endless = ENGINE_ROWS.find((r) => r.row === 'a schema that recurses forever at conversion');
    if (!endless) throw new Error('row missing');
    // Each variant builds a fresh schema per level: through a getter, through z.lazy, through an array of z.lazy.
    const variants = [
      endless.case.schema,
      "import { z } from 'zod';\nconst A = (): z.ZodType => z.lazy(() => z.object({ next: A() }));\nexport default A();",
      "import { z } from 'zod';\nconst A = (): z.ZodType => z.object({ items: z.array(z.lazy(() => A())) });\nexport default A();",
    ];
    for (const schema of variants) {
      // The engine's own refusal (not a stack overflow or the watchdog): the recursion was seen before converting.
      const report = await evaluate({ v: 1, schema, answer: '{}' });
      expect(report.load, schema).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The schema never ends/) } });
    }
  });

  it('recursion that returns the same schema is not mistaken for a schema that never ends', async () => {
    for (const schema of [
      "import { z } from 'zod';\nconst Node = z.object({ id: z.string(), get children() { return z.array(Node); } });\nexport default Node;",
      "import { z } from 'zod';\nconst Node: z.ZodType = z.lazy(() => z.object({ next: Node.optional() }));\nexport default Node;",
    ]) {
      const report = await evaluate({ v: 1, schema, answer: '{"id":"1","children":[{"id":"2","children":[]}]}' });
      expect(report.load, schema).toEqual({ ok: true });
    }
  });
});

describe('what the app calls a refused answer', () => {
  /** The row's Report, as the app gets it from the engine. */
  async function answerError(name: string) {
    const row = ENGINE_ROWS.find((r) => r.row === name);
    if (!row) throw new Error(`row missing: ${name}`);
    const report = await evaluate(row.case);
    if (report.answer.ok) throw new Error(`${name}: the answer was accepted`);
    return report.answer.error;
  }

  it('valid JSON nested too deeply is not called invalid JSON', async () => {
    const error = await answerError('10,000-deep nesting');
    expect(answerProblem('output', error)).toBe('the answer nests too deeply');
    expect(answerProblem('input', error)).toBe('the arguments nest too deeply');
  });

  it('malformed JSON is', async () => {
    const error = await answerError('malformed JSON');
    expect(answerProblem('output', error)).toBe('the answer is not valid JSON');
    expect(answerProblem('input', error)).toBe('the arguments are not valid JSON');
  });
});

describe('a run that times out', () => {
  const timeout = { kind: 'timeout', budgetMs: 2000 } as const;

  it('blames the schema when the answer is small', () => {
    expect(describeRun(timeout, { answerChars: 20, role: 'output' }).text).toBe(
      'The schema ran longer than 2 s — likely an infinite loop. The worker was restarted; edit the schema to try again.',
    );
  });

  it('names the answer and its size when the answer is large', () => {
    expect(describeRun(timeout, { answerChars: 10 * 1024 * 1024 + 5, role: 'output' }).text).toBe(
      'The evaluation ran longer than 2 s — the answer is 10.0 MB, likely too large to check within that time. The worker was restarted; try a smaller answer.',
    );
    expect(describeRun(timeout, { answerChars: LARGE_ANSWER_CHARS, role: 'input' }).text).toMatch(/— the arguments are 256 KB, likely too large/);
  });
});

describe('an answer with a __proto__ key', () => {
  const answer = '{"id":"1","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';

  it('is reported as undeclared by every converter and policy, and pollutes nothing', async () => {
    const before = prototypeSnapshot();
    const report: Report = await evaluate({ v: 1, schema: "import { z } from 'zod';\nexport default z.object({ id: z.string() });", answer });
    expect(prototypeSnapshot()).toBe(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const rows = Object.values(report.converters).flatMap((c) => Object.entries(c.policies));
    expect(rows.length).toBeGreaterThan(0);
    for (const [policy, row] of rows) expect(row?.undeclared, policy).toEqual(['__proto__', 'constructor']);
    // `keep` puts it back as an own key: shown to the user, not turned into a prototype.
    const kept = shipsOf(report, report.converters.zod?.policies.keep) as Record<string, unknown>;
    expect(Object.hasOwn(kept, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });
});

describe('a link truncated mid-way', () => {
  const link = encodePermalink({ ...DEFAULT_CASE, answer: `{"id":"${'x'.repeat(2000)}"}` });

  it('fails to open at every cut, asking whether it was copied in full', () => {
    const body = link.indexOf('.') + 1;
    for (let cut = body; cut < link.length; cut++) {
      const decoded = decodePermalink(link.slice(0, cut));
      expect(decoded.ok, `cut at ${cut}`).toBe(false);
      if (!decoded.ok) expect(decoded.error, `cut at ${cut}`).toMatch(/(truncated|damaged).*Was it copied in full\?$/);
    }
  });
});

describe('a link with an unknown version', () => {
  const link = encodePermalink(DEFAULT_CASE);

  it('says which version, whatever follows it', () => {
    for (const hash of ['#v9.AAAA', `#v9.${link.slice(4)}`, '#v2.']) {
      const decoded = decodePermalink(hash);
      expect(decoded).toEqual({ ok: false, error: expect.stringMatching(/newer version of the playground \(v[29]\)/) });
    }
  });
});
