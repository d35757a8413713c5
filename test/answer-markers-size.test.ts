/** The answer editor's underlines come from the real report; a giant answer gets none rather than a frozen page. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { MAX_MARKED_CHARS, answerMarkers } from '../src/ui/editor/answerMarkers.ts';

/** `text` padded with trailing spaces to `length` characters: the same JSON, the same report, only longer. */
const padded = (text: string, length: number) => text.padEnd(length, ' ');

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

  it(`an answer over ${MAX_MARKED_CHARS / 1024} KB gets no underlines; at the limit it still does, and its verdicts name the keys either way`, async () => {
    const compact = answerWith(2000);
    const report = await evaluate(caseOf(compact));
    expect(report.converters['mcp-sdk-v1']?.policies.raw?.undeclared).toContain('extra0');
    const markersOf = (text: string) => answerMarkers({ text, report, converter: 'mcp-sdk-v1', client: 'sdk-v1' });
    // At the limit the answer is parsed and every undeclared key underlined; one character more and none is.
    const underlined = markersOf(compact);
    expect(underlined.length).toBeGreaterThan(0);
    expect(markersOf(padded(compact, MAX_MARKED_CHARS))).toEqual(underlined);
    expect(markersOf(padded(compact, MAX_MARKED_CHARS + 1))).toEqual([]);
    // A giant answer's own report still names the keys the panes list.
    const giant = answerWith(20_000);
    expect(giant.length).toBeGreaterThan(MAX_MARKED_CHARS);
    const giantReport = await evaluate(caseOf(giant));
    expect(giantReport.converters['mcp-sdk-v1']?.policies.raw?.undeclared).toContain('extra0');
    expect(answerMarkers({ text: giant, report: giantReport, converter: 'mcp-sdk-v1', client: 'sdk-v1' })).toEqual([]);
  });
});
