/**
 * The app side of the sandbox: a hidden `<iframe sandbox="allow-scripts">` (no allow-same-origin) that runs the
 * engine in a worker. The app trusts a message only if it comes from that frame's window and carries its nonce, and
 * a reply only for the id it sent and the digest of the case it sent under that id.
 */
import type { CaseInput } from '../engine/case.ts';
import workerUrl from 'virtual:sandbox-worker-url';
import { acceptsReply, caseDigest, type SentRequest } from './digest.ts';
import { newestWins } from './newestWins.ts';
import { RUN_BUDGET_MS, runBudgetMs } from './protocol.ts';
import type { AppMessage, EvaluateRequest, Evaluator, FrameEvent, FrameMessage, Outcome } from './protocol.ts';

/** Options for createEvaluator. */
export interface EvaluatorOptions {
  /** How long one run may take before the worker is terminated and respawned. */
  budgetMs?: number;
  /** Where the hidden frame is attached (default: document.body). */
  container?: HTMLElement;
  /** Called with the frame's lifecycle events (ready, timeout, respawned, failed), e.g. for a status line. */
  onEvent?: (e: FrameEvent) => void;
  /**
   * Called when the worker died while no run was pending (e.g. schema code that throws from a timer after its verdict
   * landed): the frame has started another worker, and no outcome carries the message.
   */
  onCrashBetweenRuns?: (message: string) => void;
}

/** How long past the budget the app waits for the frame itself (loading, booting, answering) before replacing it. */
const FRAME_GRACE_MS = 15_000;

let workerSource: Promise<string> | null = null;

/** The classic worker script, fetched once from the app's own origin (the frame cannot fetch anything). */
function loadWorkerSource(): Promise<string> {
  workerSource ??= fetch(workerUrl).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status} for ${workerUrl}`);
    return r.text();
  });
  workerSource.catch(() => {
    workerSource = null;
  });
  return workerSource;
}

function randomNonce(): string {
  // crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function isFrameMessage(d: unknown): d is FrameMessage {
  return typeof d === 'object' && d !== null && typeof (d as { type?: unknown }).type === 'string' && typeof (d as { nonce?: unknown }).nonce === 'string';
}

/** Creates the sandbox frame and returns the evaluator that talks to it; the newest request wins (newestWins.ts), the one place that decides it. */
export function createEvaluator(opts: EvaluatorOptions = {}): Evaluator {
  const budgetMs = opts.budgetMs ?? RUN_BUDGET_MS;
  const requests = newestWins<Outcome>({ kind: 'stale' });
  /** The newest request's id and case digest: a reply for anything else (forged, crossed) is dropped. */
  let sent: SentRequest | undefined;
  let latest: EvaluateRequest | null = null;
  let frame: HTMLIFrameElement | null = null;
  let nonce = '';
  let booted = false;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  function settle(id: number, o: Outcome): void {
    if (!requests.settle(id, o) || !deadline) return;
    clearTimeout(deadline);
    deadline = null;
  }

  /** A dead worker: the pending run `id` fails with `message`, or, with none pending, the crash is reported on its own. */
  function crashed(id: number, message: string): void {
    if (requests.isPending(id)) settle(id, { kind: 'crash', message });
    else opts.onCrashBetweenRuns?.(message);
  }

  function post(m: AppMessage): void {
    frame?.contentWindow?.postMessage(m, '*');
  }

  function mount(): void {
    frame?.remove();
    nonce = randomNonce();
    booted = false;
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Evaluation sandbox';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    // Not display:none: Chromium throttles timers in hidden cross-origin frames, and the watchdog lives there.
    frame.style.cssText = 'position:fixed;width:1px;height:1px;left:-10px;top:-10px;border:0;opacity:0;pointer-events:none';
    frame.src = `${import.meta.env.BASE_URL}sandbox.html#${nonce}`;
    (opts.container ?? document.body).append(frame);
  }

  function send(): void {
    if (!latest || !booted || !requests.isPending(latest.id)) return;
    try {
      post(latest);
    } catch (e) {
      // A case that cannot be structured-cloned (a caller bug) fails as a value, like everything else.
      settle(latest.id, { kind: 'crash', message: `the case could not be sent to the sandbox (${e instanceof Error ? e.message : String(e)})` });
    }
  }

  /** Covers what the frame's watchdog cannot: a frame that never loads, boots or answers (past the longest budget `c` can get). */
  function armDeadline(id: number, c: CaseInput): void {
    if (deadline) clearTimeout(deadline);
    deadline = setTimeout(() => {
      deadline = null;
      mount();
      settle(id, { kind: 'crash', message: 'the sandbox stopped responding and was restarted' });
    }, runBudgetMs(budgetMs, c, true) + FRAME_GRACE_MS);
  }

  async function boot(): Promise<void> {
    const bootedNonce = nonce;
    try {
      const source = await loadWorkerSource();
      if (disposed || nonce !== bootedNonce) return;
      post({ type: 'boot', source, budgetMs });
      booted = true;
      send();
    } catch (e) {
      const message = `could not load the worker script (${e instanceof Error ? e.message : String(e)})`;
      requests.settleAny({ kind: 'crash', message });
    }
  }

  function onMessage(e: MessageEvent): void {
    if (!frame || e.source !== frame.contentWindow || !isFrameMessage(e.data) || e.data.nonce !== nonce) return;
    const m = e.data;
    switch (m.type) {
      case 'ready':
        void boot();
        break;
      case 'report':
        if (acceptsReply(sent, m)) settle(m.id, { kind: 'report', report: m.report, ms: m.ms });
        break;
      case 'crash':
        if (acceptsReply(sent, m)) settle(m.id, { kind: 'crash', message: m.message });
        break;
      case 'timeout':
        settle(m.id, { kind: 'timeout', budgetMs: m.budgetMs });
        break;
      case 'respawned':
        crashed(m.id, `${m.message} (the worker was restarted)`);
        break;
      case 'failed':
        crashed(m.id, `the worker could not start: ${m.message}`);
        break;
    }
    if (m.type !== 'report' && m.type !== 'crash') opts.onEvent?.(m);
  }

  window.addEventListener('message', onMessage);
  // The worker script is fetched while the frame loads, not after it says `ready`.
  loadWorkerSource().catch(() => {});
  mount();

  return {
    evaluate(c: CaseInput): Promise<Outcome> {
      if (disposed) return Promise.resolve({ kind: 'stale' });
      if (!frame?.isConnected) mount();
      const { id, outcome } = requests.open();
      latest = { type: 'evaluate', id, case: c };
      sent = { id, digest: caseDigest(c) };
      armDeadline(id, c);
      send();
      return outcome;
    },
    dispose(): void {
      disposed = true;
      window.removeEventListener('message', onMessage);
      if (deadline) clearTimeout(deadline);
      frame?.remove();
      frame = null;
      requests.settleAny({ kind: 'stale' });
    },
  };
}
