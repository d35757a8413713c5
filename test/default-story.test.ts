/**
 * The default case's story (src/examples/default-story.ts) says what the engine finds for it: the two undeclared keys
 * it names, the SDK v1 client failing the raw answer, and strip and keep passing.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import { DEFAULT_STORY } from '../src/examples/default-story.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';

describe('the default case’s story', () => {
  it('matches the engine’s verdicts on the default case', async () => {
    const report = await evaluate({ v: 1, ...DEFAULT_CASE });
    const sdk = report.converters['mcp-sdk-v1'];
    expect(sdk?.policies.raw?.undeclared).toEqual(['costCenter', 'lines[].margin']);
    for (const key of ['costCenter', 'margin']) expect(DEFAULT_STORY.explanation).toContain(key);
    expect(sdk?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(false);
    expect(sdk?.policies.strip?.verdicts['sdk-v1']?.valid).toBe(true);
    expect(sdk?.policies.keep?.verdicts['sdk-v1']?.valid).toBe(true);
    const fixed = JSON.parse(DEFAULT_CASE.answer) as { costCenter?: unknown; lines: { margin?: unknown }[] };
    delete fixed.costCenter;
    for (const line of fixed.lines) delete line.margin;
    const deleted = await evaluate({ v: 1, ...DEFAULT_CASE, answer: JSON.stringify(fixed) });
    expect(deleted.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']?.valid).toBe(true);
  });
});
