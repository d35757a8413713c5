/**
 * A tools/list error zod words without a place ("Transforms cannot be represented in JSON Schema")
 * is named where it comes from (`weightKg`, `items[].createdAt`) on every converter row that fails with it.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { keyPath } from '../src/engine/converters/support/unrepresentable-place.ts';
import { checkReport } from '../src/state/reportCheck.ts';
import { schemaMarkers } from '../src/ui/editor/schemaMarkers.ts';

const SCHEMA = `import { z } from 'zod';
export default z.object({
  id: z.string(),
  weightKg: z.string().transform(Number),
  items: z.array(z.object({ sku: z.string(), createdAt: z.date() })),
});
`;

describe('the place of an unrepresentable type', () => {
  it('names the key behind each listError zod words without one, on every row that fails with it', async () => {
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: '{ "id": "1", "weightKg": "2", "items": [] }' });
    expect(checkReport(report).ok).toBe(true);
    const zod = report.converters.zod!;
    expect(zod.listError).toBe('Transforms cannot be represented in JSON Schema');
    expect(zod.listErrorAt).toBe('weightKg');
    // SDK v1 wraps zod's message (`MCP error -32603: …`): the place is found all the same.
    expect(report.converters['mcp-sdk-v1']).toMatchObject({ listError: 'MCP error -32603: Transforms cannot be represented in JSON Schema', listErrorAt: 'weightKg' });
    for (const row of Object.values(report.converters)) if (row?.listError) expect(row.listErrorAt).toBe('weightKg');
    const input = await evaluate({ v: 1, role: 'input', schema: SCHEMA, answer: '{}' });
    expect(input.converters.zod).toMatchObject({ listError: 'Date cannot be represented in JSON Schema', listErrorAt: 'items[].createdAt' });
  });

  it('underlines that key in the schema editor, for the selected converter', async () => {
    const report = await evaluate({ v: 1, schema: SCHEMA, answer: '{}' });
    const [marker] = schemaMarkers(SCHEMA, report, 'zod');
    expect(marker).toMatchObject({ startLineNumber: 4, startColumn: 3, endLineNumber: 4, endColumn: 11, severity: 'error' });
    expect(marker?.message).toContain('weightKg');
  });

  it('reads a JSON Schema path back as the key path', () => {
    expect(keyPath(['properties', 'a', 'anyOf', 1, 'items', 'properties', 'b'])).toBe('a[].b');
    expect(keyPath(['prefixItems', 0, 'properties', 'c'])).toBe('[].c');
    expect(keyPath([])).toBe('');
  });
});
