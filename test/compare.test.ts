/**
 * The compare view's logic: the worlds it runs (from contract/versions.ts), what a cell says of a real Report, the
 * differs-mark, and the run's time bound and cancellation over a side-run queue.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VERSIONS, PROTOCOL_IDS, SDK_VERSIONS, ZOD_VERSIONS } from '../src/engine/contract/versions.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Outcome } from '../src/sandbox/protocol.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { cellOf, differs, type WorldRun } from '../src/ui/compare/cells.ts';
import { COLUMNS, worldKey, worldOf, worldsToRun } from '../src/ui/compare/columns.ts';
import { choicesOf } from '../src/state/caseChoices.ts';
import { startCompare } from '../src/ui/compare/runCompare.ts';
import { compareStatus } from '../src/ui/compare/useCompare.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { engineCaseOf } from '../src/engine/case.ts';

const v1 = COLUMNS.find((c) => c.id === 'v1-1.32.2')!;
const v2 = COLUMNS.find((c) => c.converter === 'mcp-sdk-v2')!;

describe('the grid', () => {
  it('runs one world per zod × SDK v1 version (a run fills the v1 and v2 columns of its zod) and one per zod in each other era, the default world first', () => {
    const worlds = worldsToRun();
    expect(worlds[0]).toEqual(DEFAULT_VERSIONS);
    // Its other era next: the same packages, so the quickest cell to fill.
    expect(worlds[1]).toEqual({ ...DEFAULT_VERSIONS, protocol: '2026-07-28' });
    expect(worlds).toHaveLength(ZOD_VERSIONS.length * (SDK_VERSIONS.length + PROTOCOL_IDS.length - 1));
    for (const zod of ZOD_VERSIONS) for (const column of COLUMNS) expect(worlds.map(worldKey)).toContain(worldKey(worldOf(column, zod.version)));
  });
});

describe('a cell, from a real run', () => {
  it('says listed and the picked client’s FAIL with the first message line', async () => {
    const report = await evaluate(engineCaseOf(createPlaygroundStore(DEFAULT_CASE).getState()));
    const cell = cellOf({ kind: 'report', report }, v1, 'sdk-v1');
    expect(cell).toMatchObject({ kind: 'done', listed: true, verdict: 'FAIL', client: 'sdk-v1', substituted: false });
    expect(cell.kind === 'done' && cell.message).toContain('must NOT have additional properties');
    const full = report.converters['mcp-sdk-v1']!.policies.raw!.verdicts['sdk-v1']!.message!;
    expect(full.split('\n')[0]!.startsWith(cell.kind === 'done' ? cell.message.replace(/…$/, '') : '?')).toBe(true);
    // The picked v1 client does not apply to v2: its column uses v2's client and says so.
    expect(cellOf({ kind: 'report', report }, v2, 'sdk-v1')).toMatchObject({ kind: 'done', client: 'sdk-v2-node', substituted: true });
  }, 60_000);

  it('says not listed, with the list error, when the SDK cannot list the schema', async () => {
    const example = EXAMPLES.find((e) => e.expect.listErrors?.some((l) => l.converter === 'mcp-sdk-v1'));
    expect(example, 'a gallery example whose v1 listing fails').toBeDefined();
    const report = await evaluate(example!.case);
    const cell = cellOf({ kind: 'report', report }, v1, 'sdk-v1');
    expect(cell).toMatchObject({ kind: 'done', listed: false, verdict: 'none' });
    const says = example!.expect.listErrors!.find((l) => l.converter === 'mcp-sdk-v1')!.says;
    expect(cell.kind === 'done' && cell.listing).toContain(says.split('\n')[0]!.slice(0, 40));
  }, 60_000);

  it('in another world: zod 3 under v2 is not listed (the real refusal), and differs from the default cell', async () => {
    const schema = 'import { z } from "zod";\n\nexport default z.object({ id: z.string() });\n';
    const base = { v: 1 as const, role: 'output' as const, tool: 't', schema, answer: '{ "id": "1" }' };
    const zod3 = await evaluate({ ...base, versions: v2.versions('3.25.76') });
    const cell = cellOf({ kind: 'report', report: zod3 }, v2, 'sdk-v2-node');
    expect(cell).toMatchObject({ kind: 'done', listed: false, verdict: 'none', listing: expect.stringContaining('Schema appears to be from zod 3') });
    const reference = cellOf({ kind: 'report', report: await evaluate(base) }, v1, 'sdk-v2-node');
    expect(reference).toMatchObject({ kind: 'done', listed: true, verdict: 'PASS' });
    expect(differs(cell, reference)).toBe(true);
  }, 60_000);

  it('marks a cell whose listing or verdict differs from the reference, never an unfinished one', async () => {
    const report = await evaluate(engineCaseOf(createPlaygroundStore(DEFAULT_CASE).getState()));
    const fail = cellOf({ kind: 'report', report }, v1, 'sdk-v1');
    const pass = { ...fail, verdict: 'PASS' } as const;
    expect(differs(fail, fail)).toBe(false);
    expect(differs(pass, fail)).toBe(true);
    expect(differs({ kind: 'no-time', budgetMs: 2000 }, fail)).toBe(false);
  }, 60_000);
});

describe('the run', () => {
  afterEach(() => vi.useRealTimers());

  /** A side-run queue whose runs resolve when the test says. */
  function fakeQueue() {
    const pending: { c: unknown; resolve(o: Outcome): void }[] = [];
    const side = { run: vi.fn((c: unknown) => new Promise<Outcome>((resolve) => pending.push({ c, resolve }))), clear: vi.fn() };
    return { side, pending };
  }

  it('sends each world’s versions with the case, lands each run as it comes, with no wall for the whole grid', async () => {
    vi.useFakeTimers();
    const { side, pending } = fakeQueue();
    let last: ReadonlyMap<string, WorldRun> = new Map();
    const worlds = worldsToRun();
    startCompare({ v: 1, role: 'output', tool: 't', schema: 's', answer: 'a' }, worlds, side, { onChange: (m) => (last = m) });
    expect(pending.map((p) => p.c)).toEqual(worlds.map((w) => ({ v: 1, role: 'output', tool: 't', schema: 's', answer: 'a', ...choicesOf(w, 'structuredContent', w.protocol) })));
    pending[1]!.resolve({ kind: 'crash', message: 'boom' });
    await vi.advanceTimersByTimeAsync(0);
    expect(last.get(worldKey(worlds[1]!))).toEqual({ kind: 'failed', message: 'the worker crashed: boom' });
    // A minute later nothing was given up: the other runs are still coming.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(side.clear).not.toHaveBeenCalled();
    expect([...last.values()].filter((r) => r.kind === 'queued')).toHaveLength(worlds.length - 1);
  });

  it('tries a run that timed out once more after the others, and marks it only when it times out again', async () => {
    const { side, pending } = fakeQueue();
    let last: ReadonlyMap<string, WorldRun> = new Map();
    const worlds = worldsToRun();
    startCompare({ v: 1, schema: 's', answer: 'a' }, worlds, side, { onChange: (m) => (last = m) });
    pending[0]!.resolve({ kind: 'timeout', budgetMs: 2000 });
    await vi.waitFor(() => expect(pending).toHaveLength(worlds.length + 1));
    // The same world again, queued after the rest; its cells still say it is coming.
    expect(pending.at(-1)!.c).toEqual(pending[0]!.c);
    expect(last.get(worldKey(worlds[0]!))).toEqual({ kind: 'queued' });
    pending.at(-1)!.resolve({ kind: 'timeout', budgetMs: 2000 });
    await vi.waitFor(() => expect(last.get(worldKey(worlds[0]!))).toEqual({ kind: 'no-time', budgetMs: 2000 }));
    expect(pending).toHaveLength(worlds.length + 1);
  });

  it('"Compare again" on the same case runs only the worlds without a report', async () => {
    const { side, pending } = fakeQueue();
    const worlds = worldsToRun();
    const report = { kind: 'report', report: {} as never } as const;
    const done = new Map<string, WorldRun>(worlds.map((w, i) => [worldKey(w), i === 2 ? { kind: 'no-time', budgetMs: 2000 } : report]));
    let last: ReadonlyMap<string, WorldRun> = new Map();
    startCompare({ v: 1, schema: 's', answer: 'a' }, worlds, side, { done, onChange: (m) => (last = m) });
    expect(pending.map((p) => p.c)).toEqual([{ v: 1, schema: 's', answer: 'a', ...choicesOf(worlds[2]!, 'structuredContent', worlds[2]!.protocol) }]);
    expect(last.get(worldKey(worlds[0]!))).toBe(report);
    expect(last.get(worldKey(worlds[2]!))).toEqual({ kind: 'queued' });
  });

  it('checks each report against the contract like a live one, and stops landing once cancelled', async () => {
    const { side, pending } = fakeQueue();
    let last: ReadonlyMap<string, WorldRun> = new Map();
    const worlds = worldsToRun();
    const run = startCompare({ v: 1, schema: 's', answer: 'a' }, worlds, side, { onChange: (m) => (last = m) });
    pending[0]!.resolve({ kind: 'report', report: { v: 1, forged: true } as never, ms: 1 });
    await vi.waitFor(() => expect(last.get(worldKey(worlds[0]!))).toMatchObject({ kind: 'failed', message: expect.stringContaining('malformed report') }));
    run.cancel();
    expect(side.clear).toHaveBeenCalled();
    pending[1]!.resolve({ kind: 'crash', message: 'after cancel' });
    await new Promise((r) => setTimeout(r, 0));
    expect(last.get(worldKey(worlds[1]!))).toEqual({ kind: 'queued' });
  });
});

describe('the status line (a live region)', () => {
  it('says the comparison is starting before it has runs, then how far it is, then that all are done', () => {
    const worlds = worldsToRun();
    const all = (run: WorldRun) => new Map(worlds.map((w) => [worldKey(w), run]));
    expect(compareStatus(new Map(), false)).toBe('Starting…');
    expect(compareStatus(all({ kind: 'queued' }), false)).toBe(`Running: 0 of ${worlds.length} runs done (each run bounded on its own)…`);
    expect(compareStatus(all({ kind: 'no-time', budgetMs: 2000 }), false)).toBe(`0 of ${worlds.length} runs done; ${worlds.length} had no time (Compare again runs only those).`);
    expect(compareStatus(all({ kind: 'failed', message: 'x' }), false)).toBe(`All ${worlds.length} runs done.`);
  });
});
