/**
 * Linked paths: an error path from a real report (a verdict's JSON pointer, an undeclared key path) finds its spot in
 * the answer's text, array index included, and the subschema of the real listing that describes (or refuses) it.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Json } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { answerPlace, type PathTarget } from '../src/ui/editor/answerPlace.ts';
import { complaintsOf } from '../src/ui/editor/complaints.ts';
import { listedPathFor } from '../src/ui/panes/schemaPlace.ts';

/** The text a place selects, by its line range. */
function selected(text: string, target: PathTarget): { text: string; line: number; column: number; pointer: string[] } | null {
  const place = answerPlace(text, target);
  if (!place) return null;
  const lines = text.split('\n');
  const { startLineNumber: l1, startColumn: c1, endLineNumber: l2, endColumn: c2 } = place.range;
  const picked = l1 === l2 ? (lines[l1 - 1] ?? '').slice(c1 - 1, c2 - 1) : '(several lines)';
  return { text: picked, line: l1, column: c1, pointer: place.pointer };
}

function at(value: Json | undefined, path: ReadonlyArray<string | number>): Json | undefined {
  return path.reduce<Json | undefined>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, Json>)[k] : undefined), value);
}

describe('the default case under SDK v1 (Ajv names no key)', async () => {
  const answer = DEFAULT_CASE.answer;
  const report = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer, converter: 'mcp-sdk-v1' });
  const row = report.converters['mcp-sdk-v1'];
  const complaints = complaintsOf(row?.policies.raw?.verdicts['sdk-v1']?.errors ?? []);
  const listed = row?.listed ?? null;

  it('each refused key of the verdict selects that key and its value, the array index followed', () => {
    const places = complaints.map((c) => selected(answer, { pointer: c.pointer, ...(c.property !== undefined ? { property: c.property } : {}) }));
    expect(places).toEqual([
      { text: '"costCenter": "CC-7"', line: 4, column: 3, pointer: ['costCenter'] },
      { text: '"margin": 0.31', line: 6, column: 31, pointer: ['lines', '0', 'margin'] },
    ]);
  });

  it("an undeclared key path (`lines[].margin`) selects its first match", () => {
    expect(row?.policies.raw?.undeclared).toContain('lines[].margin');
    expect(selected(answer, { keyPath: 'lines[].margin' })).toMatchObject({ text: '"margin": 0.31', line: 6 });
  });

  it('the listing reveals what refuses each key: the additionalProperties: false of its object', () => {
    expect(listed).not.toBeNull();
    const root = listedPathFor(listed as Json, ['costCenter']);
    const item = listedPathFor(listed as Json, ['lines', '0', 'margin']);
    expect(root).toEqual(['additionalProperties']);
    expect(item).toEqual(['properties', 'lines', 'items', 'additionalProperties']);
    expect([at(listed as Json, root), at(listed as Json, item)]).toEqual([false, false]);
    expect(listedPathFor(listed as Json, ['lines', '1', 'qty'])).toEqual(['properties', 'lines', 'items', 'properties', 'qty']);
  });
});

it('SDK v2 wraps an array answer in { result }: its pointer /result/0 finds the element, and the listing is entered at result', async () => {
  const schema = "import { z } from 'zod';\nexport default z.array(z.object({ id: z.string() }));\n";
  const answer = '[\n  { "id": "a", "node_id": 7 }\n]\n';
  const report = await evaluate({ v: 1, schema, answer, converter: 'mcp-sdk-v2', client: 'sdk-v2-node' });
  const row = report.converters['mcp-sdk-v2'];
  const [c] = complaintsOf(row?.policies.raw?.verdicts['sdk-v2-node']?.errors ?? []);
  expect(c).toMatchObject({ pointer: ['result', '0'], property: 'node_id' });
  expect(selected(answer, { pointer: c?.pointer ?? [], property: 'node_id' })).toMatchObject({ text: '"node_id": 7', line: 2, pointer: ['0', 'node_id'] });
  expect(listedPathFor(row?.listed ?? null, ['0', 'node_id'])).toEqual(['properties', 'result', 'items', 'additionalProperties']);
});

it('a place the text no longer has is not found (the user edited the answer since the run)', () => {
  expect(answerPlace('{ "a": 1 }', { pointer: ['b'] })).toBeNull();
  expect(answerPlace('not json at all', { keyPath: 'a' })).toBeNull();
});
