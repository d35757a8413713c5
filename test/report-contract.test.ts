/** The Report contract (src/engine/report.ts) as the page checks it: every report evaluate() makes passes; malformed ones are named. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import type { Evaluator, Outcome } from '../src/sandbox/protocol.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { MALFORMED, checkReport } from '../src/state/reportCheck.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { loadFixtures } from './fixtures.ts';

const HUNDRED_MB = 'x'.repeat(100 * 1024 * 1024);

/** A well-formed report to break one field of. */
async function good(): Promise<Report> {
  return evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer });
}

/** Malformed reports as data: what is changed, and the field the message must name. */
const MALFORMED_ROWS: ReadonlyArray<{ name: string; field: string; breakIt: (r: any) => void }> = [
  { name: 'an object where a verdict message is expected', field: 'converters.zod.policies.raw.verdicts.sdk-v1.message', breakIt: (r) => (r.converters.zod.policies.raw.verdicts['sdk-v1'].message = { evil: 1 }) },
  { name: 'an object where a real SDK call error is expected', field: 'realSdk.v1.callError', breakIt: (r) => (r.realSdk.v1.callError = { toString: 'x' }) },
  { name: 'a 100 MB verdict message', field: 'converters.zod.policies.raw.verdicts.sdk-v1.message', breakIt: (r) => (r.converters.zod.policies.raw.verdicts['sdk-v1'].message = HUNDRED_MB) },
  { name: 'a 100 MB load error', field: 'load.error.message', breakIt: (r) => (r.load = { ok: false, error: { message: HUNDRED_MB } }) },
  { name: 'a string where a boolean verdict is expected', field: 'converters.zod.policies.raw.verdicts.sdk-v1.valid', breakIt: (r) => (r.converters.zod.policies.raw.verdicts['sdk-v1'].valid = 'true') },
  { name: 'a number where the undeclared keys are expected', field: 'converters.zod.policies.raw.undeclared', breakIt: (r) => (r.converters.zod.policies.raw.undeclared = 3) },
  { name: 'a string where a verdict\'s errors are expected', field: 'converters.zod.policies.raw.verdicts.sdk-v1.errors', breakIt: (r) => (r.converters.zod.policies.raw.verdicts['sdk-v1'].errors = 'data must NOT') },
  { name: 'NaN inside an error\'s params', field: 'converters.zod.policies.raw.verdicts.sdk-v1.errors.0.params.limit', breakIt: (r) => (r.converters.zod.policies.raw.verdicts['sdk-v1'].errors = [{ path: '', keyword: 'maximum', params: { limit: Number.NaN }, message: 'm' }]) },
  { name: 'a 100 MB error message', field: 'converters.zod.policies.raw.verdicts.sdk-v1.errors.0.message', breakIt: (r) => (r.converters.zod.policies.raw.verdicts['sdk-v1'].errors = [{ path: '', keyword: 'type', params: {}, message: HUNDRED_MB }]) },
  { name: 'an unknown role', field: 'role', breakIt: (r) => (r.role = 'admin') },
  { name: 'a missing verdict', field: 'converters.zod.policies.raw.verdicts.sdk-v2-node', breakIt: (r) => delete r.converters.zod.policies.raw.verdicts['sdk-v2-node'] },
  { name: 'NaN inside what ships', field: 'values.0.n', breakIt: (r) => (r.values[0] = { n: Number.NaN }) },
  { name: 'a Map inside what ships', field: 'values.0.m', breakIt: (r) => (r.values[0] = { m: new Map() }) },
  { name: 'a row pointing past the values', field: 'converters.zod.policies.raw.shipsAt', breakIt: (r) => (r.converters.zod.policies.raw.shipsAt = r.values.length) },
  { name: 'a real run pointing past the values', field: 'realSdk.v1.structuredContentAt', breakIt: (r) => (r.realSdk.v1.structuredContentAt = 1000) },
  { name: 'a fractional index', field: 'converters.zod.policies.raw.shipsAt', breakIt: (r) => (r.converters.zod.policies.raw.shipsAt = 0.5) },
  { name: 'a value where an index is expected (a v1 row)', field: 'converters.zod.policies.raw.shipsAt', breakIt: (r) => (r.converters.zod.policies.raw.shipsAt = { id: '1' }) },
  { name: 'a report of contract v1', field: 'v', breakIt: (r) => (r.v = 1) },
  { name: 'a BigInt inside the listed schema', field: 'converters.zod.listed.properties.b', breakIt: (r) => (r.converters.zod.listed = { properties: { b: 1n } }) },
  {
    name: 'a cycle inside structuredContent',
    field: 'values.1.self',
    breakIt: (r) => {
      const o: Record<string, unknown> = {};
      o['self'] = o;
      r.values = [r.values[0], o];
      r.realSdk.v2.structuredContentAt = 1;
    },
  },
  { name: 'not an object at all', field: '(the report itself)', breakIt: () => {} },
];

describe('the Report contract', () => {
  it('accepts, unchanged, every report evaluate() makes for the fixtures and the gallery', { timeout: 300_000 }, async () => {
    const cases = [...loadFixtures().map((f) => f.case), ...EXAMPLES.map((e) => e.case)];
    for (const c of cases) {
      const report = await evaluate(c);
      const checked = checkReport(report);
      expect(checked, JSON.stringify(c).slice(0, 200)).toEqual({ ok: true, report });
    }
  });

  it('accepts one object shared by many rows, and an answer nested as deep as the engine allows', async () => {
    const shared = { a: [1, 2, { b: 'c' }] };
    const deep: unknown[] = [];
    let at = deep;
    for (let i = 0; i < 600; i++) at.push((at = []));
    const r = structuredClone(await good()) as any;
    r.values = [shared, { shared }, deep];
    for (const row of Object.values(r.converters) as any[]) row.policies.raw.shipsAt = 1;
    r.realSdk.v1.structuredContentAt = 2;
    expect(checkReport(r).ok).toBe(true);
  });

  for (const row of MALFORMED_ROWS) {
    it(`rejects ${row.name}, naming the field`, async () => {
      const r = row.field === '(the report itself)' ? 'not a report' : (structuredClone(await good()) as any);
      if (typeof r === 'object') row.breakIt(r);
      const checked = checkReport(r);
      expect(checked.ok).toBe(false);
      if (checked.ok) return;
      expect(checked.message).toContain(`${MALFORMED}: ${row.field}:`);
      expect(checked.message.length).toBeLessThan(600);
    });
  }
});

describe('live evaluation', () => {
  it('shows a malformed report as such and keeps it out of the store', async () => {
    const r = structuredClone(await good()) as any;
    r.realSdk.v1.callError = { evil: true };
    const outcome: Outcome = { kind: 'report', report: r, ms: 5 };
    const evaluator: Evaluator = { evaluate: () => Promise.resolve(outcome), dispose: () => {} };
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    startLiveEvaluation(store, evaluator);
    await expect.poll(() => store.getState().run.kind).toBe('crash');
    expect(store.getState().run).toEqual({ kind: 'crash', message: `${MALFORMED}: realSdk.v1.callError: Invalid input: expected string, received object` });
    expect(store.getState().report).toBeNull();
  });

  it('lands a well-formed report', async () => {
    const report = await good();
    const evaluator: Evaluator = { evaluate: () => Promise.resolve({ kind: 'report', report, ms: 5 }), dispose: () => {} };
    const store = createPlaygroundStore({ ...DEFAULT_CASE });
    startLiveEvaluation(store, evaluator);
    await expect.poll(() => store.getState().run.kind).toBe('done');
    expect(store.getState().report).toEqual(report);
  });
});
