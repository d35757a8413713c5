/** The panes render bounded text whatever size of text a report brings: rendered to markup and measured. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { checkReport } from '../src/state/reportCheck.ts';
import { PANES } from '../src/ui/panes/registry.ts';
import { renderPane } from './render-pane.ts';

const HUGE = 4 * 1024 * 1024;
/** No pane may render more than this much markup for one report, however large its messages. */
const MAX_MARKUP = 200_000;

/** A real report whose every free-text field is a 4 MB message (within the contract's bounds? no: past them, as if unchecked). */
async function giantReport(role: 'output' | 'input'): Promise<Report> {
  const r = structuredClone(await evaluate({ v: 1, role, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer }));
  const big = (what: string) => `${what}: ${'x'.repeat(HUGE)}`;
  for (const row of Object.values(r.converters)) {
    row.listError = big('listError');
    row.warning = big('warning');
    row.listed = { description: big('description') };
    for (const p of Object.values(row.policies)) {
      p.refused = big('refused');
      p.log = big('log');
      p.undeclared = Array.from({ length: 1000 }, (_, i) => `key${i}${'k'.repeat(i === 0 ? HUGE : 0)}`);
      for (const v of Object.values(p.verdicts)) v.message = big('message');
    }
  }
  for (const run of [r.realSdk.v1, r.realSdk.v2]) if (run) Object.assign(run, { listError: big('listError'), callError: big('callError') });
  if (role === 'input') r.input = { ok: false, parsed: null, dropped: ['a'.repeat(HUGE)], error: big('error') };
  return r;
}

function render(report: Report, role: 'output' | 'input', body: (typeof PANES)[number]['component']): string {
  return renderPane(report, { role }, body);
}

describe('bounded rendering', () => {
  for (const role of ['output', 'input'] as const) {
    for (const pane of PANES) {
      it(`${pane.id} (${role}): 4 MB messages, 1000 key paths and a 4 MB listed schema render clipped`, async () => {
        const html = render(await giantReport(role), role, pane.component);
        expect(html.length).toBeLessThan(MAX_MARKUP);
        expect(html).toContain('more characters');
      });
    }
  }

  it('a normal report renders whole (nothing clipped)', async () => {
    const report = await evaluate({ v: 1, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer });
    expect(checkReport(report).ok).toBe(true);
    for (const pane of PANES) expect(render(report, 'output', pane.component)).not.toContain('more characters');
  });
});
