/**
 * The invariants the engine's property test and the fuzzer check, in one place: `checkCase` evaluates a generated
 * case and returns every broken invariant with a message (an empty list when all hold).
 */
import { isDeepStrictEqual } from 'node:util';
import { evaluate } from '../../src/engine/evaluate.ts';
import { type Json, type PolicyRow as TabledPolicyRow, type Report } from '../../src/engine/report.ts';
import { expandReport, type ExpandedConverterRow as ConverterRow, type ExpandedPolicyRow as PolicyRow, type ExpandedReport } from '../../src/engine/values.ts';
import { MAX_KEY_PATHS } from '../../src/engine/lib/undeclared.ts';
import { oracleSchema, type FuzzCase, type GapId, type Hazard } from '../arbitraries.ts';
import { CLIENT_IDS, type ClientId, CONVERTER_IDS, type ConverterId, POLICY_IDS } from '../../src/engine/contract/catalog.ts';

/** The invariants, by name. */
export const INVARIANTS = [
  'never-throws',
  'never-hangs',
  'report-shape',
  'loads',
  'no-prototype-pollution',
  'generator-agrees-with-zod',
  'rejected-is-refused',
  'wire-truthful-raw',
  'undeclared-exact',
  'keep-passes-opened',
  'sdk-converters-agree',
] as const;
export type InvariantId = (typeof INVARIANTS)[number];

/** One broken invariant; `known` names the KNOWN_BUGS entry it belongs to. */
export interface Failure {
  invariant: InvariantId;
  message: string;
  known?: string;
}

/**
 * Engine bugs found by fuzzing and not fixed yet: still reported, but they do not fail a run. Remove an entry when
 * its fix lands (its fixture, test/fixtures/fuzz-*.json, then goes into the tree).
 */
export const KNOWN_BUGS: ReadonlyArray<{ id: string; where: string; matches: (c: FuzzCase, f: Failure) => boolean }> = [
];

/**
 * The residual gaps of MCP SDK PR #2556 (the wire-truthful listing still does not describe every raw value zod accepts), each
 * with the reason, the text the converter's warning must show, and a minimal case. Only those with `rejectsRaw`
 * excuse a rejected raw answer; the others change the listing but no client verdict.
 */
export const RESIDUAL_GAPS: ReadonlyArray<{ id: GapId | 'dynamic-catch' | 'bigint-default'; reason: string; warning: string; rejectsRaw: boolean; schema: string; answer: string }> = [
  {
    id: 'coerce',
    reason: 'z.coerce lists the coerced type (number) while the server ships the raw value ("5").',
    warning: 'the schema has a .transform(), .pipe() or z.coerce',
    rejectsRaw: true,
    schema: 'export default z.object({ n: z.coerce.number() })',
    answer: '{"n":"5"}',
  },
  {
    id: 'pipe',
    reason: '.pipe() lists its output side (io: output) while the server ships the input side.',
    warning: 'the schema has a .transform(), .pipe() or z.coerce',
    rejectsRaw: true,
    schema: 'export default z.object({ n: z.string().pipe(z.coerce.number()) })',
    answer: '{"n":"5"}',
  },
  {
    id: 'object-catch',
    reason: 'a .catch() on an object keeps type: "object" (for the root-object proof); the catch accepts any raw value.',
    warning: 'a .catch() on an object keeps type: "object"',
    rejectsRaw: true,
    schema: 'export default z.object({ o: z.object({ a: z.string() }).catch({ a: "x" }) })',
    answer: '{"o":5}',
  },
  {
    id: 'dynamic-catch',
    reason: 'a .catch(fn) fallback cannot be computed when listing, so it is left out; the node accepts anything.',
    warning: 'a dynamic .catch(fn) cannot be evaluated',
    rejectsRaw: false,
    schema: 'export default z.object({ n: z.number().catch((ctx) => ctx.error.issues.length) })',
    answer: '{"n":"x"}',
  },
  {
    id: 'bigint-default',
    reason: '.default(0n) has no JSON form, so the listing leaves the default out; the raw answer omits the key.',
    warning: 'a BigInt default (.default(0n))',
    rejectsRaw: false,
    schema: 'export default z.object({ n: z.bigint().default(0n) })',
    answer: '{}',
  },
];

/** What `checkCase` may be told. */
export interface CheckOptions {
  /** A run taking longer than this is a hang. */
  timeoutMs?: number;
  /** Check only these (evaluating never throwing or hanging is always checked). */
  only?: readonly InvariantId[];
}

/** Evaluates one generated case and checks the invariants; returns the broken ones. */
export async function checkCase(c: FuzzCase, options: CheckOptions = {}): Promise<Failure[]> {
  const outcome = await evaluateWithin(c, options.timeoutMs ?? 5000);
  if ('failure' in outcome) return [outcome.failure];
  const failures: Failure[] = [];
  const wanted = (id: InvariantId): boolean => !options.only || options.only.includes(id);
  const expanded = expandReport(outcome.report);
  for (const [id, check] of CHECKS) {
    if (!wanted(id)) continue;
    try {
      for (const message of check(expanded, c, outcome.report)) failures.push({ invariant: id, message });
    } catch (e) {
      failures.push({ invariant: id, message: `the check itself threw: ${e instanceof Error ? e.stack : String(e)}` });
    }
  }
  for (const f of failures) {
    const bug = KNOWN_BUGS.find((b) => b.matches(c, f));
    if (bug) f.known = bug.id;
  }
  return failures;
}

async function evaluateWithin(c: FuzzCase, timeoutMs: number): Promise<{ report: Report } | { failure: Failure }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const report = await Promise.race([evaluate(c.case), timeout]);
    if (report === 'timeout') return { failure: { invariant: 'never-hangs', message: `evaluate() did not settle within ${timeoutMs} ms` } };
    return { report };
  } catch (e) {
    return { failure: { invariant: 'never-throws', message: `evaluate() threw: ${e instanceof Error ? e.stack : String(e)}` } };
  } finally {
    clearTimeout(timer);
  }
}

/** A check of the report with each row holding its value (`tabled`: the Report as evaluate() returns it). */
type Check = (report: ExpandedReport, c: FuzzCase, tabled: Report) => string[];

const zodVerdicts = new WeakMap<FuzzCase, boolean>();
/** The oracle: this process's zod, on a schema built without the engine's loader. */
function zodAccepts(c: FuzzCase): boolean {
  let known = zodVerdicts.get(c);
  if (known === undefined) zodVerdicts.set(c, (known = oracleSchema(c.schema).safeParse(JSON.parse(c.answer.text)).success));
  return known;
}

const CHECKS: ReadonlyArray<[InvariantId, Check]> = [
  ['report-shape', reportShape],
  ['loads', (r) => [...(r.load.ok ? [] : [`load failed: ${r.load.error.message}`]), ...(r.answer.ok ? [] : [`answer failed: ${r.answer.error.message}`])]],
  ['no-prototype-pollution', () => (Object.keys(Object.prototype).length > 0 || 'polluted' in {} ? [`Object.prototype gained keys: ${Object.keys(Object.prototype).join(', ')}`] : [])],
  ['generator-agrees-with-zod', (_, c) => (zodAccepts(c) === c.answer.valid ? [] : [`the generator says valid=${c.answer.valid}, zod says ${zodAccepts(c)}`])],
  ['rejected-is-refused', rejectedIsRefused],
  ['wire-truthful-raw', wireTruthfulRaw],
  ['undeclared-exact', undeclaredExact],
  ['keep-passes-opened', keepPassesOpened],
  ['sdk-converters-agree', sdkConvertersAgree],
];

// ---------------------------------------------------------------- the checks

/** A row's index: null, or a place in the report's `values`. */
const pointsIn = (r: Report, at: number | null): boolean => at === null || (Number.isInteger(at) && at >= 0 && at < r.values.length);
const isStringOrNull = (v: unknown): boolean => v === null || typeof v === 'string';
const isSchemaOrNull = (v: unknown): boolean => v === null || typeof v === 'boolean' || (typeof v === 'object' && !Array.isArray(v));

/** The documented Report keys and their types, and plain JSON all the way down; rows point into `values`. */
function reportShape(_: ExpandedReport, c: FuzzCase, r: Report): string[] {
  const out: string[] = [];
  const expect = (ok: boolean, what: string): void => void (ok || out.push(what));
  expect(r.v === 2 && Array.isArray(r.values) && r.role === c.case.role && r.tool === c.case.tool, `v/role/tool: ${r.v}/${r.role}/${r.tool}`);
  expect(typeof r.load?.ok === 'boolean' && typeof r.answer?.ok === 'boolean', 'load/answer status');
  expect(Object.values(r.versions ?? {}).length > 0 && Object.values(r.versions).every((v) => typeof v === 'string'), 'versions');
  expect(isDeepStrictEqual(JSON.parse(JSON.stringify(r)), r), 'the Report is not plain JSON (undefined values, class instances or non-finite numbers)');
  if (!r.load.ok || !r.answer.ok) return out;
  expect(isDeepStrictEqual(Object.keys(r.converters).sort(), [...CONVERTER_IDS].sort()), `converters: ${Object.keys(r.converters).join(', ')}`);
  const policies = r.role === 'input' ? ['raw'] : [...POLICY_IDS];
  for (const [id, row] of Object.entries(r.converters)) {
    expect(isSchemaOrNull(row.listed) && isStringOrNull(row.listError) && isStringOrNull(row.warning), `${id}: listed/listError/warning`);
    expect(isDeepStrictEqual(Object.keys(row.policies).sort(), [...policies].sort()), `${id}: policies ${Object.keys(row.policies).join(', ')}`);
    for (const [pid, p] of Object.entries(row.policies) as Array<[string, TabledPolicyRow]>) {
      expect(Array.isArray(p.undeclared) && p.undeclared.every((u) => typeof u === 'string'), `${id}.${pid}.undeclared`);
      expect(isStringOrNull(p.refused) && isStringOrNull(p.log) && pointsIn(r, p.shipsAt), `${id}.${pid}: shipsAt/refused/log`);
      expect(isDeepStrictEqual(Object.keys(p.verdicts).sort(), [...CLIENT_IDS].sort()), `${id}.${pid}.verdicts`);
      for (const [cid, v] of Object.entries(p.verdicts)) expect([true, false, null].includes(v.valid) && isStringOrNull(v.message), `${id}.${pid}.${cid}`);
    }
  }
  for (const v of ['v1', 'v2'] as const) {
    const row = r.realSdk[v];
    expect(
      row !== null && isSchemaOrNull(row.listed) && isStringOrNull(row.listError) && typeof row.isError === 'boolean' && isStringOrNull(row.text) && isStringOrNull(row.callError) && pointsIn(r, row.structuredContentAt),
      `realSdk.${v}`,
    );
  }
  if (r.role === 'input') expect(r.input !== undefined && typeof r.input.ok === 'boolean' && Array.isArray(r.input.dropped), 'input');
  return out;
}

/** An answer zod rejects is refused under every policy; one it accepts ships raw (unless the listing fails every call). */
function rejectedIsRefused(r: ExpandedReport, c: FuzzCase): string[] {
  if (!r.load.ok || !r.answer.ok) return [];
  const accepted = zodAccepts(c);
  const out: string[] = [];
  for (const [id, row] of Object.entries(r.converters)) {
    for (const [pid, p] of Object.entries(row.policies) as Array<[string, PolicyRow]>) {
      if (!accepted && p.refused === null) out.push(`${id}.${pid}: zod rejects the answer, yet it ships ${short(p.ships)}`);
    }
    const raw = row.policies.raw;
    const callError = id === 'mcp-sdk-v1' && r.realSdk.v1?.isError && row.listed === null;
    if (accepted && raw && raw.refused !== null && !callError) out.push(`${id}.raw: zod accepts the answer, yet it is refused: ${raw.refused}`);
  }
  return out;
}

/** The wire-truthful promise (MCP SDK PR #2556): under wire-truthful + raw, sdk-v2-node accepts every answer zod accepts, apart from the named gaps. */
function wireTruthfulRaw(r: ExpandedReport, c: FuzzCase): string[] {
  // The PR is about what the server ships (output); for the input role nothing ships and no client validates arguments.
  if (r.role !== 'output') return [];
  const row = r.converters['wire-truthful'];
  const verdict = row?.policies.raw?.verdicts['sdk-v2-node'];
  if (!row || !verdict || verdict.valid !== false || !zodAccepts(c)) return [];
  // Excused when the answer hits a gap (as the generator knows it) that the warning names.
  const gaps = RESIDUAL_GAPS.filter((g) => g.rejectsRaw && (c.answer.hazards as string[]).includes(g.id));
  if (gaps.some((g) => row.warning?.includes(g.warning))) return [];
  if (gaps.length === 0) return [`zod accepts the answer but sdk-v2-node rejects it under wire-truthful: ${verdict.message}`];
  return [`sdk-v2-node rejects the answer (${verdict.message}); it hits the ${gaps.map((g) => g.id).join(', ')} gap, but the wire-truthful warning does not name it: ${row.warning}`];
}

/** findDroppedKeys names exactly the injected keys (those below a transform are not compared, test/arbitraries.ts). */
function undeclaredExact(r: ExpandedReport, c: FuzzCase): string[] {
  if (!r.load.ok || !r.answer.ok || !zodAccepts(c)) return [];
  const expected = c.answer.injected;
  const rows: Array<[string, string[]]> = [];
  for (const [id, row] of Object.entries(r.converters)) {
    const p = row.policies[r.role === 'input' ? 'raw' : 'strip'];
    if (p) rows.push([`${id}.${r.role === 'input' ? 'raw' : 'strip'}`, p.undeclared]);
  }
  if (r.input) rows.push(['input.dropped', r.input.dropped]);
  return rows.filter(([, got]) => !samePaths(got, expected)).map(([where, got]) => `${where}: undeclared ${JSON.stringify(got)}, injected ${JSON.stringify(expected)}`);
}

function samePaths(got: string[], expected: string[]): boolean {
  const want = new Set(expected);
  const size = Math.min(want.size, MAX_KEY_PATHS);
  return got.length === size && new Set(got).size === size && got.every((p) => want.has(p));
}

const LISTING_REFUSED = ['Invalid result for tools/list', 'has an invalid outputSchema'];

/**
 * Where `keep` really ships what the opened listing rejects. Each is the listing's doing (zod's toJSONSchema), not
 * the policy's; test/fixtures/fuzz-keep-*.json pin it with the published zod and Ajv.
 */
export const KEEP_EXCEPTIONS: ReadonlyArray<{ hazard: Hazard; converters: readonly ConverterId[]; reason: string }> = [
  {
    hazard: 'undefined-key',
    converters: ['zod', 'mcp-sdk-v1', 'mcp-sdk-v2', 'frontmcp', 'lenient-output'],
    reason:
      'zod lists as required every key of z.record(z.enum(…), v.optional()) and a field such as z.unknown().catch(x), yet parses a missing one to undefined, which JSON drops; opening the listing keeps `required` (only wire-truthful drops it, seed 001)',
  },
];

/** Under `keep`, what ships passes the opened listing with sdk-v2-node. */
function keepPassesOpened(r: ExpandedReport, c: FuzzCase): string[] {
  const out: string[] = [];
  const excused = KEEP_EXCEPTIONS.filter((e) => c.answer.hazards.includes(e.hazard));
  for (const [id, row] of Object.entries(r.converters) as Array<[ConverterId, ConverterRow]>) {
    if (excused.some((e) => e.converters.includes(id))) continue;
    const keep = row.policies.keep;
    if (!keep || keep.refused !== null || keep.listed === null || keep.listed === undefined) continue;
    const verdict = keep.verdicts['sdk-v2-node'];
    // A client that refuses the listing itself (a non-object root, a schema Ajv cannot compile) says nothing of the answer.
    if (verdict.valid === false && !LISTING_REFUSED.some((m) => verdict.message?.includes(m))) out.push(`${id}.keep: ships ${short(keep.ships)}, sdk-v2-node says: ${verdict.message}`);
  }
  return out;
}

const PAIRS: ReadonlyArray<{ sdk: 'v1' | 'v2'; converter: ConverterId; client: ClientId }> = [
  { sdk: 'v1', converter: 'mcp-sdk-v1', client: 'sdk-v1' },
  { sdk: 'v2', converter: 'mcp-sdk-v2', client: 'sdk-v2-node' },
];

/** The mcp-sdk-* converters list what the real SDK run lists, and the raw row's verdict is the real client's. */
function sdkConvertersAgree(r: ExpandedReport): string[] {
  if (!r.load.ok || !r.answer.ok) return [];
  const out: string[] = [];
  for (const { sdk, converter, client } of PAIRS) {
    const real = r.realSdk[sdk];
    const ours = r.converters[converter];
    if (!real || !ours) continue;
    if (real.callError?.includes('did not answer within')) out.push(`realSdk.${sdk} timed out: ${real.callError}`);
    if (!sameJson(ours.listed, real.listed)) out.push(`${converter} lists ${short(ours.listed)}, the real ${sdk} run lists ${short(real.listed)}`);
    if (ours.listError !== real.listError) out.push(`${converter} listError ${JSON.stringify(ours.listError)}, real ${sdk}: ${JSON.stringify(real.listError)}`);
    const raw = ours.policies.raw;
    if (real.listError || r.role === 'input' || !raw) continue;
    const verdict = raw.verdicts[client];
    if (real.callError) {
      // The real client threw: it rejected the structuredContent (same words) or the server could not run the tool.
      if (verdict.valid === false ? verdict.message !== real.callError : raw.ships !== null) out.push(`${converter}.raw: ${client} says ${JSON.stringify(verdict)}, ships ${short(raw.ships)}; the real ${sdk} call threw: ${real.callError}`);
    } else if (real.isError) {
      if (raw.refused !== real.text || verdict.valid !== null) out.push(`${converter}.raw refused ${JSON.stringify(raw.refused)}; the real ${sdk} server said: ${real.text}`);
    } else if (!sameJson(raw.ships, real.structuredContent) || verdict.valid === false) {
      out.push(`${converter}.raw ships ${short(raw.ships)} (${client}: ${JSON.stringify(verdict)}); the real ${sdk} run got ${short(real.structuredContent)}`);
    }
  }
  return out;
}

/** Equal as JSON text would carry them (key order and prototypes aside). */
function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a) ?? 'null'), JSON.parse(JSON.stringify(b) ?? 'null'));
}

function short(value: Json | undefined): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
