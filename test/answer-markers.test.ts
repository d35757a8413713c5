/**
 * The answer editor's error underlines come from the verdicts' structured errors: each lands on the key or value the
 * validator named, for keys no message could be parsed back from (spaces, `, data/`, `; #`, `/`, `~`, non-ASCII).
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { answerMarkers } from '../src/ui/editor/answerMarkers.ts';
import type { ClientId, ConverterId } from '../src/engine/contract/catalog.ts';

/** The error underlines for one case: [line, underlined text, hover message]. */
async function errorMarks(schema: string, answer: string, client: ClientId, role: 'input' | 'output' = 'output', converter: ConverterId = 'mcp-sdk-v1') {
  const report = await evaluate({ v: 1, role, tool: 't', schema: `export default ${schema}`, answer });
  const lines = answer.split('\n');
  return answerMarkers({ text: answer, report, converter, client })
    .filter((m) => m.severity === 'error')
    .map((m) => [m.startLineNumber, (lines[m.startLineNumber - 1] ?? '').slice(m.startColumn - 1, m.endColumn - 1), m.message] as const);
}

const ODD = ['a b', 'x, data/y', 'p; #/q', 's/l~sh', 'é #?'];
const SCHEMA = `z.object({ ${ODD.map((k) => `${JSON.stringify(k)}: z.string()`).join(', ')} })`;
const NUMBERS = `{\n${ODD.map((k, i) => `  ${JSON.stringify(k)}: ${i}`).join(',\n')}\n}`;

// A wrong value reaches the clients in the input role (the output role's zod parse refuses it first).
describe('odd keys with a wrong value: each value is underlined', () => {
  it.each(['sdk-v1', 'sdk-v2-node'] as const)('%s (Ajv, all errors)', async (client) => {
    const marks = await errorMarks(SCHEMA, NUMBERS, client, 'input');
    expect(marks.map(([line, text]) => [line, text])).toEqual(ODD.map((_, i) => [i + 2, String(i)]));
    expect(marks[0]?.[2]).toMatch(/: must be string$/);
  });
  it('sdk-v2-browser (cfworker, first error: its chain ends at the value)', async () => {
    const marks = await errorMarks(SCHEMA, NUMBERS, 'sdk-v2-browser', 'input');
    expect(marks).toEqual([[2, '0', expect.stringMatching(/: Instance type "number" is invalid\. Expected "string"\.$/)]]);
  });
});

describe('odd extra keys: each key is underlined', () => {
  const answer = `{\n  "id": "1",\n${ODD.map((k, i) => `  ${JSON.stringify(k)}: ${i}`).join(',\n')}\n}`;
  it.each(['sdk-v1', 'sdk-v2-node'] as const)('%s (Ajv names each in params)', async (client) => {
    const marks = await errorMarks('z.object({ id: z.string() })', answer, client);
    expect(marks.map(([line, text]) => [line, text])).toEqual(ODD.map((k, i) => [i + 3, JSON.stringify(k)]));
  });
  it('sdk-v2-browser (cfworker: the key its chain descends into)', async () => {
    const marks = await errorMarks('z.object({ id: z.string() })', answer, 'sdk-v2-browser');
    expect(marks).toEqual(ODD.map((k, i) => [i + 3, JSON.stringify(k), expect.stringMatching(/: Property ".*" does not match additional properties schema\.$/)]));
  });
});

it('nested: the item key and the missing-required object, not their ancestors', async () => {
  const answer = '{\n  "lines": [\n    { "sku": 1 }\n  ]\n}';
  const schema = 'z.object({ id: z.string(), lines: z.array(z.object({ sku: z.string() })) })';
  const ajv = await errorMarks(schema, answer, 'sdk-v1', 'input');
  expect(ajv.map(([line, text, message]) => [line, text, message.replace(/^.*\): /, '')])).toEqual([
    [1, '{', "must have required property 'id'"],
    [3, '1', 'must be string'],
  ]);
  const cf = await errorMarks(schema, answer, 'sdk-v2-browser', 'input');
  expect(cf.map(([line, text, message]) => [line, text, message.replace(/^.*\): /, '')])).toEqual([
    [1, '{', 'Instance does not have required property "id".'],
    [3, '1', 'Instance type "number" is invalid. Expected "string".'],
  ]);
});

it('a wrapped answer: pointers under /result land in the answer as typed', async () => {
  const answer = '[\n  { "sessionId": "s1", "connectedAt": "x" }\n]';
  const marks = await errorMarks('z.array(z.object({ sessionId: z.string() }))', answer, 'sdk-v2-node', 'output', 'mcp-sdk-v2');
  expect(marks).toEqual([[2, '"connectedAt"', expect.stringMatching(/\(SDK v2 listing\): must NOT have additional properties$/)]]);
});

it('an answer zod rejects still has its undeclared key underlined', async () => {
  const answer = '{\n  "total": "twelve",\n  "customer": { "shippingAddress": { "city": "Oslo", "region": "Viken" } }\n}';
  const report = await evaluate({ v: 1, tool: 't', schema: 'export default z.object({ total: z.number(), customer: z.object({ shippingAddress: z.object({ city: z.string() }) }) })', answer });
  const warnings = answerMarkers({ text: answer, report, converter: 'mcp-sdk-v1', client: 'sdk-v1' }).filter((m) => m.severity === 'warning');
  expect(warnings.map((m) => [m.startLineNumber, answer.split('\n')[m.startLineNumber - 1]!.slice(m.startColumn - 1, m.endColumn - 1)])).toEqual([[3, '"region"']]);
});
