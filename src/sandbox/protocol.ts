/** The messages between the app, the sandbox frame and its worker: one discriminated union imported by every side. */
import type { CaseInput } from '../engine/case.ts';
import type { Report } from '../engine/report.ts';

/** App → sandbox frame → worker: evaluate this case. `id` rises with every request; the newest wins. */
export interface EvaluateRequest {
  type: 'evaluate';
  id: number;
  case: CaseInput;
}

/** Worker → sandbox frame → app. */
export type WorkerReply =
  | { type: 'report'; id: number; report: Report; ms: number }
  | { type: 'crash'; id: number; message: string };

/** Sandbox frame → app only. */
export type FrameEvent =
  | { type: 'ready' }
  /** The run exceeded its budget: the worker was terminated and a fresh one started. */
  | { type: 'timeout'; id: number; budgetMs: number }
  /** The worker died (an uncaught error outside evaluate, out of memory): it was respawned. */
  | { type: 'respawned'; id: number; message: string }
  /** The worker could not start at all (e.g. the browser refused a blob: worker): not retried until the frame is recreated. */
  | { type: 'failed'; id: number; message: string };

/** Every message the frame posts to the app carries the nonce the app gave it in the frame URL. */
export type FrameMessage = (WorkerReply | FrameEvent) & { nonce: string };

/** App → sandbox frame, once after `ready`: the classic worker script (the frame has no network) and the run budget. */
export interface BootCommand {
  type: 'boot';
  source: string;
  budgetMs: number;
}

/** Everything the app posts to the sandbox frame. */
export type AppMessage = BootCommand | EvaluateRequest;

/** Frame → worker, first message: the key the worker shell signs its replies with; user code never sees it. */
export interface WorkerInit {
  type: 'init';
  key: string;
}

/** Everything the frame posts to its worker. */
export type FrameToWorker = WorkerInit | EvaluateRequest;

/** Worker → frame: the shell is ready for requests, or a reply; the frame drops anything without its key (forged by user code). */
export type WorkerMessage = ({ type: 'ready' } | WorkerReply) & { key: string };

/** What the app's evaluator resolves a request to. */
export type Outcome =
  | { kind: 'report'; report: Report; ms: number }
  | { kind: 'timeout'; budgetMs: number }
  | { kind: 'crash'; message: string }
  /** A newer request superseded this one; its result was dropped. */
  | { kind: 'stale' };

/** The app-side handle on the sandbox (src/sandbox/host.ts implements it). */
export interface Evaluator {
  evaluate(c: CaseInput): Promise<Outcome>;
  dispose(): void;
}

/** The default run budget before the watchdog terminates the worker. */
export const RUN_BUDGET_MS = 2000;
