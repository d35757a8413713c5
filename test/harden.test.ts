/**
 * The sandbox's hardened realm (src/sandbox/harden.ts) in Node: the gallery reports the same before and after
 * lockdown (honest cases do not change), and each attack row (e2e/forgery.rows.ts) is refused in plain words at its
 * line. Run in a child process: lockdown() freezes the realm it runs in, and vitest's must stay its own.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/engine/report.ts';
import { ATTACK_LINE, ATTACK_ROWS } from '../e2e/forgery.rows.ts';
import { PARITY_ROWS } from '../e2e/parity.rows.ts';

type Rows = Array<{ id: string; report: Report }>;
let out: { before: Report[]; after: Report[]; attacks: Rows; plain: Rows; hardened: Rows; refusals: Rows };

beforeAll(() => {
  const root = resolve(import.meta.dirname, '..');
  const text = execFileSync(process.execPath, ['--import', 'tsx', 'test/harden.probe.ts'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  out = JSON.parse(text) as typeof out;
}, 120_000);

describe('the hardened realm', () => {
  it('gives every gallery case the same report as before lockdown', () => {
    expect(out.after.length).toBeGreaterThan(5);
    expect(out.after).toEqual(out.before);
  });

  it.each(ATTACK_ROWS.map((row) => [row.id, row] as const))('%s: refused at its line, or the honest verdicts', (id, row) => {
    const report = out.attacks.find((a) => a.id === id)?.report;
    if (!report) throw new Error(`no report for ${id}`);
    if (row.expect === 'truthful' || row.expect === 'client-refuses') {
      expect(report.load).toEqual({ ok: true });
      expect(report.converters['mcp-sdk-v1']?.policies.raw?.verdicts['sdk-v1']).toMatchObject({ valid: false });
      expect(report.realSdk.v1?.callError).toContain('data must NOT have additional properties');
      return;
    }
    if (report.load.ok) throw new Error(`${id} loaded`);
    expect(report.load.error.message).toContain(`the schema tried to ${row.expect.refused}; the playground refuses that, because it could change the verdict`);
    expect(report.load.error.line).toBeGreaterThanOrEqual(ATTACK_LINE);
    expect(report.load.error.line).toBeLessThan(ATTACK_LINE + row.attack.split('\n').length);
  });

  // The hardening keeps JavaScript's meaning: each parity row gives the report plain Node gives (SES's source checks
  // refused the first two, its tamed locale methods and RegExp changed the next two).
  it.each(PARITY_ROWS.filter((r) => !r.refused).map((r) => [r.id] as const))('%s: the same report as in plain Node', (id) => {
    const plain = out.plain.find((r) => r.id === id)?.report;
    expect(plain).toBeDefined();
    expect(out.hardened.find((r) => r.id === id)?.report).toEqual(plain);
  });

  it.each(PARITY_ROWS.filter((r) => r.refused).map((r) => [r.id, r.refused ?? []] as const))('%s: refused in plain words at its line', (id, words) => {
    const load = out.refusals.find((r) => r.id === id)?.report.load;
    if (!load || load.ok) throw new Error(`${id} loaded`);
    for (const w of words) expect(load.error.message).toContain(w);
    expect(load.error.line).toBe(2);
    expect(load.error.column).toBeGreaterThan(1);
  });
});
