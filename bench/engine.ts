/**
 * The engine section of `npm run bench`: warm `evaluate()` per case against the floor (zod safeParse + z.toJSONSchema +
 * Ajv compile + validate, nothing else) on the same inputs in the same process, and a per-phase breakdown.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { evaluate } from '../src/engine/evaluate.ts';
import { loadSchema } from '../src/engine/load.ts';
import { parseAnswer } from '../src/engine/answer.ts';
import { CONVERTERS } from '../src/engine/converters/index.ts';
import { CLIENTS } from '../src/engine/clients/index.ts';
import { POLICIES } from '../src/engine/policies.ts';
import { openListing } from '../src/engine/schema-walk.ts';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import type { Json, JsonSchema } from '../src/engine/report.ts';
import type { Client, LoadedCase } from '../src/engine/types.ts';
import { galleryCases, largeObjectCase, largeUnionCase, type BenchCase } from './cases.ts';
import type { Section, SectionResult } from './run.ts';

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
  engine: Stats;
  floor: Stats;
  ratio: number;
  /** Median ms per phase of one warm evaluation (phases timed one by one, outside evaluate). */
  phases: Record<string, number>;
  /** What-if, not the engine: all three clients' verification if each distinct (listing, shipment) pair were validated once. */
  verifyDistinctPairs: number;
  /** Validations evaluate() runs, and how many distinct (client, listing, shipment) triples they cover. */
  validations: { run: number; distinct: number };
  dominant: { phase: string; share: number };
}

const BUDGET_RATIO = 2;

/** Times `run` after `warmup` untimed calls. */
async function measure(run: () => unknown, warmup: number, runs: number): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), runs };
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
  /** Every client over the distinct (listing, shipment) pairs only: the saving a verdict memo would bring. */
  distinct: () => unknown;
  validations: { run: number; distinct: number };
}

/** Each phase of evaluate() on its own, through the same registries, so the slow one can be named. */
async function phases(loaded: LoadedCase, text: string): Promise<Phases> {
  const answer = parseAnswer(text);
  const value: Json = answer.ok ? answer.value : null;
  const listings = await Promise.all(CONVERTERS.map(async (c) => [c, await c.list(loaded)] as const));
  const policies = loaded.role === 'input' ? POLICIES.filter((p) => p.id === 'raw') : POLICIES;
  const shipments = policies.map((p) => [p, p.ship(loaded, value)] as const);
  const out: Record<string, () => unknown> = {
    'parse answer': () => parseAnswer(text),
    ship: () => policies.map((p) => p.ship(loaded, value)),
  };
  for (const c of CONVERTERS) out[`list ${c.id}`] = () => c.list(loaded);
  // As evaluate's verifyAll does: every converter's listing × every policy's shipment, per client.
  const pairs: Array<{ listed: JsonSchema | null; ships: Json; key: string }> = [];
  for (const [, listing] of listings) {
    for (const [policy, shipment] of shipments) {
      if (shipment.refused !== null || listing.callError) continue;
      const listed = policy.opensListing && listing.listed !== null ? openListing(listing.listed) : listing.listed;
      const ships = listing.wrapsResult ? { result: shipment.ships } : shipment.ships;
      pairs.push({ listed, ships, key: `${JSON.stringify(listed)}\u0000${JSON.stringify(ships)}` });
    }
  }
  const distinct = [...new Map(pairs.map((p) => [p.key, p])).values()];
  const verifyAll = (client: Client, list: typeof pairs): void => {
    for (const p of list) client.verify(p.listed, { structuredContent: p.ships, isError: false }, loaded.tool);
  };
  for (const client of CLIENTS) out[`verify ${client.id}`] = () => verifyAll(client, pairs);
  out['realSdk v1'] = () => runRealSdk('v1', loaded, value);
  out['realSdk v2'] = () => runRealSdk('v2', loaded, value);
  return {
    timed: out,
    distinct: () => CLIENTS.forEach((c) => verifyAll(c, distinct)),
    validations: { run: pairs.length * CLIENTS.length, distinct: distinct.length * CLIENTS.length },
  };
}

async function benchCase(bc: BenchCase, quick: boolean): Promise<CaseResult> {
  const large = bc.kind === 'large';
  const [warmup, runs, phaseRuns] = quick ? [2, large ? 3 : 5, 3] : [large ? 3 : 5, large ? 12 : 40, large ? 5 : 15];
  const engine = await measure(() => evaluate(bc.case), warmup, runs);
  const loaded = loadSchema(bc.case.schema, bc.case.role);
  const answerOk = parseAnswer(bc.case.answer).ok;
  // A gallery case about a bad schema or answer has no floor to compare with: its row shows the engine alone.
  const none: Stats = { median: Number.NaN, p95: Number.NaN, runs: 0 };
  const byPhase: Record<string, number> = {};
  let floorStats = none;
  let verifyDistinctPairs = Number.NaN;
  let validations = { run: 0, distinct: 0 };
  if (loaded.ok && answerOk) {
    floorStats = await measure(() => floor(loaded.schema, bc.case.role, bc.case.answer), warmup, runs);
    const parts = await phases({ role: bc.case.role, tool: bc.case.tool, schema: loaded.schema }, bc.case.answer);
    for (const [name, run] of Object.entries(parts.timed)) byPhase[name] = (await measure(run, 1, phaseRuns)).median;
    verifyDistinctPairs = (await measure(parts.distinct, 1, phaseRuns)).median;
    validations = parts.validations;
  }
  const total = Object.values(byPhase).reduce((a, b) => a + b, 0);
  const [phase, ms] = Object.entries(byPhase).sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  return {
    id: bc.id,
    kind: bc.kind,
    answerBytes: Buffer.byteLength(bc.case.answer),
    engine,
    floor: floorStats,
    ratio: engine.median / floorStats.median,
    phases: byPhase,
    dominant: { phase, share: total > 0 ? ms / total : 0 },
    verifyDistinctPairs,
    validations,
  };
}

const fmt = (ms: number): string => (Number.isNaN(ms) ? '–' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const size = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} B`);

function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

function render(results: CaseResult[], gallerySource: string): string {
  const head = ['case', 'answer', 'engine p50', 'p95', 'floor p50', 'p95', 'engine/floor', 'slowest phase (share)'];
  const rows = results.map((r) => [r.id, size(r.answerBytes), fmt(r.engine.median), fmt(r.engine.p95), fmt(r.floor.median), fmt(r.floor.p95), Number.isNaN(r.ratio) ? '–' : `${r.ratio.toFixed(1)}×`, r.dominant.share ? `${r.dominant.phase} (${Math.round(r.dominant.share * 100)} %)` : '–']);
  const lines = [`Engine: warm evaluate() vs floor (ms; gallery = ${gallerySource})`, table([head, ...rows])];
  for (const r of results.filter((x) => x.kind === 'large')) {
    const verdict = r.ratio <= BUDGET_RATIO ? 'meets' : `misses by ${(r.ratio / BUDGET_RATIO).toFixed(1)}×`;
    lines.push('', `Phases of "${r.id}" (median ms; budget engine/floor ≤ ${BUDGET_RATIO}: ${verdict})`);
    const entries = Object.entries(r.phases).sort((a, b) => b[1] - a[1]);
    lines.push(table(entries.map(([name, ms]) => [`  ${name}`, fmt(ms)])));
    const verify = CLIENTS.reduce((sum, c) => sum + (r.phases[`verify ${c.id}`] ?? 0), 0);
    lines.push(
      `  ${r.validations.run} validations per evaluate, ${r.validations.distinct} distinct; validating each distinct (listing, shipment) once: ${fmt(r.verifyDistinctPairs)} ms instead of ${fmt(verify)} ms (what-if)`,
    );
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
    return { text: render(results, gallery.source), json: { budget: { engineOverFloor: BUDGET_RATIO }, gallery: gallery.source, cases: results } };
  },
};
