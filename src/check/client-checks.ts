/**
 * Each client's own view of one listed schema: does its validator compile it (the SDK's own provider: 1.32.2's Ajv,
 * 2.4.0's Ajv by `$schema`, 2.4.0's @cfworker/json-schema by `$schema`), and which dialect does it read it as.
 */
import { AjvJsonSchemaValidator as AjvV1 } from '@modelcontextprotocol/sdk/validation/ajv';
import { AjvJsonSchemaValidator as AjvV2 } from '@modelcontextprotocol/client/validators/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { AjvJsonSchemaValidator as AjvBeta5 } from 'mcp-client-2-beta5/validators/ajv';
import type { JsonSchema } from '../engine/report.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { CheckClient } from './findings.ts';
import type { Dialect } from './schema-checks.ts';

type Provider = { getValidator(schema: never): unknown };

/**
 * The providers, with the roles each client compiles. The python-sdk client has none here: its jsonschema runs in
 * Python, and what it says is what the call says.
 */
const PROVIDERS: { [K in CheckClient]?: { make: () => Provider; roles: ReadonlyArray<'output' | 'input'> } } = {
  'sdk-v1': { make: () => new AjvV1(), roles: ['output', 'input'] },
  'sdk-v2-node': { make: () => new AjvV2(), roles: ['output', 'input'] },
  'sdk-v2-browser': { make: () => new CfWorkerJsonSchemaValidator(), roles: ['output', 'input'] },
  // The beta compiles an outputSchema only, when asked to call the tool.
  'sdk-v2-beta5': { make: () => new AjvBeta5(), roles: ['output'] },
};

/** The refusal of the 2.x default validators for a `$schema` they do not read (2.4.0: draft-04; the 2.0.0 betas: all but 2020-12). */
const DIALECT_REFUSAL = /^JSON Schema declares an unsupported dialect /;

/**
 * The client's validator's message when it cannot compile the schema (as listTools or callTool would throw it), else
 * null; `dialect` when the 2.0.0 beta refuses it for its `$schema` alone (the `dialect-refused` finding).
 */
export function compileError(client: CheckClient, schema: JsonSchema, tool: string, role: 'output' | 'input'): { message: string; dialect: boolean } | null {
  const provider = PROVIDERS[client];
  if (provider === undefined || !provider.roles.includes(role)) return null;
  try {
    // A fresh provider: Ajv keeps what it compiled by `$id`, and one listing must not change the next one's outcome.
    provider.make().getValidator(schema as never);
    return null;
  } catch (e) {
    const said = messageOf(e);
    // v2 compiles an outputSchema when asked to call the tool and refuses the call with this (client public-*.mjs callTool).
    const message = client !== 'sdk-v1' && role === 'output' ? `Tool '${tool}' has an invalid outputSchema: ${said.slice(0, 200)}` : said;
    return { message, dialect: client === 'sdk-v2-beta5' && DIALECT_REFUSAL.test(said) };
  }
}

/**
 * The dialect the client validates a listing as. v1 uses one draft-07 Ajv whatever `$schema` says; both v2 providers
 * pick by `$schema` (none: 2020-12; draft-06 is read by the draft-07 engine) and refuse other dialects, which
 * compileError reports.
 */
export function dialectRead(client: CheckClient, declared: Dialect): Dialect | 'refused' {
  if (client === 'sdk-v1') return 'draft-07';
  // Python's jsonschema (validator_for) picks by `$schema`, reads drafts 3 to 2020-12, and takes 2020-12 for none or an unknown one.
  if (client === 'python-sdk') return declared === 'unknown' ? '2020-12' : declared;
  if (client === 'sdk-v2-beta5') return declared === '2020-12' ? declared : 'refused';
  if (declared === 'draft-06') return 'draft-07';
  return declared === 'draft-04' || declared === 'unknown' ? 'refused' : declared;
}
