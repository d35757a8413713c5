/**
 * The first-report fast path's off switch (src/sandbox/policy.ts): the frame's real scheduler over fake workers that
 * run the real engine as worker.ts does. On (the request carries `first`), the page's first case runs `firstOnly` on the
 * cold worker, posts its first report and `rest`, and runs again in full in another worker; off, it runs once, whole.
 * The final Report is the same, byte for byte, for every gallery example of the default world.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { postsFirstReport } from '../src/sandbox/policy.ts';
import type { FrameToWorker, WorkerReply } from '../src/sandbox/protocol.ts';
import { harness, type FakeWorker } from './frame-fakes.ts';

/** A fake worker's answer to a request, as worker.ts gives it: the engine run with the options the policy picks. */
async function run(w: FakeWorker, m: FrameToWorker): Promise<void> {
  if (m.type !== 'evaluate') return;
  const first = postsFirstReport(m) ? { first: (r: Report) => w.say({ type: 'partial', id: m.id, digest: '', report: r, ms: 0 }) } : {};
  const report = await evaluate(m.case, { firstOnly: m.firstOnly === true, ...first });
  w.say(report.pending ? { type: 'rest', id: m.id } : { type: 'report', id: m.id, digest: '', report, ms: 0 });
}

/** The messages the app gets for one case sent to a fresh frame, first reports on or off, up to its Report. */
async function throughFrame(c: unknown, firstReports: boolean): Promise<WorkerReply[]> {
  const h = harness({ posted: (w, m) => void run(w, m) });
  // A budget no run here comes near: the watchdog is test/frame-scheduler.test.ts's.
  h.boot(600_000);
  h.evaluate(1, c, firstReports);
  const readied = new Set<FakeWorker>();
  while (!h.app.some((m) => m.type === 'report' || m.type === 'crash' || m.type === 'failed')) {
    for (const w of h.workers) if (!readied.has(w) && !w.terminated) readied.add(w) && w.say({ type: 'ready' });
    await new Promise((r) => setTimeout(r, 5));
  }
  return h.app as WorkerReply[];
}

describe('the first-report fast path, on and off', () => {
  const examples = EXAMPLES.filter((e) => e.case.versions === undefined);

  it.each(examples.map((e) => [e.title, e] as const))('%s: the same final Report either way', async (_, example) => {
    const on = await throughFrame(example.case, true);
    const off = await throughFrame(example.case, false);
    expect(off.map((m) => m.type)).toEqual(['report']);
    expect(on.at(-1)?.type).toBe('report');
    expect(JSON.stringify(on.at(-1))).toBe(JSON.stringify(off.at(-1)));
  });

  it('on, the page\'s first case shows its first report from the cold worker before the Report', async () => {
    const example = examples[0];
    if (!example) throw new Error('no example');
    const on = await throughFrame(example.case, true);
    expect(on.map((m) => m.type)).toEqual(['partial', 'report']);
    expect(on[0]?.type === 'partial' && on[0].report.pending).toBeDefined();
  });
});
