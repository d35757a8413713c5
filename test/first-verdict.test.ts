/**
 * Progressive evaluation: evaluate() hands over a first report, the selected converter × client only and
 * marked `pending`, before the rest; its verdicts are the full report's own (each a real validator run).
 */
import { describe, expect, it, vi } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';
import { CLIENT_IDS } from '../src/engine/contract/catalog.ts';
import { ReportSchema, type Report } from '../src/engine/report.ts';
import { sdkV2 } from '../src/engine/chunks.ts';
import { firstChunksFor } from '../src/engine/phases/first.ts';
import { CLIENT_REGISTRY } from '../src/engine/clients/index.ts';

const schema = "import { z } from 'zod';\nexport default z.object({ id: z.string(), n: z.number().optional() });\n";

async function run(c: Record<string, unknown>): Promise<{ first: Report[]; full: Report }> {
  const first: Report[] = [];
  const full = await evaluate(c, { first: (r) => first.push(r) });
  return { first, full };
}

describe('the first report', () => {
  it.each([
    { converter: 'mcp-sdk-v1', client: 'sdk-v1', answer: '{"id":"1","extra":true}' },
    { converter: 'mcp-sdk-v2', client: 'sdk-v2-browser', answer: '{"id":1}' },
    { converter: 'zod', client: 'sdk-v2-node', answer: '{"id":"1","n":2}' },
  ] as const)('holds $converter × $client, as the full report has them, the other clients pending', async ({ converter, client, answer }) => {
    const { first, full } = await run({ v: 1, schema, answer, converter, client });
    expect(first).toHaveLength(1);
    const [report] = first;
    expect(ReportSchema.safeParse(report).success).toBe(true);
    expect(report?.pending).toEqual(['converters', 'clients', 'realSdk', 'input']);
    expect(Object.keys(report?.converters ?? {})).toEqual([converter]);
    const row = report?.converters[converter];
    const fullRow = full.converters[converter];
    expect(row?.listed).toEqual(fullRow?.listed);
    for (const [policy, p] of Object.entries(row?.policies ?? {})) {
      const pending = Object.entries(p.verdicts).filter(([, v]) => v.pending === true).map(([id]) => id);
      expect(pending).toEqual(CLIENT_IDS.filter((id) => id !== client));
      expect(p.verdicts[client]).toEqual(fullRow?.policies[policy as keyof typeof fullRow.policies]?.verdicts[client]);
      expect(shipsOf(report as Report, p)).toEqual(shipsOf(full, fullRow?.policies[policy as keyof typeof fullRow.policies]));
    }
    expect(full.pending).toBeUndefined();
    expect(Object.keys(full.converters).length).toBeGreaterThan(1);
  });

  it('is not made when the case names no converter and client, or its answer does not parse', async () => {
    expect((await run({ v: 1, schema, answer: '{"id":"1"}' })).first).toEqual([]);
    expect((await run({ v: 1, schema, answer: '{"id":', converter: 'zod', client: 'sdk-v1' })).first).toEqual([]);
  });

  it('firstOnly: evaluation stops at the first report, which is the one handed over', async () => {
    const first: Report[] = [];
    const c = { v: 1, schema, answer: '{"id":"1","extra":true}', converter: 'mcp-sdk-v1', client: 'sdk-v1' };
    const report = await evaluate(c, { first: (r) => first.push(r), firstOnly: true });
    expect(first).toEqual([report]);
    expect(report.pending).toEqual(['converters', 'clients', 'realSdk', 'input']);
    expect(report.realSdk).toEqual({ v1: null, v2: null });
    const full = await evaluate(c, { first: () => undefined });
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toEqual(full.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']);
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(false);
  });

  it('costs no second validation: the full report takes the selected client\'s verdicts from the same memo', async () => {
    const c = { v: 1, schema, answer: '{"id":"1","extra":true}', converter: 'mcp-sdk-v1', client: 'sdk-v1' };
    const spy = vi.spyOn(CLIENT_REGISTRY['sdk-v1'], 'verify');
    try {
      await evaluate(c);
      const plain = spy.mock.calls.length;
      spy.mockClear();
      const { first } = await run(c);
      expect(first).toHaveLength(1);
      expect(plain).toBeGreaterThan(0);
      expect(spy.mock.calls.length).toBe(plain);
    } finally {
      spy.mockRestore();
    }
  });

  it('firstOnly: a case that has no first report is evaluated in full', async () => {
    for (const c of [
      { v: 1, schema, answer: '{"id":', converter: 'zod', client: 'sdk-v1' },
      { v: 1, schema, answer: '{"id":"1"}' },
      { v: 1, schema, answer: '{"id":"1"}', converter: 'zod', client: 'sdk-v1', generate: { want: 'sample', converter: 'zod', client: 'sdk-v1' } },
    ]) {
      const report = await evaluate(c, { first: () => undefined, firstOnly: true });
      expect(report.pending).toBeUndefined();
      // The same report as a plain evaluation, but for the generation's own timing.
      const plain = await evaluate(c);
      expect({ ...report, generated: report.generated && { ...report.generated, ms: 0 } }).toEqual({ ...plain, generated: plain.generated && { ...plain.generated, ms: 0 } });
    }
  });

  it('a first report needs the v2 chunk only when its converter or client is v2\'s', () => {
    expect(firstChunksFor({ converter: 'mcp-sdk-v1', client: 'sdk-v1' })).toEqual([]);
    expect(firstChunksFor({ converter: 'zod', client: 'sdk-v1' })).toEqual([]);
    expect(firstChunksFor({ converter: 'mcp-sdk-v2', client: 'sdk-v1' })).toEqual([sdkV2]);
    expect(firstChunksFor({ converter: 'zod', client: 'sdk-v2-browser' })).toEqual([sdkV2]);
    expect(firstChunksFor({ converter: 'mcp-sdk-v2', client: 'sdk-v2-node' })).toEqual([sdkV2]);
  });
});
