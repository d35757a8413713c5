/**
 * Input role: arguments the server refuses still get each client's verdict, a run of the SDK's own validator on the
 * listed inputSchema (neither published client validates arguments itself), beside the real server's isError text.
 */
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';

const limitCase = {
  v: 1,
  role: 'input',
  tool: 'search',
  schema: 'export default z.object({ q: z.string(), limit: z.number().max(100) })',
  answer: '{"q":"x","limit":500}',
} as const;

describe('input role: refused arguments', () => {
  it('ship as sent, get the SDK validator verdict on the listed schema, and carry the real server refusal', async () => {
    const report = await evaluate(limitCase);
    const row = report.converters['mcp-sdk-v1'];
    const raw = row?.policies.raw;
    expect(shipsOf(report, raw)).toEqual({ q: 'x', limit: 500 });
    expect(raw?.refused).toBe(report.realSdk.v1?.text);
    expect(report.realSdk.v1?.isError).toBe(true);
    const real = new AjvJsonSchemaValidator().getValidator(row?.listed as JsonSchemaType)({ q: 'x', limit: 500 });
    expect(real).toMatchObject({ valid: false, errorMessage: 'data/limit must be <= 100' });
    expect(raw?.verdicts['sdk-v1'].valid).toBe(false);
    expect(raw?.verdicts['sdk-v1'].message).toContain(real.errorMessage);
  });

  it('each verdict names the inputSchema and the arguments, never the output schema (the validator\'s own words kept)', async () => {
    const report = await evaluate(limitCase);
    for (const row of Object.values(report.converters)) {
      for (const [client, verdict] of Object.entries(row.policies.raw?.verdicts ?? {})) {
        expect(verdict.valid, client).toBe(false);
        expect(verdict.message, client).toMatch(/^The arguments do not match the tool's inputSchema: /);
        expect(verdict.message, client).toMatch(/data\/limit must be <= 100|500 is greater than 100/);
        expect(verdict.message, client).not.toMatch(/output/i);
      }
    }
  });

  it('a .refine the listing cannot express: the client says valid, then the server refuses', async () => {
    const report = await evaluate({ ...limitCase, schema: 'export default z.object({ a: z.number(), b: z.number() }).refine((o) => o.a < o.b, "a must be below b")', answer: '{"a":2,"b":1}' });
    const raw = report.converters['mcp-sdk-v2']?.policies.raw;
    expect(raw?.verdicts['sdk-v2-node']).toEqual({ valid: true, message: null });
    expect(raw?.refused).toBe(report.realSdk.v2?.text);
    expect(raw?.refused).toContain('a must be below b');
  });
});
