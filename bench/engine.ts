/**
 * The engine section of `npm run bench`: warm `evaluate()` per case against the floor (zod safeParse + z.toJSONSchema +
 * Ajv compile + validate, nothing else) on the same inputs in the same process, and a per-phase breakdown.
 */
import { engineSession } from '../src/engine/session.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { evaluate } from '../src/engine/evaluate.ts';
import { loadSchema } from '../src/engine/load.ts';
import { parseAnswer } from '../src/engine/answer.ts';
import { CONVERTERS } from '../src/engine/converters/index.ts';
import { CLIENTS } from '../src/engine/clients/index.ts';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import type { Json } from '../src/engine/report.ts';
import type { Client, LoadedCase } from '../src/engine/types.ts';
import { galleryCases, largeObjectCase, largeUnionCase, type BenchCase } from './cases.ts';
import { size, table, type Section, type SectionResult } from './run.ts';
import { shipAll } from '../src/engine/phases/ship.ts';
import { verifyAll } from '../src/engine/phases/verify.ts';
import { valueTable } from '../src/engine/values.ts';

/** Median and 95th percentile of a sample, in milliseconds. */
export interface Stats {
  median: number;
  p95: number;
  runs: number;
}

/** One case's measurements. */
export interface CaseResult {
  id: string;
  kind: BenchCase['kind'];
  answerBytes: number;
  /** evaluate() as the sandbox worker calls it (the selected converter × client named, a `first` hook): to its end, and to its first report. */
  engine: Stats;
  selected: Stats;
  floor: Stats;
  ratio: number;
  selectedRatio: number;
  /** Median ms per phase of one warm evaluation (phases timed one by one, outside evaluate). */
  phases: Record<string, number>;
  /** Verdicts one evaluate() reports (converter × policy × client, refused rows aside), and validations it runs for them. */
  validations: { verdicts: number; run: number };
  dominant: { phase: string; share: number };
}

/** The engine's speed budgets: the full report ≤ 4× the floor, the selected verdict (the first report) ≤ 1.5×. */
const BUDGET_RATIO = 4;
const BUDGET_SELECTED_RATIO = 1.5;
/** The converter and client a case shows first when it names none: the app's defaults (src/state/defaults.ts). */
const DEFAULT_SELECTED = { converter: 'mcp-sdk-v1', client: 'sdk-v1' } as const;

/** Times `run` after `warmup` untimed calls. */
async function measure(run: () => unknown, warmup: number, runs: number): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return statsOf(times);
}

/** Median and p95 of a sample (NaN when empty). */
function statsOf(sample: readonly number[]): Stats {
  const times = [...sample].sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), runs: times.length };
}

/** The floor: one pass of what any validator must do with this schema and answer, with nothing cached. */
function floor(schema: z.ZodType, role: 'output' | 'input', text: string): void {
  const value: unknown = JSON.parse(text);
  schema.safeParse(value);
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: role, unrepresentable: 'any' });
  const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  ajv.compile(json)(value);
}

interface Phases {
  timed: Record<string, () => unknown>;
  validations: { verdicts: number; run: number };
}

/** Each phase of evaluate() on its own, through the engine's own phase functions, so the slow one can be named. */
async function phases(loaded: LoadedCase, text: string): Promise<Phases> {
  const answer = parseAnswer(text);
  const value: Json = answer.ok ? answer.value : null;
  const listings = await Promise.all(CONVERTERS.map(async (c) => [c.id, await c.list(loaded)] as const));
  const shipments = shipAll(loaded, value);
  const out: Record<string, () => unknown> = {
    'parse answer': () => parseAnswer(text),
    // A fresh answer each time, as in evaluate (the policies share one analysis per answer object).
    'parse answer + ship': () => shipAll(loaded, JSON.parse(text) as Json),
  };
  for (const c of CONVERTERS) out[`list ${c.id}`] = () => c.list(loaded);
  // As evaluate does: every converter's listing × every policy's shipment, one client at a time (a fresh memo each call).
  for (const client of CLIENTS) out[`verify ${client.id}`] = () => verifyAll(valueTable(), loaded, value, listings, shipments, [client]);
  out['realSdk v1'] = () => runRealSdk('v1', loaded, value);
  out['realSdk v2'] = () => runRealSdk('v2', loaded, value);
  let run = 0;
  const counting = CLIENTS.map((c): Client => ({ ...c, verify: (...args) => (run++, c.verify(...args)) }));
  const rows = verifyAll(valueTable(), loaded, value, listings, shipments, counting);
  const verdicts = Object.values(rows).flatMap((row) => Object.values(row?.policies ?? {})).filter((p) => p.refused === null).length * CLIENTS.length;
  return { timed: out, validations: { verdicts, run } };
}

async function benchCase(bc: BenchCase, quick: boolean): Promise<CaseResult> {
  const large = bc.kind === 'large';
  const [warmup, runs, phaseRuns] = quick ? [2, large ? 3 : 5, 3] : [large ? 3 : 5, large ? 12 : 40, large ? 5 : 15];
  const named = bc.case as { converter?: string; client?: string };
  const c = { ...bc.case, converter: named.converter ?? DEFAULT_SELECTED.converter, client: named.client ?? DEFAULT_SELECTED.client };
  // One run gives both figures: its first report (hooks.first, where the worker posts it) and its end.
  const firsts: number[] = [];
  // One engine session for the case's runs, as the sandbox worker keeps one for its realm.
  const session = engineSession();
  const engine = await measure(async () => {
    const t0 = performance.now();
    await evaluate(c, { first: () => firsts.push(performance.now() - t0), session });
  }, warmup, runs);
  // The timed runs' first reports (none when the case has no first report: its answer does not parse).
  const selected = statsOf(firsts.length === warmup + runs ? firsts.slice(warmup) : []);
  const loaded = loadSchema(bc.case.schema, bc.case.role, undefined, { cache: session.loads });
  const answerOk = parseAnswer(bc.case.answer).ok;
  // A gallery case about a bad schema or answer has no floor to compare with: its row shows the engine alone.
  const none: Stats = { median: Number.NaN, p95: Number.NaN, runs: 0 };
  const byPhase: Record<string, number> = {};
  let floorStats = none;
  let validations = { verdicts: 0, run: 0 };
  if (loaded.ok && answerOk) {
    floorStats = await measure(() => floor(loaded.schema, bc.case.role, bc.case.answer), warmup, runs);
    const parts = await phases({ role: bc.case.role, tool: bc.case.tool, schema: loaded.schema, sdkSessions: session.sdkSessions, memos: session.memos }, bc.case.answer);
    for (const [name, run] of Object.entries(parts.timed)) byPhase[name] = (await measure(run, 1, phaseRuns)).median;
    validations = parts.validations;
  }
  await session.close();
  // `parse answer + ship` contains `parse answer`: count the parse once.
  const total = Object.entries(byPhase).reduce((a, [name, ms]) => a + (name === 'parse answer' ? 0 : ms), 0);
  const [phase, ms] = Object.entries(byPhase).sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  return {
    id: bc.id,
    kind: bc.kind,
    answerBytes: Buffer.byteLength(bc.case.answer),
    engine,
    selected,
    floor: floorStats,
    ratio: engine.median / floorStats.median,
    selectedRatio: selected.median / floorStats.median,
    phases: byPhase,
    dominant: { phase, share: total > 0 ? ms / total : 0 },
    validations,
  };
}

const fmt = (ms: number): string => (Number.isNaN(ms) ? '–' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

function render(results: CaseResult[], gallerySource: string): string {
  const ratio = (x: number): string => (Number.isNaN(x) ? '–' : `${x.toFixed(1)}×`);
  const head = ['case', 'answer', 'selected p50', 'p95', 'full p50', 'p95', 'floor p50', 'p95', 'selected/floor', 'full/floor', 'slowest phase (share)'];
  const rows = results.map((r) => [r.id, size(r.answerBytes), fmt(r.selected.median), fmt(r.selected.p95), fmt(r.engine.median), fmt(r.engine.p95), fmt(r.floor.median), fmt(r.floor.p95), ratio(r.selectedRatio), ratio(r.ratio), r.dominant.share ? `${r.dominant.phase} (${Math.round(r.dominant.share * 100)} %)` : '–']);
  const lines = [
    `Engine: warm evaluate() vs floor (ms; gallery = ${gallerySource}; targets: selected/floor ≤ ${BUDGET_SELECTED_RATIO}, full/floor ≤ ${BUDGET_RATIO})`,
    '  (evaluate() as the worker calls it: the selected converter × client named and a `first` hook; selected: until its first report; full: until the whole report)',
    table([head, ...rows]),
  ];
  const against = (x: number, budget: number): string => (Number.isNaN(x) ? 'not measured' : x <= budget ? 'meets' : `misses by ${(x / budget).toFixed(1)}×`);
  for (const r of results.filter((x) => x.kind === 'large')) {
    lines.push('', `Phases of "${r.id}" (median ms; selected/floor ≤ ${BUDGET_SELECTED_RATIO}: ${against(r.selectedRatio, BUDGET_SELECTED_RATIO)}; full/floor ≤ ${BUDGET_RATIO}: ${against(r.ratio, BUDGET_RATIO)})`);
    const entries = Object.entries(r.phases).sort((a, b) => b[1] - a[1]);
    lines.push(table(entries.map(([name, ms]) => [`  ${name}`, fmt(ms)])));
    lines.push(`  ${r.validations.verdicts} verdicts per evaluate from ${r.validations.run} validations (the rest are shared: same client, listing content and shipped value)`);
  }
  return lines.join('\n');
}

/** The engine section: gallery cases and the two large ones. */
export const section: Section = {
  id: 'engine',
  title: 'Engine latency',
  async run({ quick }): Promise<SectionResult> {
    const gallery = await galleryCases();
    const cases = [...gallery.cases, largeObjectCase(), largeUnionCase()];
    const results: CaseResult[] = [];
    for (const bc of cases) {
      process.stderr.write(`bench engine: ${bc.id}\n`);
      results.push(await benchCase(bc, quick));
    }
    return { text: render(results, gallery.source), json: { budget: { engineOverFloor: BUDGET_RATIO, selectedOverFloor: BUDGET_SELECTED_RATIO }, gallery: gallery.source, cases: results } };
  },
};
