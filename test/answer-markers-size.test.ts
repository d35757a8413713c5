/** The answer editor's underlines come from the real report; a giant answer gets none rather than a frozen page. */
import * as jsonc from 'jsonc-parser';
import { describe, expect, it, vi } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { MAX_MARKED_CHARS, answerMarkers } from '../src/ui/editor/answerMarkers.ts';

const parses = vi.hoisted(() => ({ n: 0 }));
vi.mock('jsonc-parser', async (importOriginal) => {
  const real = await importOriginal<typeof jsonc>();
  return { ...real, parseTree: (...args: Parameters<typeof real.parseTree>) => (parses.n++, real.parseTree(...args)) };
});

const SCHEMA = "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n";
const caseOf = (answer: string) => ({ v: 1, role: 'output', tool: 'get_thing', schema: SCHEMA, answer }) as const;
/** An answer with `n` undeclared keys besides `id`. */
const answerWith = (n: number) => `{"id":"a",${Array.from({ length: n }, (_, i) => `"extra${i}":${i}`).join(',')}}`;

describe('answer markers', () => {
  it('underline each undeclared key the real report names, at that key', async () => {
    const text = answerWith(2);
    const report = await evaluate(caseOf(text));
    const markers = answerMarkers({ text, report, converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    const underlined = markers.filter((m) => m.severity === 'warning').map((m) => text.slice(m.startColumn - 1, m.endColumn - 1));
    expect(new Set(underlined)).toEqual(new Set(['"extra0"', '"extra1"']));
  });

  it(`an answer over ${MAX_MARKED_CHARS / 1024} KB gets no underlines and costs no parse tree; its verdicts still name the keys`, async () => {
    const text = answerWith(20_000);
    expect(text.length).toBeGreaterThan(MAX_MARKED_CHARS);
    const report = await evaluate(caseOf(text));
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.undeclared).toContain('extra0');
    parses.n = 0;
    expect(answerMarkers({ text, report, converter: 'mcp-sdk-v1', client: 'sdk-v1' })).toEqual([]);
    expect(parses.n).toBe(0);
  });
});
