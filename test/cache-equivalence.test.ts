/**
 * Every memo's key covers what it stands for: the gallery, the golden links' cases and the fixtures give the same
 * report, byte for byte, from a session that keeps everything (the sandbox worker's: later cases meet the earlier
 * ones' loads, listings, connected SDK pairs and verdict memos) and from one that keeps nothing (`cache: false`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import golden from './golden/links.json' with { type: 'json' };
import { evaluate } from '../src/engine/evaluate.ts';
import { engineSession } from '../src/engine/session.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { loadFixtures } from './fixtures.ts';

/**
 * A gallery or golden case, then its neighbours: the same schema text in the other protocol era and under another
 * tool name. The cached session meets them one after the other, so a memo whose key left out the era or the tool
 * would hand the neighbour the first one's listing or verdicts.
 */
function withNeighbours(name: string, input: { protocol?: string | undefined; tool?: string | undefined }): Array<{ name: string; input: object }> {
  const { protocol, ...rest } = input;
  const otherEra = protocol === undefined ? { ...rest, protocol: '2026-07-28' } : rest;
  return [
    { name, input },
    { name: `${name} (other era)`, input: otherEra },
    { name: `${name} (other tool)`, input: { ...input, tool: `${input.tool ?? 'tool'}_2` } },
  ];
}

const CASES: ReadonlyArray<{ name: string; input: object }> = [
  ...EXAMPLES.flatMap((ex) => withNeighbours(`example ${ex.id}`, ex.case)),
  ...(golden as Array<{ name: string; case: { tool: string } }>).flatMap((row) => withNeighbours(`golden ${row.name}`, { ...row.case, v: 1 } as { tool: string })),
  ...loadFixtures().map((fx) => ({ name: `fixture ${fx.file}`, input: fx.case })),
];

const cached = engineSession();
afterAll(() => cached.close());

/** A report as text, its timings left out (the only part that may differ between two runs). */
const text = (report: unknown): string => JSON.stringify(report, (key, value: unknown) => (key === 'ms' ? undefined : value));

describe('a session that keeps nothing gives the same reports', () => {
  it('has cases from each source', () => {
    expect(CASES.filter((c) => c.name.startsWith('example ')).length).toBeGreaterThan(10);
    expect(CASES.filter((c) => c.name.startsWith('golden ')).length).toBeGreaterThanOrEqual(10);
    expect(CASES.filter((c) => c.name.startsWith('fixture ')).length).toBeGreaterThan(10);
  });

  it.each(CASES)('$name', async ({ input }) => {
    const first = text(await evaluate(input, { session: cached }));
    // Again in the same session: every memo it kept is hit now.
    const again = text(await evaluate(input, { session: cached }));
    const uncachedSession = engineSession({ cache: false });
    const fresh = text(await evaluate(input, { session: uncachedSession }));
    await uncachedSession.close();
    expect(again).toBe(first);
    expect(fresh).toBe(first);
  });
});
