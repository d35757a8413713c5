/**
 * Sample answers read like real data. Each sample is still judged by zod and the selected client (a real
 * run) before it is offered; these tests check what it looks like.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import type { Json } from '../src/engine/report.ts';

const ask = (c: { converter: string; client: string }) => ({ want: 'sample' as const, converter: c.converter, client: c.client, budgetMs: 1000 });

/** Every number in a JSON value. */
function numbersIn(value: Json): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

async function sampleFor(schema: string, role: 'output' | 'input' = 'output') {
  const c = { v: 1 as const, role, schema, answer: '{}', converter: 'mcp-sdk-v1', client: 'sdk-v1' };
  const report = await evaluate({ ...c, generate: ask(c) });
  const found = report.generated?.found[0];
  expect(found?.kind).toBe('sample');
  expect(found?.zodAccepts).toBe(true);
  expect(found?.verdict.valid).toBe(true);
  return JSON.parse(found!.answer) as Record<string, Json>;
}

describe('the gallery samples', () => {
  it.each(EXAMPLES.map((e) => [e.id, e.case] as const))('%s: no number beyond ±1,000,000', async (_, c) => {
    const report = await evaluate({ ...c, generate: ask(c) });
    for (const f of report.generated?.found ?? []) expect(numbersIn(JSON.parse(f.answer) as Json).filter((n) => Math.abs(n) > 1_000_000)).toEqual([]);
  });

  it('the Copilot example no longer samples -9007199254740991', async () => {
    const copilot = EXAMPLES.find((e) => e.id === 'copilot-extra-key')!.case;
    const report = await evaluate({ ...copilot, generate: ask(copilot) });
    expect(report.generated?.found[0]?.answer).not.toContain('9007199254740991');
  });
});

describe('values a person would write', () => {
  it('formats, enums, defaults, bounds near zero, arrays of one', async () => {
    const sample = await sampleFor(`export default z.object({
      email: z.email(), site: z.url(), id: z.uuid(), at: z.iso.datetime(), day: z.iso.date(),
      qty: z.number().int(), price: z.number().positive(), level: z.number().int().min(3).max(9), below: z.number().max(-5),
      plan: z.enum(["pro", "free"]), kind: z.literal("user"), currency: z.string().default("EUR"),
      tags: z.array(z.string()), pair: z.array(z.number()).min(2), name: z.string().min(10),
    })`);
    expect(sample['email']).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(sample['site']).toBe('https://example.com');
    expect(sample['id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sample['at']).toBe('2026-01-01T00:00:00Z');
    expect(sample).toMatchObject({ day: '2026-01-01', qty: 0, price: 1, level: 3, below: -5, plan: 'pro', kind: 'user', currency: 'EUR' });
    expect(sample['tags']).toHaveLength(1);
    expect(sample['pair']).toHaveLength(2);
    expect(String(sample['name']).length).toBeGreaterThanOrEqual(10);
  });

  it('a pattern a generator can honour', async () => {
    const sample = await sampleFor('export default z.object({ sku: z.string().regex(/^[A-Z]{3}-\\d{3}$/) })');
    expect(sample['sku']).toMatch(/^[A-Z]{3}-\d{3}$/);
  });

  it('a bound that forces a large number is kept', async () => {
    const sample = await sampleFor('export default z.object({ big: z.number().min(2_000_000), step: z.number().int().min(1).multipleOf(5) })');
    expect(sample).toEqual({ big: 2_000_000, step: 5 });
  });
});
