/**
 * The evaluation worker shell: one classic script started by the sandbox frame from a blob: URL.
 * Receives a signing key, then EvaluateRequests; replies with the Report (plain JSON) or a crash.
 */
import { evaluate, messageOf } from '../engine/evaluate.ts';
import { elideLargeValues } from './elide.ts';
import type { FrameToWorker, WorkerMessage } from './protocol.ts';

/** The slice of DedicatedWorkerGlobalScope the shell uses (tsconfig has the DOM lib, not WebWorker). */
interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<FrameToWorker>) => void): void;
}

/** What schema code could reach besides the CSP's `connect-src 'none'`: network, storage, other contexts. */
const BLOCKED = [
  'fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'WebTransport', 'importScripts',
  'indexedDB', 'caches', 'cookieStore', 'Worker', 'SharedWorker', 'BroadcastChannel', 'RTCPeerConnection',
];
const BLOCKED_NAVIGATOR = ['storage', 'locks', 'serviceWorker', 'sendBeacon'];

/** Removes a property wherever it is defined along an object's prototype chain, then pins it to undefined. */
function remove(target: object, name: string): void {
  for (let o: object | null = target; o; o = Object.getPrototypeOf(o) as object | null) {
    try {
      if (Object.prototype.hasOwnProperty.call(o, name)) Reflect.deleteProperty(o, name);
    } catch {
      // A non-configurable property stays; CSP still covers it.
    }
  }
  try {
    Object.defineProperty(target, name, { value: undefined, writable: false, configurable: false });
  } catch {
    // Not extensible: nothing more to do.
  }
}

const scope = self as unknown as WorkerScope;
// Captured before any user code runs, so patching postMessage later cannot reach the key.
const post = scope.postMessage.bind(scope);
let key: string | null = null;

for (const name of BLOCKED) remove(globalThis, name);
for (const name of BLOCKED_NAVIGATOR) remove(navigator, name);

scope.addEventListener('message', (e) => {
  const m = e.data;
  if (m.type === 'init') {
    if (key !== null) return;
    const k = m.key;
    key = k;
    // Ready at once: the first real case pays for the cold engine itself, and the frame gives a fresh worker's first
    // run a longer budget (runBudgetMs in protocol.ts) so that cold run is not mistaken for an infinite loop.
    post({ type: 'ready', key: k });
  } else if (m.type === 'evaluate' && key !== null) {
    void run(m.id, m.case, key);
  }
});

async function run(id: number, c: unknown, k: string): Promise<void> {
  const started = performance.now();
  try {
    const report = await evaluate(c);
    const answer = (c as { answer?: unknown } | null)?.answer;
    const ms = Math.round(performance.now() - started);
    post({ type: 'report', id, report: elideLargeValues(report, typeof answer === 'string' ? answer.length : 0), ms, key: k });
  } catch (e) {
    post({ type: 'crash', id, message: messageOf(e), key: k });
  }
}
