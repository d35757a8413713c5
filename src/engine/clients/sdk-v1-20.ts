/**
 * The v1 client as @modelcontextprotocol/sdk 1.20.2 has it (client/index.js): the Client's own Ajv 6 instance compiles
 * each outputSchema (a schema that does not compile is skipped: no validation) and words errors with `errorsText`.
 */
import type { Verdict } from '../report.ts';
import type { Client } from '../types.ts';
import type { V1Api } from '../worlds/world.ts';
import { messageOf } from '../lib/message.ts';
import { compileCache } from './validator-cache.ts';

type Ajv6Validate = ((data: unknown) => boolean) & { errors?: unknown };
interface Ajv6 {
  compile(schema: unknown): Ajv6Validate;
  errorsText(errors: unknown): string;
}
type Check = { ok: true; validate: Ajv6Validate } | { ok: false; message: string } | { ok: null };

/** The 1.20.2 client of a world's SDK surface (its Ajv is the one a 1.20 `Client` makes for itself). */
export function sdkV120ClientOf(api: V1Api): Client<'sdk-v1'> {
  const ajv = (new (api.Client as unknown as new (info: object) => { _ajv: Ajv6 })({ name: 'mcp-schema-playground', version: '1.0.0' }))._ajv;
  const { ErrorCode, McpError } = api;
  const check = compileCache((schema): Check => {
    const wire = api.ListToolsResultSchema.safeParse({ tools: [{ name: 'tool', inputSchema: { type: 'object' }, outputSchema: schema }] });
    if (!wire.success) return { ok: false, message: wire.error?.message ?? '' };
    try {
      return { ok: true, validate: ajv.compile(schema) };
    } catch {
      return { ok: null };
    }
  });
  const reject = (message: string): Verdict => ({ valid: false, message });
  return {
    id: 'sdk-v1',
    dialect: 'ignored',
    verify(listed, result, tool) {
      if (listed === null) return { valid: null, message: null };
      const compiled = check(listed);
      if (compiled.ok === false) return reject(compiled.message);
      if (compiled.ok === null) return { valid: null, message: null };
      const parsed = api.CallToolResultSchema.safeParse({ content: [], structuredContent: result.structuredContent, ...(result.isError ? { isError: true } : {}) });
      if (!parsed.success) return reject(parsed.error?.message ?? '');
      const sc = (parsed.data as { structuredContent?: unknown }).structuredContent;
      if (!sc) {
        if (result.isError) return { valid: null, message: null };
        return reject(new McpError(ErrorCode.InvalidRequest, `Tool ${tool} has an output schema but did not return structured content`).message);
      }
      try {
        if (compiled.validate(sc)) return { valid: true, message: null };
        return reject(new McpError(ErrorCode.InvalidParams, `Structured content does not match the tool's output schema: ${ajv.errorsText(compiled.validate.errors)}`).message);
      } catch (e) {
        return reject(new McpError(ErrorCode.InvalidParams, `Failed to validate structured content: ${messageOf(e)}`).message);
      }
    },
  };
}
