/**
 * The listed-schema pane's diff (src/ui/panes/SchemaDiff.tsx, lineDiff.ts): between the real converters' listings of
 * one schema, a `$schema` a converter only moves is not shown as removed and added, and a changed line reads `-` old
 * then `+` new.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { JsonSchema } from '../src/engine/report.ts';
import { formatJson } from '../src/ui/panes/jsonFormat.ts';
import { lineDiff } from '../src/ui/panes/lineDiff.ts';
import { inOrderOf } from '../src/ui/panes/SchemaDiff.tsx';

const schemaCase = { v: 1, role: 'output', tool: 't', schema: 'export default z.object({ id: z.string(), n: z.number().default(1) })', answer: '{"id":"1"}' };

/** The pane's diff of `to` against `from`, as +/- lines. */
const diffOf = (from: JsonSchema, to: JsonSchema) => (lineDiff(formatJson(from, 80), formatJson(inOrderOf(from, to), 80)) ?? []).filter((l) => l.op !== ' ');

describe('listed diff', () => {
  it('a $schema written at another place is diffed at one place: its old value removed, then its new value added', async () => {
    const report = await evaluate(schemaCase);
    const zod = report.converters.zod?.listed as JsonSchema;
    const v1 = report.converters['mcp-sdk-v1']?.listed as JsonSchema;
    // The real listings put `$schema` at different places (else this row would prove nothing).
    expect(Object.keys(zod as object).indexOf('$schema')).not.toBe(Object.keys(v1 as object).indexOf('$schema'));
    const changed = diffOf(zod, v1).filter((l) => l.text.includes('"$schema"'));
    expect(changed.map((l) => l.op)).toEqual(['-', '+']);
    expect(changed[0]?.text).toContain((zod as { $schema: string }).$schema);
    expect(changed[1]?.text).toContain((v1 as { $schema: string }).$schema);
  });

  it('the same $schema at another place is no difference at all', () => {
    const a = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { id: { type: 'string' } } };
    const b = { type: 'object', properties: { id: { type: 'string' } }, $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(diffOf(a, b)).toEqual([]);
  });

  it('a changed line reads - then +', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc')?.map((l) => `${l.op}${l.text}`)).toEqual([' a', '-b', '+B', ' c']);
    expect(lineDiff('a\nb\nc\nd', 'a\nB\nC\nd')?.map((l) => l.op).join('')).toBe(' --++ ');
  });
});
