/**
 * The seed cases of semantics.md's "Observed with the published packages" table as data (src/examples/case-format.ts):
 * test/panes-cases.test.ts evaluates each in Node and reads its verdicts, listing, undeclared keys and real runs off the
 * app's panes; e2e/app.spec.ts opens one of them in the app.
 */
import type { Case } from '../src/engine/case.ts';
import type { CaseSpec } from '../src/examples/case-format.ts';
import type { ClientId, ConverterId } from '../src/engine/contract/catalog.ts';

/** One seed: its name in the e2e suite, its case (with the converter and client the app opens it on) and its verdicts. */
export interface SeedRow extends CaseSpec<Case & { tool: string; converter: ConverterId; client: ClientId }> {
  name: string;
}

const schemaOf = (expr: string) => `import { z } from 'zod';\n\nexport default ${expr};\n`;
const seed = (schema: string, answer: string, converter: ConverterId, client: ClientId) => ({ v: 1 as const, tool: 't', schema: schemaOf(schema), answer, converter, client });

/** The prefix of a v1 client's refusal of structuredContent. */
export const V1_PREFIX = "MCP error -32602: Structured content does not match the tool's output schema: ";
/** The prefix of a v2 client's refusal of structuredContent. */
export const V2_PREFIX = "Structured content does not match the tool's output schema: ";

/** semantics.md, "Observed with the published packages (zod 4.6.7)", one row each. */
export const SEED_ROWS: readonly SeedRow[] = [
  {
    name: 'an undeclared key: both SDK clients refuse it, wire-truthful passes',
    case: seed('z.object({ id: z.string() })', '{"id":"1","costCenter":"CC-7"}', 'mcp-sdk-v1', 'sdk-v1'),
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: false, says: `${V1_PREFIX}data must NOT have additional properties` },
        { converter: 'mcp-sdk-v1', policy: 'strip', client: 'sdk-v1', valid: true },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v1', valid: true },
      ],
    },
  },
  {
    name: 'a .default() field is listed as required',
    case: seed('z.object({ id: z.string(), count: z.number().default(1) })', '{"id":"1"}', 'mcp-sdk-v2', 'sdk-v2-node'),
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: false, says: `${V2_PREFIX}data must have required property 'count'` },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: true },
      ],
    },
  },
  {
    name: 'z.date() takes tools/list down',
    case: seed('z.object({ when: z.date() })', '{"when":"2026-01-01T00:00:00Z"}', 'mcp-sdk-v1', 'sdk-v1'),
    expect: { listErrors: [{ converter: 'mcp-sdk-v1', says: 'MCP error -32603: Date cannot be represented in JSON Schema' }] },
  },
  {
    name: 'a discriminated union: not listed by v1, oneOf by v2',
    case: seed(
      "z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })])",
      '{"kind":"a","a":"x"}',
      'mcp-sdk-v1',
      'sdk-v2-node',
    ),
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: true },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v2-node', valid: true },
      ],
    },
  },
  {
    name: 'an array root: v2 wraps it as { result }',
    case: seed('z.array(z.object({ id: z.string() }))', '[{"id":"1"}]', 'mcp-sdk-v2', 'sdk-v2-node'),
    expect: { verdicts: [{ converter: 'mcp-sdk-v2', policy: 'raw', client: 'sdk-v2-node', valid: true }] },
  },
  {
    name: 'z.coerce: the server passes, the clients do not',
    case: seed('z.object({ n: z.coerce.number() })', '{"n":"5"}', 'mcp-sdk-v1', 'sdk-v1'),
    expect: {
      verdicts: [
        { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: false, says: `${V1_PREFIX}data/n must be number` },
        { converter: 'wire-truthful', policy: 'raw', client: 'sdk-v1', valid: false },
      ],
    },
  },
  {
    name: 'z.looseObject keeps the extra key and passes',
    case: seed('z.looseObject({ id: z.string() })', '{"id":"1","x":2}', 'mcp-sdk-v1', 'sdk-v1'),
    expect: { verdicts: [{ converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: true }] },
  },
  {
    name: 'z.strictObject: the server refuses the answer',
    case: seed('z.strictObject({ id: z.string() })', '{"id":"1","x":2}', 'mcp-sdk-v1', 'sdk-v1'),
    expect: { verdicts: [{ converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v1', valid: null, says: 'Unrecognized key: "x"' }] },
  },
];
