/**
 * The sandbox frame's scheduler (src/sandbox/frameScheduler.ts), in Node: fake workers, ports and client realms, and
 * vitest's fake timers for the watchdog. One block per transition, each driven by what the app and the workers say.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slot } from '../src/sandbox/frameState.ts';
import { COLD_BUDGET_FACTOR, runBudgetMs } from '../src/sandbox/policy.ts';
import { flush, harness, report } from './frame-fakes.ts';

const BASE = 1000;
const caseA = { v: 1, schema: "export default 'a';", answer: '{}' };
const caseB = { v: 1, schema: "export default 'b';", answer: '{}' };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('boot', () => {
  it('starts the first worker cold, with its port and a port to the client realm, and no spare yet', () => {
    const h = harness();
    h.boot(BASE);
    expect(h.workers).toHaveLength(1);
    expect(h.workers[0]?.init).toMatchObject({ type: 'init', warmUp: false });
    expect(h.workers[0]?.transfer).toEqual([{ remote: true }, { realm: 1 }]);
    expect(h.view()).toMatchObject({ current: { ready: false, ran: null, warm: false }, spare: null, inflight: null });
    h.boot(BASE);
    expect(h.workers).toHaveLength(1);
  });
});

describe('request and pump', () => {
  it('holds the newest request until the worker is ready, then sends it, firstOnly on a cold worker when the app shows first reports', () => {
    const h = harness();
    h.boot(BASE);
    h.evaluate(1, caseA, true);
    h.evaluate(2, caseA, true);
    expect(h.view().queued).toBe(2);
    h.workers[0]?.say({ type: 'ready' });
    expect(h.requests(h.workers[0])).toEqual([{ type: 'evaluate', id: 2, case: caseA, first: true, firstOnly: true }]);
    expect(h.view().inflight).toEqual({ id: 2, firstOnly: true, budgetMs: runBudgetMs(BASE, caseA, true) });
  });

  it('sends a cold worker\'s case whole when the app shows no first report', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    expect(h.requests(h.workers[0])).toEqual([{ type: 'evaluate', id: 1, case: caseA }]);
  });

  it('keeps a worker for its own schema, and sends another schema to the spare, ending the worker that ran the first', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    h.workers[0]?.say(report(1));
    expect(h.workers).toHaveLength(2);
    h.workers[1]?.say({ type: 'ready' });
    h.evaluate(2, { ...caseA, answer: '[]' });
    expect(h.requests(h.workers[0]).map((r) => r.id)).toEqual([1, 2]);
    // A warm worker's budget has no cold extra.
    expect(h.view().inflight?.budgetMs).toBe(runBudgetMs(BASE, caseA, false));
    h.evaluate(3, caseB);
    expect(h.workers[0]).toMatchObject({ terminated: true, closed: true });
    expect(h.requests(h.workers[1]).map((r) => r.id)).toEqual([3]);
    expect(h.view().current).toMatchObject({ warm: true });
  });
});

describe('reply', () => {
  it('relays the report of the run in flight and drops one for another id or from another worker', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(5, caseA);
    h.workers[0]?.say(report(4));
    h.workers[0]?.say({ type: 'crash', id: 4, digest: 'd', message: 'x' });
    expect(h.app).toEqual([]);
    h.workers[0]?.say(report(5));
    h.workers[0]?.say(report(5));
    expect(h.app).toEqual([report(5)]);
    expect(h.view().inflight).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(h.app).toHaveLength(1);
  });

  it('relays a first report only while its run is in flight, and tells the client realm of the first verdict once', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    h.workers[0]?.say({ type: 'crash', id: 1, digest: 'd', message: 'boom' });
    expect(h.clients.firstVerdicts).toBe(0);
    h.evaluate(2, caseA);
    h.workers[0]?.say(report(2, 'partial'));
    h.workers[0]?.say(report(2));
    h.workers[0]?.say(report(2, 'partial'));
    expect(h.app.map((m) => m.type)).toEqual(['crash', 'partial', 'report']);
    expect(h.clients.firstVerdicts).toBe(1);
  });

  it('ignores what is not a message', () => {
    const h = harness();
    h.boot(BASE);
    for (const m of [null, 1, 'ready', undefined]) h.workers[0]?.say(m);
    expect(h.view().current?.ready).toBe(false);
  });
});

describe('runRest', () => {
  it('ends the firstOnly worker after its first report and runs the case in full in another', () => {
    const h = harness();
    h.boot(BASE);
    h.evaluate(1, caseA, true);
    h.workers[0]?.say({ type: 'ready' });
    h.workers[0]?.say(report(1, 'partial'));
    h.workers[0]?.say({ type: 'rest', id: 1 });
    expect(h.workers[0]?.terminated).toBe(true);
    expect(h.workers).toHaveLength(2);
    expect(h.workers[1]?.init?.warmUp).toBe(false);
    h.workers[1]?.say({ type: 'ready' });
    expect(h.requests(h.workers[1])).toEqual([{ type: 'evaluate', id: 1, case: caseA }]);
    expect(h.view().inflight).toEqual({ id: 1, firstOnly: false, budgetMs: runBudgetMs(BASE, caseA, true) });
  });

  it('lets a newer request take the place of the rest', () => {
    const h = harness();
    h.boot(BASE);
    h.evaluate(1, caseA, true);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(2, { ...caseA, answer: '[]' });
    h.workers[0]?.say({ type: 'rest', id: 1 });
    expect(h.workers[0]?.terminated).toBe(true);
    h.workers[1]?.say({ type: 'ready' });
    expect(h.requests(h.workers[1]).map((r) => r.id)).toEqual([2]);
  });
});

describe('keepSpare', () => {
  it('starts a warm-up spare only once the current worker is ready and idle', () => {
    const h = harness();
    h.boot(BASE);
    h.evaluate(1, caseA);
    h.workers[0]?.say({ type: 'ready' });
    expect(h.workers).toHaveLength(1);
    h.workers[0]?.say(report(1));
    expect(h.workers).toHaveLength(2);
    expect(h.workers[1]?.init?.warmUp).toBe(true);
    expect(h.view().spare).toEqual({ ready: false, ran: null, warm: true });
    h.evaluate(2, caseA);
    h.workers[0]?.say(report(2));
    expect(h.workers).toHaveLength(2);
  });
});

describe('phase and timeout', () => {
  it('times the schema module code with the plain budget and the engine work with the run budget', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    const cold = runBudgetMs(BASE, caseA, true);
    const plain = runBudgetMs(BASE, caseA, false);
    expect(cold).toBe(plain + (COLD_BUDGET_FACTOR - 1) * BASE);
    h.workers[0]?.say({ type: 'phase', id: 1, phase: 'load' });
    expect(h.view().inflight?.budgetMs).toBe(plain);
    vi.advanceTimersByTime(plain - 1);
    h.workers[0]?.say({ type: 'phase', id: 1, phase: 'run' });
    vi.advanceTimersByTime(cold - 1);
    expect(h.app).toEqual([]);
    h.workers[0]?.say({ type: 'phase', id: 1, phase: 'load' });
    vi.advanceTimersByTime(plain);
    expect(h.app).toEqual([{ type: 'timeout', id: 1, budgetMs: plain }]);
  });

  it('ends the worker and a client realm stuck in a batch, and gives the next case a fresh worker', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    vi.advanceTimersByTime(runBudgetMs(BASE, caseA, true));
    expect(h.app).toEqual([{ type: 'timeout', id: 1, budgetMs: runBudgetMs(BASE, caseA, true) }]);
    expect(h.workers[0]?.terminated).toBe(true);
    expect(h.clients.ended).toHaveLength(1);
    expect(h.worlds.ended).toHaveLength(1);
    expect(h.workers).toHaveLength(2);
    h.evaluate(2, caseA);
    h.workers[1]?.say({ type: 'ready' });
    expect(h.requests(h.workers[1]).map((r) => r.id)).toEqual([2]);
  });

  it('gives the client realm the run\'s budget while a run is in flight and a cold run\'s between runs', () => {
    const h = harness();
    h.boot(BASE);
    expect(h.clients.on?.budgetMs()).toBe(COLD_BUDGET_FACTOR * BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    h.workers[0]?.say({ type: 'phase', id: 1, phase: 'load' });
    expect(h.clients.on?.budgetMs()).toBe(runBudgetMs(BASE, caseA, true));
  });
});

describe('died', () => {
  it('reports a worker that failed after it ran a case as respawned, and starts another', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    h.workers[0]?.error('');
    expect(h.app).toEqual([{ type: 'respawned', id: 1, message: 'The evaluation worker failed' }]);
    expect(h.workers[0]?.terminated).toBe(true);
    expect(h.workers).toHaveLength(2);
  });

  it('treats a message that could not be read as a dead worker', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(3, caseA);
    h.workers[0]?.messageError();
    expect(h.app).toEqual([{ type: 'respawned', id: 3, message: 'A worker message could not be read' }]);
  });
});

describe('fail', () => {
  it('stops for good when a worker fails before it ran a case', () => {
    const h = harness();
    h.boot(BASE);
    h.evaluate(7, caseA);
    h.workers[0]?.error('no engine');
    expect(h.app).toEqual([{ type: 'failed', id: 7, message: 'no engine' }]);
    expect(h.view().broken).toBe(true);
    h.evaluate(8, caseA);
    expect(h.workers).toHaveLength(1);
  });

  it('stops when the browser refuses a worker, or the client realm cannot start', () => {
    const refused = harness({ workerThrows: () => true });
    refused.boot(BASE);
    expect(refused.app).toEqual([{ type: 'failed', id: -1, message: 'blob: workers are refused' }]);
    const h = harness();
    h.boot(BASE);
    h.clients.on?.failed('no script');
    expect(h.app).toEqual([{ type: 'failed', id: -1, message: 'the client realm could not start: no script' }]);
    expect(h.workers[0]?.terminated).toBe(true);
  });
});

describe('clientsRestarted', () => {
  it('hands each live worker a port to the new client realm, with the reason', () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    expect(h.workers).toHaveLength(2);
    h.clients.on?.restarted('it hung');
    expect(h.workers.map((w) => w.posted)).toEqual([[{ type: 'clients', port: { realm: 3 }, reason: 'it hung' }], [{ type: 'clients', port: { realm: 4 }, reason: 'it hung' }]]);
  });
});

describe('engine chunks', () => {
  it('asks the app for what it lacks under an id of its own, answers the worker under the worker\'s, and keeps the texts', async () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'need-chunks', id: 9, names: ['a', 'b'] });
    expect(h.app).toEqual([{ type: 'need-chunks', id: 1, names: ['a', 'b'] }]);
    h.scheduler.receive({ type: 'chunks', id: 1, names: ['a', 'b'], texts: ['A', 'B'] });
    await flush();
    expect(h.workers[0]?.posted).toEqual([{ type: 'chunks', id: 9, names: ['a', 'b'], texts: ['A', 'B'] }]);
    h.workers[0]?.say({ type: 'ready' });
    h.workers[1]?.say({ type: 'need-chunks', id: 1, names: ['b', 'c'] });
    expect(h.app.at(-1)).toEqual({ type: 'need-chunks', id: 2, names: ['c'] });
    h.scheduler.receive({ type: 'chunks', id: 2, names: ['c'], error: 'HTTP 404' });
    await flush();
    expect(h.workers[1]?.posted).toEqual([{ type: 'chunks', id: 1, names: ['b', 'c'], error: 'HTTP 404' }]);
  });

  it('drops an answer for no request, a request with bad names, and the answer of a worker since ended', async () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'need-chunks', id: 1, names: [1] });
    h.workers[0]?.say({ type: 'need-chunks', names: ['a'] });
    expect(h.app).toEqual([]);
    h.workers[0]?.say({ type: 'need-chunks', id: 1, names: ['a'] });
    h.scheduler.receive({ type: 'chunks', id: 7, names: ['a'], texts: ['forged'] });
    h.workers[0]?.error('gone');
    h.scheduler.receive({ type: 'chunks', id: 1, names: ['a'], texts: ['A'] });
    await flush();
    expect(h.workers[0]?.posted).toEqual([]);
  });
});

describe('worlds\' client realm', () => {
  it('is asked for a live worker only, and its start times the waiting run afresh', async () => {
    const h = harness();
    h.boot(BASE);
    h.workers[0]?.say({ type: 'ready' });
    h.evaluate(1, caseA);
    h.workers[0]?.say({ type: 'phase', id: 1, phase: 'load' });
    h.workers[0]?.say({ type: 'need-world-clients' });
    expect(h.worlds.needs).toHaveLength(1);
    (h.worlds.needs[0] as Slot).worlds = true;
    h.worlds.on?.started();
    expect(h.view().inflight?.budgetMs).toBe(runBudgetMs(BASE, caseA, true));
    const fetched = h.worlds.on?.fetch(['client-realm-worlds.js']);
    h.scheduler.receive({ type: 'chunks', id: 1, names: ['client-realm-worlds.js'], texts: ['script'] });
    expect(await fetched).toEqual(['script']);
  });
});
