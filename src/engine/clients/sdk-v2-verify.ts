/** The checks v2's `Client.listTools`/`callTool` (client/dist public-*.mjs) make around its validator, for either provider. */
import { z } from 'zod';
import type { JsonSchema, Verdict } from '../report.ts';
import type { Client } from '../types.ts';
import { compileCache, providerPool, type ValidateFn } from './validator-cache.ts';
import { messageOf } from '../lib/message.ts';
import { readErrors, readerOf, type ErrorReader } from './validator-errors.ts';

/** What the v2 providers (Ajv, cf-worker) share. */
export interface ValidatorProvider {
  getValidator(schema: never): ValidateFn;
}

// On the 2025-11-25 wire the v2 client decodes results with schemas internal to its bundle (buildSchemas2025);
// these mirror the parts our synthetic tools/list and tools/call results can fail (pinned against the real client in test/clients.test.ts).
const WireToolsList = z.object({
  tools: z.array(
    z.object({
      outputSchema: z
        .object({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()).optional(), required: z.array(z.string()).optional() })
        .catchall(z.unknown())
        .optional(),
    }),
  ),
});
const WireToolsCall = z.object({ structuredContent: z.record(z.string(), z.unknown()) });
// On the 2026-07-28 wire (buildSchemas2026, SEP-2106) an outputSchema may have any root and structuredContent is any value.
const WireToolsList2026 = z.object({ tools: z.array(z.object({ outputSchema: z.looseObject({ $schema: z.string().optional() }).optional() })) });
const WireToolsCall2026 = z.object({ structuredContent: z.unknown() });

type Check = { ok: true; validate: ValidateFn; errorsOf: ErrorReader } | { ok: false; listError: string } | { ok: false; compileError: string };

const reject = (message: string): Verdict => ({ valid: false, message });

/**
 * A v2 `verify`: dialect dispatch is the provider's own; isError results are not validated. `errorsFor` gives the
 * reader of the structured errors behind the provider's messages for one compiled schema.
 */
export function v2Verify<P extends ValidatorProvider>(makeProvider: () => P, errorsFor: (provider: P, schema: JsonSchema) => ErrorReader, modern = false): Client['verify'] {
  const provider = providerPool(makeProvider);
  const [toolsList, toolsCall] = modern ? [WireToolsList2026, WireToolsCall2026] : [WireToolsList, WireToolsCall];
  const check = compileCache((schema, key): Check => {
    const wire = toolsList.safeParse({ tools: [{ outputSchema: schema }] });
    if (!wire.success) return { ok: false, listError: `Invalid result for tools/list: ${wire.error.message}` };
    try {
      const validator = provider(key);
      return { ok: true, validate: validator.getValidator(schema as never), errorsOf: readerOf(() => errorsFor(validator, schema)) };
    } catch (e) {
      return { ok: false, compileError: messageOf(e).slice(0, 200) };
    }
  });
  return (listed, result, tool) => {
    if (listed === null) return { valid: null, message: null };
    const compiled = check(listed);
    if ('listError' in compiled) return reject(compiled.listError);
    if ('compileError' in compiled) return reject(`Tool '${tool}' has an invalid outputSchema: ${compiled.compileError}`);
    // A null structuredContent is JSON null on the wire (evaluate ships a null answer as is), which the result parse refuses.
    // The client validates its own parse of the result: the record copy turns an own `__proto__` key into a prototype.
    const wire = toolsCall.safeParse({ structuredContent: result.structuredContent });
    if (!wire.success) return reject(`Invalid result for tools/call: ${wire.error.message}`);
    if (result.isError) return { valid: null, message: null };
    const sc = wire.data.structuredContent;
    try {
      const outcome = compiled.validate(sc);
      if (outcome.valid) return { valid: true, message: null };
      const said = outcome.errorMessage ?? '';
      return { ...reject(`Structured content does not match the tool's output schema: ${said}`), ...readErrors(() => compiled.errorsOf(sc, said)) };
    } catch (e) {
      return reject(`Failed to validate structured content: ${messageOf(e)}`);
    }
  };
}
