/**
 * The v1 client (`@modelcontextprotocol/sdk` 1.32.2, or a world's copy of it): its Ajv provider and the checks
 * `Client.listTools`/`callTool` make.
 */
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import type { V1Api } from '../worlds/world.ts';
import { DEFAULT_V1_CLIENT } from '../worlds/v1-client.ts';
import type { Verdict } from '../report.ts';
import type { Client } from '../types.ts';
import { compileCache, providerPool, type ValidateFn } from './validator-cache.ts';
import { messageOf } from '../lib/message.ts';
import { ajvErrors, readErrors, readerOf, type AjvEngine, type ErrorReader } from './validator-errors.ts';

type Check = { ok: true; validate: ValidateFn; errorsOf: ErrorReader } | { ok: false; message: string };
type Provider = { getValidator(schema: JsonSchemaType): ValidateFn };

/** The v1 client of one SDK surface (1.32.2's; a world's 1.32.2 shares its zod): see `sdkV1Client`. */
export function sdkV1ClientOf(api: Pick<V1Api, 'CallToolResultSchema' | 'ErrorCode' | 'ListToolsResultSchema' | 'McpError' | 'AjvJsonSchemaValidator'>): Client<'sdk-v1'> {
  const { CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError } = api;
  const provider = providerPool(() => new (api.AjvJsonSchemaValidator as unknown as new () => Provider)());

  // listTools parses the result (root must be `type: 'object'`, else the zod error's message is thrown as is), then compiles every outputSchema.
  const check = compileCache((schema, key): Check => {
    const wire = ListToolsResultSchema.safeParse({ tools: [{ name: 'tool', inputSchema: { type: 'object' }, outputSchema: schema }] });
    if (!wire.success) return { ok: false, message: wire.error?.message ?? '' };
    try {
      const validator = provider(key);
      const validate = validator.getValidator(schema as JsonSchemaType);
      // The provider's one Ajv instance (a private field: test/clients.test.ts pins that verdicts carry its errors).
      return { ok: true, validate, errorsOf: readerOf(() => ajvErrors((validator as unknown as { _ajv: AjvEngine })._ajv, schema)) };
    } catch (e) {
      return { ok: false, message: messageOf(e) };
    }
  });

  const reject = (message: string): Verdict => ({ valid: false, message });

  /**
   * Validates like v1's `Client.callTool` (client/index.js): even an isError result is validated when it carries
   * structuredContent. For the input role this answers: would a client validating arguments against the listed inputSchema accept them.
   */
  return {
    id: 'sdk-v1',
    // One draft-07 Ajv with validateSchema: false: `$schema` is never read (test/clients.test.ts asks the real client).
    dialect: 'ignored',
    verify(listed, result) {
      if (listed === null) return { valid: null, message: null };
      const compiled = check(listed);
      if (!compiled.ok) return reject(compiled.message);
      // A null structuredContent is JSON null on the wire (evaluate ships a null answer as is), which the result parse refuses.
      // The client validates its own parse of the result: the record copy turns an own `__proto__` key into a prototype.
      const parsed = CallToolResultSchema.safeParse({ content: [], structuredContent: result.structuredContent });
      if (!parsed.success) return reject(parsed.error?.message ?? '');
      const sc = (parsed.data as { structuredContent?: unknown }).structuredContent;
      try {
        const outcome = compiled.validate(sc);
        if (outcome.valid) return { valid: true, message: null };
        const said = outcome.errorMessage ?? '';
        const message = new McpError(ErrorCode.InvalidParams, `Structured content does not match the tool's output schema: ${said}`).message;
        return { ...reject(message), ...readErrors(() => compiled.errorsOf(sc, said)) };
      } catch (e) {
        return reject(new McpError(ErrorCode.InvalidParams, `Failed to validate structured content: ${messageOf(e)}`).message);
      }
    },
  };
}

/** Validates like v1's `Client.callTool` (1.32.2). */
export const sdkV1Client: Client<'sdk-v1'> = sdkV1ClientOf(DEFAULT_V1_CLIENT);
