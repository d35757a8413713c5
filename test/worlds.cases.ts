/**
 * The version-world cases, as data: each runs in every world (test/record-worlds.ts records what the real
 * packages do with it, test/worlds.differential.test.ts checks the engine against that). Schemas use only `z` from
 * "zod", as a server of any zod version would write them.
 */
import type { AnswerForm } from '../src/engine/contract/versions.ts';

/** One row of the table. */
export interface WorldCase {
  name: string;
  /** The body after `import { z } from "zod"`: `export default <schema>`. */
  schema: string;
  answer: string;
  answerForm?: AnswerForm;
  /**
   * Top-level keys at a `z.date()` whose ISO string stands for the Date a real handler returns: the
   * recorder's handler returns a Date there, and its messages reach the client through JSON, as over stdio or HTTP.
   */
  dates?: readonly string[];
}

/** The header every case's source starts with. */
export const IMPORT_ZOD = 'import { z } from "zod"\n';

export const WORLD_CASES: readonly WorldCase[] = [
  { name: 'default-left-out', schema: 'export default z.object({ id: z.string(), page: z.number().default(1) })', answer: '{"id":"a"}' },
  { name: 'extra-key', schema: 'export default z.object({ id: z.string() })', answer: '{"id":"a","extra":1}' },
  { name: 'date', schema: 'export default z.object({ at: z.date() })', answer: '{"at":"2026-01-01T00:00:00.000Z"}', dates: ['at'] },
  {
    name: 'discriminated-union',
    schema: 'export default z.object({ shape: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), a: z.string() }), z.object({ kind: z.literal("b"), b: z.number() })]) })',
    answer: '{"shape":{"kind":"a","a":"x"}}',
  },
  { name: 'nullable', schema: 'export default z.object({ note: z.string().nullable() })', answer: '{"note":null}' },
  { name: 'passthrough', schema: 'export default z.object({ id: z.string() }).passthrough()', answer: '{"id":"a","extra":1}' },
  { name: 'transform', schema: 'export default z.object({ n: z.string().transform((s) => s.length) })', answer: '{"n":"abc"}' },
  {
    name: 'is-error-with-structured',
    schema: 'export default z.object({ id: z.string() })',
    answer: '{"content":[{"type":"text","text":"failed"}],"structuredContent":{"id":7},"isError":true}',
    answerForm: 'result',
  },
  {
    name: 'output-schema-no-structured',
    schema: 'export default z.object({ id: z.string() })',
    answer: '{"content":[{"type":"text","text":"only text"}]}',
    answerForm: 'result',
  },
];
