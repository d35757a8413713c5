/**
 * The browser section's `--row compare-grid`: the time from a click on "Compare versions" to a full grid (every
 * cell a listing and a verdict, none running or out of time), for the default case in a fresh context. Each figure
 * is also given as a ratio to the same page's own baseline in the same run: its first full report (one evaluation in
 * the default world), so a busy machine shows as a slower baseline rather than a slower grid.
 */
import type { Browser } from 'playwright-core';
import { blockBeyondLocalhost } from '../e2e/fixtures.ts';
import { COLUMNS, ROWS } from '../src/ui/compare/columns.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { table } from './run.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

/** One grid: its time, the baseline's, and how many cells were filled (of ROWS × COLUMNS) and out of time. */
export interface GridSample {
  gridMs: number;
  baselineMs: number;
  cells: number;
  filled: number;
  noTime: number;
}

/** The cells' state as the compare table shows it. */
function cellCounts(): { running: number; noTime: number; filled: number } {
  const cells = [...document.querySelectorAll('[data-testid="compare-table"] .compare-cell')].map((c) => c.textContent ?? '');
  return { running: cells.filter((t) => t.includes('running…')).length, noTime: cells.filter((t) => t.includes('no time')).length, filled: cells.filter((t) => !t.includes('running…') && !t.includes('no time')).length };
}

/** `n` grids, each in a fresh context. */
export async function compareGrids(browser: Browser, origin: string, n: number, blocked: string[]): Promise<GridSample[]> {
  const samples: GridSample[] = [];
  for (let i = 0; i < n; i++) {
    process.stderr.write(`bench browser: compare grid ${i + 1}/${n}\n`);
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
    await blockBeyondLocalhost(context, blocked);
    await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
    const page = await context.newPage();
    try {
      const asked = Date.now();
      await page.goto(`/${encodePermalink(DEFAULT_CASE)}`);
      await page.waitForFunction(() => window.__playground?.store.getState().run.kind === 'done', undefined, { timeout: 120_000, polling: 50 });
      const baselineMs = Date.now() - asked;
      const started = Date.now();
      await page.getByRole('button', { name: 'Compare versions' }).click();
      await page.waitForFunction(() => {
        const status = document.querySelector('[data-testid="compare-status"]')?.textContent ?? '';
        return /All \d+ runs done|had no time/.test(status);
      }, undefined, { timeout: 600_000, polling: 50 });
      const gridMs = Date.now() - started;
      const counts = await page.evaluate(cellCounts);
      samples.push({ gridMs, baselineMs, cells: ROWS.length * COLUMNS.length, filled: counts.filled, noTime: counts.noTime });
    } finally {
      await context.close();
    }
  }
  return samples;
}

/** The row's table. */
export function renderGrids(samples: readonly GridSample[]): string {
  const rows = samples.map((s, i) => [`  grid ${i + 1}`, `${s.filled}/${s.cells}`, String(s.noTime), `${s.gridMs} ms`, `${s.baselineMs} ms`, `${(s.gridMs / s.baselineMs).toFixed(1)}×`]);
  return ['Compare versions: click → full grid (default case, fresh context; baseline: the page’s first full report)', table([['', 'filled', 'no time', 'grid', 'baseline', 'grid / baseline'], ...rows])].join('\n');
}
