/**
 * The protocol-era cases, as data: each runs in both protocol eras (test/record-eras.ts records what the real v2 packages do
 * with it, test/eras.differential.test.ts holds the engine to that). Schemas use only `z` in scope.
 */
import type { AnswerForm } from '../src/engine/contract/versions.ts';

/** One row: a schema, an answer, and whether the answer is the whole result. */
export interface EraCase {
  name: string;
  /** `export default <schema>`, with `z` in scope. */
  schema: string;
  answer: string;
  answerForm?: AnswerForm;
  /** An object root: the listing and what ships must be the same in both eras. */
  control?: true;
}

export const ERA_CASES: readonly EraCase[] = [
  { name: 'array', schema: 'export default z.array(z.object({ id: z.string() }))', answer: '[{"id":"1"}]' },
  { name: 'array-undeclared-key-in-item', schema: 'export default z.array(z.object({ id: z.string() }))', answer: '[{"id":"1","costCenter":"CC-7"}]' },
  { name: 'string', schema: 'export default z.string()', answer: '"hello"' },
  { name: 'number', schema: 'export default z.number()', answer: '42' },
  { name: 'number-refused', schema: 'export default z.number()', answer: '"42"' },
  { name: 'non-object-union', schema: 'export default z.union([z.string(), z.object({ a: z.number() })])', answer: '"x"' },
  { name: 'any', schema: 'export default z.any()', answer: '[1,"two",{"three":3}]' },
  { name: 'nullable-object-null', schema: 'export default z.object({ a: z.string() }).nullable()', answer: 'null' },
  { name: 'nullable-object-extra-key', schema: 'export default z.object({ a: z.string() }).nullable()', answer: '{"a":"x","b":1}' },
  {
    name: 'recursive',
    schema: 'const Node = z.object({ name: z.string(), get children() { return z.array(Node) } })\nexport default z.array(Node)',
    answer: '[{"name":"a","children":[{"name":"b","children":[],"extra":true}]}]',
  },
  { name: 'array-missing-default', schema: 'export default z.array(z.object({ id: z.string(), page: z.number().default(1) }))', answer: '[{"id":"a"}]' },
  {
    name: 'iserror-whole-array',
    schema: 'export default z.array(z.number())',
    answer: '{"content":[{"type":"text","text":"boom"}],"structuredContent":[1,2],"isError":true}',
    answerForm: 'result',
  },
  {
    name: 'iserror-whole-string',
    schema: 'export default z.string()',
    answer: '{"content":[{"type":"text","text":"boom"}],"structuredContent":"partial","isError":true}',
    answerForm: 'result',
  },
  { name: 'whole-array-ok', schema: 'export default z.array(z.number())', answer: '{"content":[],"structuredContent":[1,2]}', answerForm: 'result' },
  { name: 'object-extra-key', schema: 'export default z.object({ id: z.string() })', answer: '{"id":"1","costCenter":"CC-7"}', control: true },
  { name: 'object-missing-default', schema: 'export default z.object({ id: z.string(), page: z.number().default(1) })', answer: '{"id":"a"}', control: true },
  {
    name: 'object-union',
    schema: 'export default z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])',
    answer: '{"a":"x"}',
    control: true,
  },
  {
    name: 'object-iserror',
    schema: 'export default z.object({ id: z.string() })',
    answer: '{"content":[{"type":"text","text":"failed"}],"structuredContent":{"id":7},"isError":true}',
    answerForm: 'result',
    control: true,
  },
];
