/** The Report's free text is capped: a giant answer cannot make megabyte messages; normal messages stay verbatim. */
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { CAP_MARK, capMessage, capReport, MAX_MESSAGE_CHARS, MAX_MESSAGE_ERRORS } from '../src/engine/caps.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';

const KEYS = 3000;
const answer = Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`key${i}`, i]));
const giant = { v: 1, role: 'output', tool: 't', schema: 'export default z.object({})', answer: JSON.stringify(answer) } as const;

/** Every free-text field of a report, where it sits. */
function texts(r: Report): Array<[string, string]> {
  const out: Array<[string, string | null | undefined]> = [];
  for (const [id, row] of Object.entries(r.converters)) {
    out.push([`${id}.listError`, row.listError], [`${id}.warning`, row.warning]);
    for (const [pid, p] of Object.entries(row.policies)) {
      out.push([`${id}.${pid}.refused`, p.refused], [`${id}.${pid}.log`, p.log]);
      for (const [cid, v] of Object.entries(p.verdicts)) out.push([`${id}.${pid}.${cid}`, v.message]);
    }
  }
  for (const [sdk, run] of Object.entries(r.realSdk)) if (run) out.push([`${sdk}.text`, run.text], [`${sdk}.callError`, run.callError], [`${sdk}.listError`, run.listError]);
  return out.filter((e): e is [string, string] => typeof e[1] === 'string');
}

describe('message caps', () => {
  it(`a ${KEYS}-key answer: each verdict keeps the real validator's first ${MAX_MESSAGE_ERRORS} errors verbatim, then says how many more`, async () => {
    const report = await evaluate(giant);
    const row = report.converters['mcp-sdk-v1'];
    const real = new AjvJsonSchemaValidator().getValidator(row?.listed as JsonSchemaType)(answer);
    const errors = (real.errorMessage ?? '').split(', ');
    expect(errors).toHaveLength(KEYS);
    expect(row?.policies.raw?.verdicts['sdk-v1'].message).toBe(
      `MCP error -32602: Structured content does not match the tool's output schema: ${errors.slice(0, MAX_MESSAGE_ERRORS).join(', ')}${CAP_MARK}${KEYS - MAX_MESSAGE_ERRORS} more errors`,
    );
    for (const [where, text] of texts(report)) expect(text.length, where).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 40);
  });

  it('a message within both caps is returned as it is; one error over the character cap keeps its start', () => {
    const within = Array.from({ length: MAX_MESSAGE_ERRORS }, (_, i) => `data/k${i} must be number`).join(', ');
    expect(capMessage(within)).toBe(within);
    const long = `Tool "t" answered with keys its outputSchema does not declare, so they were stripped: ${'k'.repeat(10_000)}.`;
    const cut = capMessage(long);
    expect(cut.startsWith(long.slice(0, MAX_MESSAGE_CHARS))).toBe(true);
    expect(cut.endsWith(`${CAP_MARK}${long.length - MAX_MESSAGE_CHARS} more characters`)).toBe(true);
  });

  it('a field that schema code forged into a non-string passes as it is (the page refuses it), and capping never throws', async () => {
    const report = await evaluate({ v: 1, role: 'output', tool: 't', schema: 'export default z.object({ a: z.string() })', answer: '{"a":1}' });
    const forged = { forged: true };
    (report.realSdk.v1 as unknown as { callError: unknown }).callError = forged;
    expect(() => capReport(report)).not.toThrow();
    expect((report.realSdk.v1 as unknown as { callError: unknown }).callError).toBe(forged);
  });
});
