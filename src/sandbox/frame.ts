/**
 * The sandbox frame: runs in `<iframe sandbox="allow-scripts">` (opaque origin, CSP without network), owns the
 * evaluation workers, runs the watchdog and relays between the app (window.parent) and the worker.
 * One worker per schema text: a case whose schema differs from what the current worker ran goes to the spare (started
 * and warmed ahead), and the old worker is terminated, so code from one case never runs beside another's.
 * The first worker's first case runs `firstOnly` when the app shows first reports: that worker loads only the engine
 * parts the first verdict needs, and the full report is then made by another worker (runRest), so the first verdict
 * waits for no other part.
 * The clients' checks run in the frame's one client realm (clientRealm.ts, frameClients.ts): a worker that never runs
 * schema code, warm across cases, to which each schema worker gets a port of its own; it has a watchdog of its own.
 * A version world's own SDK 1.x client runs likewise in the worlds' client realm, started on first need (frameWorlds.ts).
 * Built as one classic script and inlined into sandbox.html, where the CSP allows it by hash.
 */
import { COLD_BUDGET_FACTOR, needsFreshRealm, realmKey, runBudgetMs } from './protocol.ts';
import type { AppMessage, ClientsRestarted, EvaluateRequest, FrameEvent, FrameMessage, WorkerInit, WorkerMessage, WorkerReply } from './protocol.ts';
import { messageOf } from '../engine/lib/message.ts';
import { clientRealmHost, type ClientRealmHost } from './frameClients.ts';
import { worldClientsHost } from './frameWorlds.ts';
import { chunkRelay } from './frameChunks.ts';

/** One worker and the frame's end of its channel. */
interface Slot {
  worker: Worker;
  port: MessagePort;
  /** Warmed up and answering requests. */
  ready: boolean;
  /** The schema text it ran (null: none yet, so any case may have it). */
  ran: string | null;
  /** It ran the warm-up cases before `ready`: its first case gets no cold-engine budget. */
  warm: boolean;
  /** It asked for the worlds' client realm: it gets a port to each one started. */
  worlds: boolean;
}

const nonce = location.hash.slice(1);
let budgetMs = 0;
let workerUrl: string | null = null;
/** The frame's one client realm, shared by its schema workers (made at boot). */
let clients: ClientRealmHost | null = null;
/** The worker that takes the next case of the schema it ran, or of any schema if it ran none. */
let current: Slot | null = null;
/** Started ahead, untouched by any case: takes the next case whose schema differs from what `current` ran. */
let spare: Slot | null = null;
/** A worker could not start: none is started again until the frame is recreated. */
let broken = false;
/**
 * The run in flight: its budget (sized for the case, with a cold engine's extra), the budget of the phase timed now,
 * and its watchdog. The schema's module code is timed apart with the plain sized budget, so a runaway module is
 * ended as soon on a cold worker as on a warm one; the engine's own work gets the whole run budget.
 */
let inflight: { req: EvaluateRequest; runBudgetMs: number; loadBudgetMs: number; budgetMs: number; timer: ReturnType<typeof setTimeout> } | null = null;
let queued: EvaluateRequest | null = null;
let lastId = -1;
/** Engine chunks, the client realm's later part, the worlds' client realm script: the app fetches them, the frame keeps them. */
const chunks = chunkRelay<Slot | 'worlds' | 'clients'>({
  live: (slot) => slot === 'worlds' || slot === 'clients' || slot === current || slot === spare,
  post: (slot, m) => (slot === 'worlds' ? worldClients.script(m) : slot === 'clients' ? clients?.chunks(m) : slot.port.postMessage(m)),
  ask: (names) => toApp({ type: 'need-chunks', names }),
});
/** The worlds' client realm (clientRealmWorlds.ts): started when a world case first asks for it. */
// Once it is ready, the run that waited on its cold start is timed afresh (bounded: once per realm started).
const worldClients = worldClientsHost<Slot>({ slots: () => [current, spare], fetch: (names) => chunks.need('worlds', names), budgetMs: () => clientBudgetMs(), started: () => inflight && current?.worlds && rearm(inflight.runBudgetMs) });

function toApp(m: WorkerReply | FrameEvent): void {
  const message: FrameMessage = { ...m, nonce };
  // Posting to a named origin would mean trusting our own URL; the app authenticates by event.source and nonce.
  window.parent.postMessage(message, '*');
  clients?.passedOn(m);
}

function spawn(warmUp: boolean): Slot | null {
  if (!workerUrl || !clients || broken) return null;
  let worker: Worker | undefined;
  let toClients: MessagePort;
  try {
    // A classic worker from a blob: URL inherits this document's CSP (no network) and opaque origin (no storage).
    worker = new Worker(workerUrl);
    // The schema worker and the client realm talk directly, over a channel of their own.
    toClients = clients.connect();
  } catch (e) {
    worker?.terminate();
    fail(messageOf(e));
    return null;
  }
  const channel = new MessageChannel();
  const slot: Slot = { worker, port: channel.port1, ready: false, ran: null, warm: warmUp, worlds: false };
  // Everything the worker says comes over the port; its global postMessage (reachable by schema code) is ignored.
  slot.port.onmessage = (e: MessageEvent<WorkerMessage>) => fromWorker(slot, e.data);
  slot.port.onmessageerror = () => {
    if (slot === current) died('A worker message could not be read');
  };
  worker.onerror = (e) => {
    e.preventDefault();
    // Only schema code makes a worker that ran a case fail; before that it is the engine or the browser, and
    // starting another would only fail again, in a loop.
    if (slot === current && slot.ran !== null) died(e.message || 'The evaluation worker failed');
    else if (slot === current || slot === spare) fail(e.message || 'The evaluation worker could not start');
  };
  const init: WorkerInit = { type: 'init', port: channel.port2, warmUp, clients: toClients };
  worker.postMessage(init, [channel.port2, toClients]);
  return slot;
}

/** The client realm was ended and another started: each live schema worker gets a port to it, and the reason. */
function clientsRestarted(reason: string): void {
  for (const slot of [current, spare]) {
    if (!slot || !clients || broken) continue;
    try {
      const port = clients.connect();
      const m: ClientsRestarted = { type: 'clients', port, reason };
      slot.port.postMessage(m, [port]);
    } catch (e) {
      return fail(messageOf(e));
    }
  }
}

/**
 * How long one batch of the client realm may take: the whole budget of the run in flight (a slow but honest batch on a
 * busy machine is not cut short; a hung one ends with that run, see onTimeout), or a cold run's between runs.
 */
function clientBudgetMs(): number {
  return inflight ? inflight.runBudgetMs : COLD_BUDGET_FACTOR * budgetMs;
}

function retire(slot: Slot | null): void {
  if (!slot) return;
  slot.port.onmessage = null;
  slot.port.close();
  slot.worker.terminate();
}

/** Ends the current worker and its run, if any; returns the id that run (or the newest request) had. */
function stopCurrent(): number {
  const id = inflight?.req.id ?? lastId;
  if (inflight) clearTimeout(inflight.timer);
  inflight = null;
  retire(current);
  current = null;
  return id;
}

function fail(message: string): void {
  broken = true;
  const id = stopCurrent();
  retire(spare);
  spare = null;
  toApp({ type: 'failed', id, message });
}

function died(message: string): void {
  toApp({ type: 'respawned', id: stopCurrent(), message });
  pump();
  keepSpare();
}

function onTimeout(): void {
  const spent = inflight?.budgetMs ?? budgetMs;
  toApp({ type: 'timeout', id: stopCurrent(), budgetMs: spent });
  // The run may have been waiting on the client realm: a realm stuck in a batch is ended too, so the next case's
  // checks do not wait behind it.
  clients?.endIfBusy('the client realm was still busy when a run ran out of time; it was ended and another started');
  worldClients.endIfBusy('the worlds\' client realm was still busy when a run ran out of time; it was ended and another started');
  pump();
  keepSpare();
}

/** Times the run in flight afresh with `ms` (a new phase began). */
function rearm(ms: number): void {
  if (!inflight) return;
  clearTimeout(inflight.timer);
  inflight.budgetMs = ms;
  inflight.timer = setTimeout(onTimeout, ms);
}

/** Sends the queued case to a worker that may run it: the current one for its own schema, else the spare. */
function pump(): void {
  if (!queued || broken) return;
  if (current && needsFreshRealm(current.ran, queued.case)) {
    // The run in flight (if any) is stale: the app settled it when it sent this newer request.
    stopCurrent();
  }
  if (inflight) return;
  if (!current) {
    current = spare ?? spawn(false);
    spare = null;
  }
  if (!current?.ready) return;
  const cold = current.ran === null && !current.warm;
  // A cold worker's first case, when the app shows first reports: that worker loads only what the first report needs.
  const req: EvaluateRequest = cold && queued.first === true ? { ...queued, firstOnly: true } : queued;
  queued = null;
  // The budget grows with the case (a megabyte answer is legitimately slow) and for a cold engine's first run.
  const runBudget = runBudgetMs(budgetMs, req.case, cold);
  current.ran = realmKey(req.case);
  inflight = { req, runBudgetMs: runBudget, loadBudgetMs: runBudgetMs(budgetMs, req.case, false), budgetMs: runBudget, timer: setTimeout(onTimeout, runBudget) };
  current.port.postMessage(req);
}

/**
 * A firstOnly run posted its first report and stopped: that worker lacks the other engine parts and ran schema code,
 * so it can load none. It is ended and the case runs in full in another worker, unless a newer request replaced it.
 */
function runRest(): void {
  const req = inflight?.req;
  if (!req?.firstOnly) return;
  stopCurrent();
  queued ??= { type: 'evaluate', id: req.id, case: req.case };
}

/** Starts the spare once the current worker is ready and idle, so its boot never competes with a run for the CPU. */
function keepSpare(): void {
  if (!spare && !inflight && !broken && (current === null || current.ready)) spare = spawn(true);
}

function fromWorker(slot: Slot, m: WorkerMessage): void {
  if (typeof m !== 'object' || m === null) return;
  if (m.type === 'need-chunks') {
    chunks.need(slot, m.names);
    return;
  }
  if (m.type === 'need-world-clients') return void ((slot === current || slot === spare) && worldClients.need(slot));
  const running = slot === current && inflight !== null && 'id' in m && m.id === inflight.req.id;
  if (m.type === 'partial') {
    if (running) toApp(m);
    return;
  }
  if (m.type === 'phase') {
    if (running && inflight) rearm(m.phase === 'load' ? inflight.loadBudgetMs : inflight.runBudgetMs);
    return;
  }
  if (m.type === 'ready') {
    slot.ready = true;
  } else if (m.type === 'rest') {
    if (running) runRest();
  } else if (running && inflight) {
    clearTimeout(inflight.timer);
    inflight = null;
    toApp(m);
  }
  pump();
  keepSpare();
}

function fromApp(e: MessageEvent<AppMessage>): void {
  if (e.source !== window.parent) return;
  const m = e.data;
  if (m.type === 'boot' && !workerUrl) {
    budgetMs = m.budgetMs;
    workerUrl = URL.createObjectURL(new Blob([m.source], { type: 'text/javascript' }));
    const clientRealmUrl = URL.createObjectURL(new Blob([m.clientSource], { type: 'text/javascript' }));
    clients = clientRealmHost(clientRealmUrl, { budgetMs: clientBudgetMs, restarted: clientsRestarted, failed: (message) => fail(`the client realm could not start: ${message}`), fetch: (names) => chunks.need('clients', names) });
    // The first worker takes the first case at once, cold; the spare starts once it is idle.
    current = spawn(false);
    pump();
  } else if (m.type === 'chunks') {
    chunks.answer(m);
  } else if (m.type === 'evaluate') {
    // The app sends only its newest request (src/sandbox/newestWins.ts decides): each one replaces the queued one.
    lastId = m.id;
    queued = m;
    clients?.passedOn(m);
    pump();
  }
}

// Loaded without the sandbox attribute (top level, or framed by another page) this page would run with the app's
// real origin and storage: refuse to do anything unless the origin is opaque.
if (window.origin === 'null' && window.parent !== window) {
  window.addEventListener('message', fromApp);
  toApp({ type: 'ready' });
}
