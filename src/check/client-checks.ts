/**
 * Each client's own view of one listed schema: does its validator compile it (the SDK's own provider: 1.32.2's Ajv,
 * 2.4.0's Ajv by `$schema`, 2.4.0's @cfworker/json-schema by `$schema`), and which dialect does it read it as.
 */
import { AjvJsonSchemaValidator as AjvV1 } from '@modelcontextprotocol/sdk/validation/ajv';
import { AjvJsonSchemaValidator as AjvV2 } from '@modelcontextprotocol/client/validators/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import type { JsonSchema } from '../engine/report.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { CheckClient } from './findings.ts';
import type { Dialect } from './schema-checks.ts';

type Provider = { getValidator(schema: never): unknown };

const PROVIDERS: { [K in CheckClient]: () => Provider } = {
  'sdk-v1': () => new AjvV1(),
  'sdk-v2-node': () => new AjvV2(),
  'sdk-v2-browser': () => new CfWorkerJsonSchemaValidator(),
};

/** The client's validator's message when it cannot compile the schema (as listTools or callTool would throw it), else null. */
export function compileError(client: CheckClient, schema: JsonSchema, tool: string, role: 'output' | 'input'): string | null {
  try {
    // A fresh provider: Ajv keeps what it compiled by `$id`, and one listing must not change the next one's outcome.
    PROVIDERS[client]().getValidator(schema as never);
    return null;
  } catch (e) {
    const said = messageOf(e);
    // v2 compiles an outputSchema when asked to call the tool and refuses the call with this (client public-*.mjs callTool).
    return client !== 'sdk-v1' && role === 'output' ? `Tool '${tool}' has an invalid outputSchema: ${said.slice(0, 200)}` : said;
  }
}

/**
 * The dialect the client validates a listing as. v1 uses one draft-07 Ajv whatever `$schema` says; both v2 providers
 * pick by `$schema` (none: 2020-12; draft-06 is read by the draft-07 engine) and refuse other dialects, which
 * compileError reports.
 */
export function dialectRead(client: CheckClient, declared: Dialect): Dialect | 'refused' {
  if (client === 'sdk-v1') return 'draft-07';
  if (declared === 'draft-06') return 'draft-07';
  return declared === 'draft-04' || declared === 'unknown' ? 'refused' : declared;
}
