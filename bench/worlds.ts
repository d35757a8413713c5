/**
 * The worlds section of `npm run bench -- --section worlds`: the time to switch a case to a non-default version.
 * Cold: the first evaluation in that world in this process (its packages imported and instantiated,
 * its first real SDK sessions opened). Warm: switching back and forth between the default and that world once both
 * are loaded (a new schema text each time, so every run loads the schema and opens its sessions as a switch does).
 * The protocol era is one more row: the default packages, the v2 client negotiating 2026-07-28 through
 * the server's serveStdio entry instead of a hand-connected McpServer.
 */
import { registerWorlds } from '../src/worlds-node/register.ts';
import { DEFAULT_VERSIONS, type Protocol, type Versions } from '../src/engine/contract/versions.ts';
import { table, type Section, type SectionResult } from './run.ts';

/** What a case picks beyond the defaults: versions (a non-default world) or the protocol era. */
type Pick = { versions?: Partial<Versions>; protocol?: Protocol };

/** The version worlds that are not the default, then the modern era. */
const WORLDS: readonly Pick[] = [
  { versions: { zod: '3.25.76', sdk: '1.20.2' } },
  { versions: { zod: '3.25.76' } },
  { versions: { zod: '4.0.17' } },
  { versions: { zod: '4.3.6' } },
  { versions: { sdk: '1.20.2' } },
  { protocol: '2026-07-28' },
];

const schemaOf = (n: number) => `import { z } from "zod"\nexport default z.object({ id: z.string(), n${n}: z.number().default(1) })`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export const section: Section = {
  id: 'worlds',
  title: 'Switching versions (engine, Node)',
  async run({ quick }): Promise<SectionResult> {
    registerWorlds();
    const { evaluate } = await import('../src/engine/evaluate.ts');
    const { engineSession } = await import('../src/engine/session.ts');
    // One session across the runs: a world once built is warm, as in the sandbox worker.
    const session = engineSession();
    let n = 0;
    const timed = async (pick: Pick | undefined): Promise<number> => {
      const t0 = performance.now();
      await evaluate({ v: 1, schema: schemaOf(n++), answer: '{"id":"a","extra":1}', ...pick }, { session });
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await timed(undefined);
    const runs = quick ? 3 : 10;
    const rows: Array<{ world: string; coldMs: number; warmMs: number; defaultMs: number }> = [];
    for (const pick of WORLDS) {
      const coldMs = await timed(pick);
      const warm: number[] = [];
      const back: number[] = [];
      for (let i = 0; i < runs; i++) {
        back.push(await timed(undefined));
        warm.push(await timed(pick));
      }
      const v = { ...DEFAULT_VERSIONS, ...pick.versions };
      rows.push({ world: `zod ${v.zod} + SDK ${v.sdk}${pick.protocol ? ` · protocol ${pick.protocol}` : ''}`, coldMs, warmMs: median(warm), defaultMs: median(back) });
    }
    const text = table([
      ['world', 'cold switch ms', 'warm switch ms (median)', 'default, same cases (median)'],
      ...rows.map((r) => [r.world, r.coldMs.toFixed(0), r.warmMs.toFixed(0), r.defaultMs.toFixed(0)]),
    ]);
    await session.close();
    return { text, json: { runs, rows } };
  },
};
