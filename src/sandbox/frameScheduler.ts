/**
 * The sandbox frame's scheduler: which schema worker runs which case, and for how long. All its state is one object
 * made by `createFrameScheduler(deps)`; every effect on the world (workers, ports, the client realms, posts to the app)
 * goes through `deps`, so it runs in Node with fake workers and fake timers (test/frame-scheduler.test.ts). frame.ts
 * is its composition root, with the real ones.
 *
 * The state: `current` (the worker that takes the next case of the schema it ran, or any if it ran none), `spare`
 * (started ahead, untouched by any case: takes the next case whose schema differs), `queued` (the newest request not
 * yet sent), `inflight` (the run sent, with its budgets and its watchdog), `broken` (a worker could not start: none is
 * started again until the frame is recreated), and the client realms. One worker per schema text: a case whose realm key
 * differs from what `current` ran goes to the spare and `current` is terminated, so code from one case never runs
 * beside another's. The transitions are the functions below, each named for its event:
 *
 * - boot: the client realm is made and the first worker started, cold; the spare waits until it is idle.
 * - request: the app's newest request replaces the queued one (the app decides the order: newestWins.ts).
 * - pump: the queued case goes to a worker that may run it; the watchdog is armed with its budget (policy.ts).
 * - phase: the worker entered `load` (the schema's module code: the plain budget) or `run` (the run's whole budget).
 * - reply: a report or crash for the run in flight goes to the app; the run ends.
 * - runRest: a `firstOnly` run posted its first report: its worker is ended and the case queued again, in full.
 * - keepSpare: a spare is started once the current worker is ready and idle.
 * - timeout: the watchdog fired: the worker is ended, and a client realm stuck in a batch with it.
 * - died: a worker that ran a case failed: it is ended and the next case gets another.
 * - fail: a worker or the client realm could not start: everything stops (`failed`), none is started again.
 * - clientsRestarted: the client realm was ended and another started: each live worker gets a port to it.
 * - firstVerdict: the first report reached the app: a client realm in parts may load its rest (ClientRealmHost).
 */
import { messageOf } from '../engine/lib/message.ts';
import { chunkRelay } from './frameChunks.ts';
import { retire, startSlot, type FrameDeps, type SchedulerView, type Slot, type State } from './frameState.ts';
import { COLD_BUDGET_FACTOR, needsFreshRealm, realmKey, runBudgetMs, runsFirstOnly } from './policy.ts';
import type { AppMessage, ChunkTexts, ClientsRestarted, EvaluateRequest, WorkerMessage, WorkerReply } from './protocol.ts';

export interface FrameScheduler {
  /** A message from the app (the frame has checked it comes from its parent). */
  receive(m: AppMessage): void;
  view(): SchedulerView;
}

export function createFrameScheduler(deps: FrameDeps): FrameScheduler {
  const s: State = {
    deps,
    budgetMs: 0,
    scripts: null,
    clients: null,
    worlds: deps.worldClients({
      slots: () => [s.current, s.spare],
      fetch: (names) => s.chunks.need(names),
      budgetMs: () => clientBudgetMs(s),
      // Once it is ready, the run that waited on its cold start is timed afresh (bounded: once per realm started).
      started: () => void (s.inflight && s.current?.worlds && rearm(s, s.inflight.runBudgetMs)),
    }),
    chunks: chunkRelay((m) => deps.toApp(m)),
    current: null,
    spare: null,
    broken: false,
    inflight: null,
    queued: null,
    lastId: -1,
    verdict: false,
  };
  const slotView = (slot: Slot | null) => slot && { ready: slot.ready, ran: slot.ran, warm: slot.warm };
  return {
    receive: (m) => {
      if (m.type === 'boot' && !s.scripts) boot(s, m);
      else if (m.type === 'chunks') s.chunks.answer(m);
      else if (m.type === 'evaluate') request(s, m);
    },
    view: () => ({
      current: slotView(s.current),
      spare: slotView(s.spare),
      inflight: s.inflight && { id: s.inflight.req.id, firstOnly: s.inflight.req.firstOnly === true, budgetMs: s.inflight.budgetMs },
      queued: s.queued?.id ?? null,
      broken: s.broken,
    }),
  };
}

function boot(s: State, m: Extract<AppMessage, { type: 'boot' }>): void {
  s.budgetMs = m.budgetMs;
  s.scripts = s.deps.scripts(m);
  s.clients = s.scripts.clientRealm({
    budgetMs: () => clientBudgetMs(s),
    restarted: (reason) => clientsRestarted(s, reason),
    failed: (message) => fail(s, `the client realm could not start: ${message}`),
  });
  // The first worker takes the first case at once, cold; the spare starts once it is idle.
  s.current = spawn(s, false);
  pump(s);
}

/** The app sends only its newest request (newestWins.ts decides): each one replaces the queued one. */
function request(s: State, m: EvaluateRequest): void {
  s.lastId = m.id;
  s.queued = m;
  pump(s);
}

function spawn(s: State, warmUp: boolean): Slot | null {
  if (!s.scripts || !s.clients || s.broken) return null;
  try {
    return startSlot(s.deps, s.scripts, s.clients, warmUp, {
      message: (slot, data) => fromWorker(s, slot, data),
      messageError: (slot) => void (slot === s.current && died(s, 'A worker message could not be read')),
      error: (slot, message) => {
        // Only schema code makes a worker that ran a case fail; before that it is the engine or the browser, and
        // starting another would only fail again, in a loop.
        if (slot === s.current && slot.ran !== null) died(s, message || 'The evaluation worker failed');
        else if (live(s, slot)) fail(s, message || 'The evaluation worker could not start');
      },
    });
  } catch (e) {
    fail(s, messageOf(e));
    return null;
  }
}

const live = (s: State, slot: Slot): boolean => slot === s.current || slot === s.spare;

/**
 * How long one batch of the client realm may take: the whole budget of the run in flight (a slow but honest batch on a
 * busy machine is not cut short; a hung one ends with that run, see timeout), or a cold run's between runs.
 */
function clientBudgetMs(s: State): number {
  return s.inflight ? s.inflight.runBudgetMs : COLD_BUDGET_FACTOR * s.budgetMs;
}

function clientsRestarted(s: State, reason: string): void {
  for (const slot of [s.current, s.spare]) {
    if (!slot || !s.clients || s.broken) continue;
    try {
      const port = s.clients.connect();
      const m: ClientsRestarted = { type: 'clients', port, reason };
      slot.port.postMessage(m, [port]);
    } catch (e) {
      return fail(s, messageOf(e));
    }
  }
}

/** Ends the current worker and its run, if any; returns the id that run (or the newest request) had. */
function stopCurrent(s: State): number {
  const id = s.inflight?.req.id ?? s.lastId;
  if (s.inflight) clearTimeout(s.inflight.timer);
  s.inflight = null;
  retire(s.current);
  s.current = null;
  return id;
}

function fail(s: State, message: string): void {
  s.broken = true;
  const id = stopCurrent(s);
  retire(s.spare);
  s.spare = null;
  s.deps.toApp({ type: 'failed', id, message });
}

function died(s: State, message: string): void {
  s.deps.toApp({ type: 'respawned', id: stopCurrent(s), message });
  pump(s);
  keepSpare(s);
}

function timeout(s: State): void {
  const spent = s.inflight?.budgetMs ?? s.budgetMs;
  s.deps.toApp({ type: 'timeout', id: stopCurrent(s), budgetMs: spent });
  // The run may have been waiting on the client realm: a realm stuck in a batch is ended too, so the next case's
  // checks do not wait behind it.
  s.clients?.endIfBusy('the client realm was still busy when a run ran out of time; it was ended and another started');
  s.worlds.endIfBusy('the worlds\' client realm was still busy when a run ran out of time; it was ended and another started');
  pump(s);
  keepSpare(s);
}

/** Times the run in flight afresh with `ms` (a new phase began). */
function rearm(s: State, ms: number): void {
  if (!s.inflight) return;
  clearTimeout(s.inflight.timer);
  s.inflight.budgetMs = ms;
  s.inflight.timer = setTimeout(() => timeout(s), ms);
}

/** Sends the queued case to a worker that may run it: the current one for its own schema, else the spare. */
function pump(s: State): void {
  const queued = s.queued;
  if (!queued || s.broken) return;
  // The run in flight (if any) is stale: the app settled it when it sent this newer request.
  if (s.current && needsFreshRealm(s.current.ran, queued.case)) stopCurrent(s);
  if (s.inflight) return;
  if (!s.current) {
    s.current = s.spare ?? spawn(s, false);
    s.spare = null;
  }
  const current = s.current;
  if (!current?.ready) return;
  const cold = current.ran === null && !current.warm;
  // A cold worker's first case, when the app shows first reports: that worker loads only what the first report needs.
  const req: EvaluateRequest = runsFirstOnly(queued, cold) ? { ...queued, firstOnly: true } : queued;
  s.queued = null;
  // The budget grows with the case (a megabyte answer is legitimately slow) and for a cold engine's first run.
  const run = runBudgetMs(s.budgetMs, req.case, cold);
  current.ran = realmKey(req.case);
  s.inflight = { req, runBudgetMs: run, loadBudgetMs: runBudgetMs(s.budgetMs, req.case, false), budgetMs: run, timer: setTimeout(() => timeout(s), run) };
  current.port.postMessage(req);
}

/**
 * A firstOnly run posted its first report and stopped: that worker lacks the other engine parts and ran schema code,
 * so it can load none. It is ended and the case runs in full in another worker, unless a newer request replaced it.
 */
function runRest(s: State): void {
  const req = s.inflight?.req;
  if (!req?.firstOnly) return;
  stopCurrent(s);
  s.queued ??= { type: 'evaluate', id: req.id, case: req.case };
}

/** Starts the spare once the current worker is ready and idle, so its boot never competes with a run for the CPU. */
function keepSpare(s: State): void {
  if (!s.spare && !s.inflight && !s.broken && (s.current === null || s.current.ready)) s.spare = spawn(s, true);
}

/** A report or crash for the run in flight: the run ends and the app has it. */
function reply(s: State, m: WorkerReply): void {
  if (s.inflight) clearTimeout(s.inflight.timer);
  s.inflight = null;
  relay(s, m);
}

/** Relays a report (first or full) or a crash to the app; the first report there is the page's first verdict. */
function relay(s: State, m: WorkerReply): void {
  s.deps.toApp(m);
  if (m.type !== 'crash' && !s.verdict) firstVerdict(s);
}

function firstVerdict(s: State): void {
  s.verdict = true;
  s.clients?.firstVerdict?.();
}

/** A worker asks for engine chunks: answered from those the frame keeps, or once the app sent the missing ones. */
function needChunks(s: State, slot: Slot, id: unknown, names: unknown): void {
  if (typeof id !== 'number' || !Array.isArray(names) || !names.every((n): n is string => typeof n === 'string')) return;
  const post = (m: ChunkTexts) => void (live(s, slot) && slot.port.postMessage(m));
  void s.chunks.need(names).then(
    (texts) => post({ type: 'chunks', id, names, texts }),
    (e: unknown) => post({ type: 'chunks', id, names, error: messageOf(e) }),
  );
}

function fromWorker(s: State, slot: Slot, data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const m = data as WorkerMessage;
  if (m.type === 'need-chunks') return needChunks(s, slot, m.id, m.names);
  if (m.type === 'need-world-clients') return void (live(s, slot) && s.worlds.need(slot));
  const inflight = s.inflight;
  const running = slot === s.current && inflight !== null && 'id' in m && m.id === inflight.req.id;
  if (m.type === 'partial') return void (running && relay(s, m));
  if (m.type === 'phase') return void (running && inflight && rearm(s, m.phase === 'load' ? inflight.loadBudgetMs : inflight.runBudgetMs));
  if (m.type === 'ready') slot.ready = true;
  else if (m.type === 'rest') {
    if (running) runRest(s);
  } else if (running) reply(s, m);
  pump(s);
  keepSpare(s);
}
