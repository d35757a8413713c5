/**
 * `npm run fuzz -- [--runs 5000] [--seed S] [--time-limit 1200] [--case-timeout 5000]`: generated cases through
 * `evaluate()`, checked against the invariants in ./invariants.ts. Every case runs (failures do not stop the run);
 * then each broken invariant's first counterexample is shrunk and printed. Exits 1 when any invariant broke.
 */
import fc from 'fast-check';
import { fuzzCase, type FuzzCase } from '../arbitraries.ts';
import { checkCase, type Failure, type InvariantId } from './invariants.ts';

/** The command line. */
export interface FuzzOptions {
  runs: number;
  seed: number;
  timeLimitS: number;
  caseTimeoutMs: number;
}

/** Reads `--name value` pairs; unknown flags are an error. */
export function parseArgs(argv: readonly string[]): FuzzOptions {
  const options: FuzzOptions = { runs: 5000, seed: Date.now() % 2 ** 31, timeLimitS: 1200, caseTimeoutMs: 5000 };
  const names: Record<string, keyof FuzzOptions> = { '--runs': 'runs', '--seed': 'seed', '--time-limit': 'timeLimitS', '--case-timeout': 'caseTimeoutMs' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = names[argv[i] ?? ''];
    const value = Number(argv[i + 1]);
    if (!name || !Number.isInteger(value) || value < 0) throw new Error(`usage: npm run fuzz -- [--runs N] [--seed S] [--time-limit SECONDS] [--case-timeout MS] (got ${argv[i]} ${argv[i + 1]})`);
    options[name] = value;
  }
  return options;
}

interface Found {
  index: number;
  case: FuzzCase;
  failures: Failure[];
}

async function main(): Promise<number> {
  const o = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const found: Found[] = [];
  let index = 0;
  // The property never fails, so fast-check neither stops nor shrinks here: run `index` is replayable as path `${index}`.
  const details = await fc.check(
    fc.asyncProperty(fuzzCase, async (c) => {
      const i = index++;
      const failures = await checkCase(c, { timeoutMs: o.caseTimeoutMs });
      if (failures.length > 0) found.push({ index: i, case: c, failures });
      if (index % 250 === 0) process.stderr.write(`fuzz: ${index}/${o.runs} cases, ${found.length} with failures, ${seconds(started)} s\n`);
    }),
    { seed: o.seed, numRuns: o.runs, interruptAfterTimeLimit: o.timeLimitS * 1000, markInterruptAsFailure: false },
  );
  const ran = details.numRuns;
  const byInvariant = new Map<InvariantId, Found[]>();
  const knownBugs = new Map<string, number>();
  for (const f of found) {
    for (const inv of new Set(f.failures.filter((x) => !x.known).map((x) => x.invariant))) byInvariant.set(inv, [...(byInvariant.get(inv) ?? []), f]);
    for (const k of new Set(f.failures.flatMap((x) => (x.known ? [x.known] : [])))) knownBugs.set(k, (knownBugs.get(k) ?? 0) + 1);
  }

  for (const [invariant, cases] of byInvariant) {
    const first = cases[0] as Found;
    console.log(`\n=== ${invariant}: ${cases.length} case(s); first at run ${first.index}`);
    console.log(first.failures.filter((f) => f.invariant === invariant && !f.known).map((f) => `  ${f.message}`).join('\n'));
    const minimal = await shrink(o, first.index, invariant);
    console.log('minimal case:', JSON.stringify(minimal?.case.case ?? first.case.case, null, 2));
    if (minimal) console.log(`  generator: ${JSON.stringify({ kind: minimal.case.answer.kind, injected: minimal.case.answer.injected, hazards: minimal.case.answer.hazards, features: minimal.case.schema.features })}`);
    if (minimal) console.log(minimal.failures.map((f) => `  ${f.message}`).join('\n'));
  }
  const failing = found.filter((f) => f.failures.some((x) => !x.known)).length;
  const counts = [...byInvariant].map(([inv, cs]) => `${inv}: ${cs.length}`).join(', ');
  const knownText = [...knownBugs].map(([k, n]) => `${k}: ${n}`).join(', ');
  const interrupted = details.interrupted ? ` (stopped by the ${o.timeLimitS} s limit)` : '';
  console.log(`fuzz: seed=${o.seed} runs=${ran}/${o.runs}${interrupted} time=${seconds(started)}s failing=${failing}${counts ? ` [${counts}]` : ''} known-bugs=${knownText || 'none'}`);
  return failing > 0 ? 1 : 0;
}

/** Replays run `index` and lets fast-check shrink it while the invariant stays broken (bounded to two minutes). */
async function shrink(o: FuzzOptions, index: number, invariant: InvariantId): Promise<{ case: FuzzCase; failures: Failure[] } | null> {
  let last: { case: FuzzCase; failures: Failure[] } | null = null;
  await fc.check(
    fc.asyncProperty(fuzzCase, async (c) => {
      const failures = (await checkCase(c, { timeoutMs: o.caseTimeoutMs, only: [invariant] })).filter((f) => f.invariant === invariant && !f.known);
      if (failures.length > 0) last = { case: c, failures };
      return failures.length === 0;
    }),
    { seed: o.seed, path: String(index), numRuns: 1, interruptAfterTimeLimit: 120_000 },
  );
  return last;
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
