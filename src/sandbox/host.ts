/**
 * The app side of the sandbox: the evaluator over the frame channel (frameChannel.ts), which lets through only the
 * frame's own messages. The app trusts a reply only for the id it sent and the digest of the case it sent under that id.
 */
import type { Case } from '../engine/case.ts';
import { acceptsReply, caseDigest, type SentRequest } from './digest.ts';
import { createScriptSource, openFrameChannel, type FrameChannel, type ScriptSource } from './frameChannel.ts';
import { newestWins } from './newestWins.ts';
import { RUN_BUDGET_MS, runBudgetMs } from './policy.ts';
import type { EvaluateOptions, EvaluateRequest, Evaluator, FrameEvent, FrameMessage, Outcome } from './protocol.ts';
import { messageOf } from '../engine/lib/message.ts';

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
  /** Where the frame's scripts come from (default: fetched for this evaluator alone); frames of one page share one. */
  scripts?: ScriptSource;
  /**
   * The first-report fast path's off switch (policy.ts, runsFirstOnly): false, and no request asks for a first report,
   * so a cold worker's first case runs whole and `onPartial` is never called. The final reports are the same.
   */
  firstReports?: boolean;
}

/** How long past the budget the app waits for the frame itself (loading, booting, answering) before replacing it. */
const FRAME_GRACE_MS = 15_000;

/** What a frame message says about the request it names: its outcome, or that its worker died (null: nothing). */
function readFrameMessage(m: FrameMessage, sent: SentRequest | undefined): { id: number; outcome: Outcome } | { id: number; died: string } | null {
  switch (m.type) {
    case 'partial':
      return null;
    case 'report':
      return acceptsReply(sent, m) ? { id: m.id, outcome: { kind: 'report', report: m.report, ms: m.ms } } : null;
    case 'crash':
      return acceptsReply(sent, m) ? { id: m.id, outcome: { kind: 'crash', message: m.message } } : null;
    case 'timeout':
      return { id: m.id, outcome: { kind: 'timeout', budgetMs: m.budgetMs } };
    case 'respawned':
      return { id: m.id, died: `${m.message} (the worker was restarted)` };
    case 'failed':
      return { id: m.id, died: `the worker could not start: ${m.message}` };
    case 'ready':
    case 'need-chunks':
      return null;
  }
}

/** One timer at a time: armed for each request, armed `again` while its frame shows signs of life, cleared when it settles. */
function createDeadline(): { arm(ms: number, fn: () => void): void; again(): void; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: { ms: number; fn: () => void } | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const arm = (ms: number, fn: () => void) => (clear(), (last = { ms, fn }), (timer = setTimeout(fn, ms)));
  return { arm, again: () => void (timer !== null && last && arm(last.ms, last.fn)), clear };
}

/** Posts a request to the frame; a case that cannot be structured-cloned (a caller bug) fails as a value, like everything else. */
function postRequest(channel: FrameChannel, req: EvaluateRequest, settle: (id: number, o: Outcome) => unknown): void {
  try {
    channel.post(req);
  } catch (e) {
    settle(req.id, { kind: 'crash', message: `the case could not be sent to the sandbox (${messageOf(e)})` });
  }
}

/** Creates the sandbox frame and returns the evaluator that talks to it; the newest request wins (newestWins.ts), the one place that decides it. */
export function createEvaluator(opts: EvaluatorOptions = {}): Evaluator {
  const budgetMs = opts.budgetMs ?? RUN_BUDGET_MS;
  const requests = newestWins<Outcome>({ kind: 'stale' });
  /** The newest request's id and case digest: a reply for anything else (forged, crossed) is dropped. */
  let sent: SentRequest | undefined;
  let latest: EvaluateRequest | null = null;
  /** The newest request's first-report callback. */
  let partial: EvaluateOptions['onPartial'];
  let disposed = false;
  /** Covers what the frame's watchdog cannot: a frame that never loads, boots or answers (past the longest budget a case can get). */
  const deadline = createDeadline();
  const settle = (id: number, o: Outcome) => requests.settle(id, o) && deadline.clear();
  const settleAny = (o: Outcome) => (requests.settleAny(o), deadline.clear());

  const send = () => {
    if (latest && channel.booted && requests.isPending(latest.id)) postRequest(channel, latest, settle);
  };

  function onMessage(m: FrameMessage): void {
    // A first report: only for the newest request, and only what its digest vouches for, as a full reply.
    // The full report may still take a whole run in another worker (a cold frame's first case): the deadline starts over.
    if (m.type === 'partial') return void (acceptsReply(sent, m) && requests.isPending(m.id) && (deadline.again(), partial?.(m.report, m.ms)));
    const read = readFrameMessage(m, sent);
    if (read && 'outcome' in read) settle(read.id, read.outcome);
    // A dead worker fails the run pending under its id; with none pending the crash is reported on its own.
    else if (read && requests.isPending(read.id)) settle(read.id, { kind: 'crash', message: read.died });
    else if (read) opts.onCrashBetweenRuns?.(read.died);
    if (m.type !== 'report' && m.type !== 'crash') opts.onEvent?.(m);
  }

  const channel = openFrameChannel(budgetMs, opts.container, {
    message: onMessage,
    booted: send,
    bootFailed: (message) => settleAny({ kind: 'crash', message }),
    frameFailed: (message) => settleAny({ kind: 'crash', message }),
  }, opts.scripts ?? createScriptSource());

  return {
    evaluate(c: Case, evalOpts: EvaluateOptions = {}): Promise<Outcome> {
      if (disposed) return Promise.resolve({ kind: 'stale' });
      channel.ensureMounted();
      const { id, outcome } = requests.open();
      // A frame that could not load answers nothing: say why at once (a reload tries it again).
      if (channel.failure !== null) {
        settle(id, { kind: 'crash', message: channel.failure });
        return outcome;
      }
      partial = evalOpts.onPartial;
      latest = { type: 'evaluate', id, case: c, ...(partial && opts.firstReports !== false ? { first: true } : {}) };
      sent = { id, digest: caseDigest(c) };
      deadline.arm(runBudgetMs(budgetMs, c, true) + FRAME_GRACE_MS, () => {
        channel.remount();
        settle(id, { kind: 'crash', message: 'the sandbox stopped responding and was restarted' });
      });
      send();
      return outcome;
    },
    dispose(): void {
      disposed = true;
      channel.dispose();
      settleAny({ kind: 'stale' });
    },
  };
}
