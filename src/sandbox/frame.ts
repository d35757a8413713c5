/**
 * The sandbox frame: runs in `<iframe sandbox="allow-scripts">` (opaque origin, CSP without network), owns the
 * evaluation worker, runs the watchdog and relays between the app (window.parent) and the worker.
 * Built as one classic script and inlined into sandbox.html, where the CSP allows it by hash.
 */
import { runBudgetMs } from './protocol.ts';
import type { AppMessage, EvaluateRequest, FrameEvent, FrameMessage, FrameToWorker, WorkerMessage, WorkerReply } from './protocol.ts';

const nonce = location.hash.slice(1);
let budgetMs = 0;
let workerUrl: string | null = null;
let worker: Worker | null = null;
let key = '';
let workerReady = false;
let inflight: { id: number; budgetMs: number; timer: ReturnType<typeof setTimeout> } | null = null;
/** No run has been sent to the current worker yet: its first one runs on a cold engine. */
let cold = true;
let queued: EvaluateRequest | null = null;
let lastId = -1;

function toApp(m: WorkerReply | FrameEvent): void {
  const message: FrameMessage = { ...m, nonce };
  // Posting to a named origin would mean trusting our own URL; the app authenticates by event.source and nonce.
  window.parent.postMessage(message, '*');
}

function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function spawn(): void {
  if (!workerUrl) return;
  key = randomKey();
  workerReady = false;
  cold = true;
  let w: Worker;
  try {
    // A classic worker from a blob: URL inherits this document's CSP (no network) and opaque origin (no storage).
    w = new Worker(workerUrl);
  } catch (e) {
    toApp({ type: 'failed', id: stopWorker(), message: e instanceof Error ? e.message : String(e) });
    return;
  }
  worker = w;
  w.onmessage = (e: MessageEvent<WorkerMessage>) => {
    if (w === worker) fromWorker(e.data);
  };
  w.onerror = (e) => {
    e.preventDefault();
    if (w !== worker) return;
    // Failing before `ready` is not user code (none has run yet): respawning would only fail again, in a loop.
    if (workerReady) respawn(e.message || 'The evaluation worker failed');
    else toApp({ type: 'failed', id: stopWorker(), message: e.message || 'The evaluation worker could not start' });
  };
  w.onmessageerror = () => {
    if (w === worker) respawn('A worker message could not be read');
  };
  toWorker({ type: 'init', key });
}

function toWorker(m: FrameToWorker): void {
  worker?.postMessage(m);
}

function stopWorker(): number {
  const id = inflight?.id ?? lastId;
  if (inflight) clearTimeout(inflight.timer);
  inflight = null;
  worker?.terminate();
  worker = null;
  return id;
}

function respawn(message: string): void {
  const id = stopWorker();
  toApp({ type: 'respawned', id, message });
  spawn();
}

function onTimeout(): void {
  const spent = inflight?.budgetMs ?? budgetMs;
  const id = stopWorker();
  toApp({ type: 'timeout', id, budgetMs: spent });
  spawn();
}

function pump(): void {
  if (!workerReady || inflight || !queued) return;
  const req = queued;
  queued = null;
  // The budget grows with the case (a megabyte answer is legitimately slow) and for a fresh worker's first run.
  const runBudget = runBudgetMs(budgetMs, req.case, cold);
  cold = false;
  inflight = { id: req.id, budgetMs: runBudget, timer: setTimeout(onTimeout, runBudget) };
  toWorker(req);
}

function fromWorker(m: WorkerMessage): void {
  if (typeof m !== 'object' || m === null || m.key !== key) return;
  if (m.type === 'ready') {
    workerReady = true;
  } else if (inflight && m.id === inflight.id) {
    clearTimeout(inflight.timer);
    inflight = null;
    const { key: _key, ...reply } = m;
    toApp(reply);
  }
  pump();
}

function fromApp(e: MessageEvent<AppMessage>): void {
  if (e.source !== window.parent) return;
  const m = e.data;
  if (m.type === 'boot' && !workerUrl) {
    budgetMs = m.budgetMs;
    workerUrl = URL.createObjectURL(new Blob([m.source], { type: 'text/javascript' }));
    spawn();
  } else if (m.type === 'evaluate' && m.id > lastId) {
    lastId = m.id;
    queued = m;
    pump();
  }
}

// Loaded without the sandbox attribute (top level, or framed by another page) this page would run with the app's
// real origin and storage: refuse to do anything unless the origin is opaque.
if (window.origin === 'null' && window.parent !== window) {
  window.addEventListener('message', fromApp);
  toApp({ type: 'ready' });
}
