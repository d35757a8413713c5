/**
 * The bad-input matrix's engine rows as data (src/examples/case-format.ts): each the input a user pastes and the
 * error the Report must carry.
 * test/panes-cases.test.ts runs them through evaluate() in Node and reads the problems list off the app's component;
 * e2e/bad-input.spec.ts types two of them into the app.
 */
import { MAX_ANSWER_DEPTH } from '../src/engine/answer.ts';
import type { CaseSpec } from '../src/examples/case-format.ts';
import { MAX_SCHEMA_DEPTH } from '../src/engine/load/bounded.ts';
import { NO_SCHEMA } from '../src/engine/load/pick.ts';

/**
 * One row: what goes into the editors, and the phase that refuses it with what the user reads (and where, if anywhere):
 * `expect.load` is the schema editor's error, `expect.answer` the answer editor's.
 */
export interface EngineRow extends CaseSpec<{ v: 1; schema: string; answer: string }> {
  /** The row's name in docs/bad-input.md. */
  row: string;
}

const IMPORT = "import { z } from 'zod';\n\n";
const GOOD_SCHEMA = `${IMPORT}export default z.object({ id: z.string() });\n`;
const GOOD_ANSWER = '{"id":"1"}';
const DEPTH = 10_000;

/** The rows; message and position are what a user must see, so they are spelled out, not derived. */
export const ENGINE_ROWS: readonly EngineRow[] = [
  {
    row: 'TS syntax error',
    case: { v: 1, schema: `${IMPORT}const Id: = z.string();\nexport default z.object({ id: Id });\n`, answer: GOOD_ANSWER },
    expect: { load: { message: 'Syntax error: Unexpected token', line: 3, column: 11 } },
  },
  {
    row: 'a runtime throw',
    case: { v: 1, schema: `${IMPORT}const Id = z.string();\nif (Id) throw new Error('the config is missing');\nexport default z.object({ id: Id });\n`, answer: GOOD_ANSWER },
    expect: { load: { message: 'the config is missing', line: 4, column: 15 } },
  },
  {
    row: 'no schema found',
    case: { v: 1, schema: `${IMPORT}const limit = 10;\nexport const name = 'invoice';\n`, answer: GOOD_ANSWER },
    expect: { load: { message: NO_SCHEMA } },
  },
  {
    row: 'a non-zod value',
    case: { v: 1, schema: `${IMPORT}// the JSON Schema, not the zod one\nexport default { type: 'object', properties: { id: { type: 'string' } } };\n`, answer: GOOD_ANSWER },
    expect: { load: { message: 'export default is an object whose values are not all zod schemas, not a zod schema.', line: 4, column: 1 } },
  },
  {
    row: 'a schema that recurses forever at conversion',
    case: { v: 1, schema: `${IMPORT}const A = (): z.ZodType => z.object({ get a() { return A(); } });\nexport default A();\n`, answer: '{"a":{}}' },
    expect: {
      load: {
        message:
          `The schema never ends: it keeps building new schemas more than ${MAX_SCHEMA_DEPTH} levels deep (a.a.a.a…), so it cannot be converted. ` +
          'A getter or function that returns a new schema on every call recurses forever; have it return the same schema instead (const A = z.object({ get a() { return A; } })).',
        line: 3,
        column: 43,
      },
    },
  },
  {
    row: 'malformed JSON',
    case: { v: 1, schema: GOOD_SCHEMA, answer: '{\n  "id": "1",\n  "note": \'single quotes\'\n}' },
    expect: { answer: { message: 'Malformed JSON: unexpected character', line: 3, column: 11 } },
  },
  {
    row: '10,000-deep nesting',
    case: { v: 1, schema: `${IMPORT}const Node: z.ZodType = z.lazy(() => z.object({ a: Node.optional() }));\nexport default Node;\n`, answer: `${'{"a":'.repeat(DEPTH)}{}${'}'.repeat(DEPTH)}` },
    expect: {
      answer: {
        message: `The answer nests deeper than ${MAX_ANSWER_DEPTH} levels; the playground evaluates answers up to that depth.`,
        line: 1,
        // The first `{` past the limit: level 513 starts after 512 five-character `{"a":` openers.
        column: MAX_ANSWER_DEPTH * '{"a":'.length + 1,
      },
    },
  },
];
