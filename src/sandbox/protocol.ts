/**
 * The messages between the app, the sandbox frame and its workers: one discriminated union imported by every side.
 * Types only; the rules the frame applies to them (run budgets, which realm a case needs) are policy.ts.
 * A message that waits for a reply carries the id its sender's correlator (correlator.ts) gave it, and the reply
 * carries it back.
 */
import type { Case } from '../engine/case.ts';
import type { Report, Verdict } from '../engine/report.ts';
import type { VerifyRequest } from '../engine/phases/verifier.ts';
import type { ClientSpec, Outcome as ClientOutcome } from '../engine/real-sdk/client-side.ts';

/** App → sandbox frame → worker: evaluate this case. `id` rises with every request; the newest wins. */
export interface EvaluateRequest {
  type: 'evaluate';
  id: number;
  case: Case;
  /** The app shows a first report for this request (EvaluateOptions.onPartial). */
  first?: boolean;
  /**
   * Set by the frame for a cold worker's first case (the page's first verdict): the worker loads only what the first
   * report needs, posts it, and answers `rest`; the frame then runs the case in full in another worker.
   */
  firstOnly?: boolean;
}

/** Worker → sandbox frame → app; `digest` is caseDigest (digest.ts) of the case the worker evaluated. */
export type WorkerReply =
  | { type: 'report'; id: number; digest: string; report: Report; ms: number }
  /** The first report (`pending` set: the selected converter × client), before the full one; the run goes on. */
  | { type: 'partial'; id: number; digest: string; report: Report; ms: number }
  | { type: 'crash'; id: number; digest: string; message: string };

/** Sandbox frame → app only. */
export type FrameEvent =
  | { type: 'ready' }
  /** The run exceeded its budget (`budgetMs`, as sized for this run): the worker was terminated; the next run gets a fresh one. */
  | { type: 'timeout'; id: number; budgetMs: number }
  /** The worker died (an uncaught error outside evaluate, out of memory): the next run gets a fresh one. */
  | { type: 'respawned'; id: number; message: string }
  /** The worker could not start at all (e.g. the browser refused a blob: worker): not retried until the frame is recreated. */
  | { type: 'failed'; id: number; message: string }
  /** The frame needs these engine chunks (names from the build's chunk list): the app fetches them and answers ChunkTexts with `id`. */
  | { type: 'need-chunks'; id: number; names: string[] };

/** Every message the frame posts to the app carries the nonce the app gave it in the frame URL. */
export type FrameMessage = (WorkerReply | FrameEvent) & { nonce: string };

/**
 * App → sandbox frame, once after `ready`: the classic worker script (the frame has no network), the client realm's
 * script (clientRealm.ts) and the base run budget.
 */
export interface BootCommand {
  type: 'boot';
  source: string;
  clientSource: string;
  budgetMs: number;
}

/**
 * App → sandbox frame, and sandbox frame → worker: the texts of engine chunks, in the order of `names`, or why they
 * could not be fetched; `id` is the `need-chunks` request's it answers.
 */
export type ChunkTexts = { type: 'chunks'; id: number; names: string[]; texts: string[] } | { type: 'chunks'; id: number; names: string[]; error: string };

/** Everything the app posts to the sandbox frame. */
export type AppMessage = BootCommand | EvaluateRequest | ChunkTexts;

/**
 * Frame → worker, the only message on the worker's global: the port of a MessageChannel, transferred. The shell keeps
 * it in a closure and removes its global listener before any schema code runs, so a request or reply dispatched by
 * that code reaches nobody.
 */
export interface WorkerInit {
  type: 'init';
  port: MessagePort;
  /** Run a few built-in cases before `ready` (a spare, started ahead), so that its first real case runs warm. */
  warmUp: boolean;
  /** The schema worker's end of a channel to its client realm (clientRealm.ts), where the clients' checks run. */
  clients: MessagePort;
}

/**
 * Frame → client realm worker (one per frame, shared by its schema workers), on its global: the client realm's end of
 * a channel to one schema worker. Only the frame can post there; no schema code runs in that realm.
 */
export interface ClientRealmInit {
  type: 'init';
  port: MessagePort;
}

/**
 * Client realm → frame, on its global: a batch started (`busy`, the frame's watchdog runs) or ended (`idle`), or the
 * realm's script ran and its parts loaded (`ready`, once).
 */
export interface ClientRealmStatus {
  type: 'busy' | 'idle' | 'ready';
}

/**
 * Frame → worker, over the port: the client realm stopped (crashed, or busy past its budget) and was restarted; `port`
 * is the worker's end of a channel to the new one. The checks waiting on the old one get no verdict and `reason`.
 */
export interface ClientsRestarted {
  type: 'clients';
  port: MessagePort;
  reason: string;
}

/** Schema worker → client realm: the clients' checks of one batch (phases/verifier.ts). */
export interface ClientRealmRequest {
  id: number;
  requests: VerifyRequest[];
}

/** Client realm → schema worker: the verdicts of the batch `id`, in order. */
export interface ClientRealmReply {
  id: number;
  verdicts: Verdict[];
}

/**
 * Schema worker → client realm: a real run's client (engine/real-sdk/client-side.ts). `open` transfers the client's end
 * of the run's MessagePort transport (the server's end stays in the schema worker) and opens the published client on
 * it; the others drive the client opened under `session`.
 */
export type ClientRealmSdkRequest = { id: number; session: number } & (
  | { sdk: 'open'; spec: ClientSpec; port: MessagePort }
  | { sdk: 'list' }
  | { sdk: 'call'; params: { name: string; arguments: unknown } }
  | { sdk: 'close' }
);

/** Client realm → schema worker: what the client returned (as data) or the message it threw; `close` gets no reply. */
export interface ClientRealmSdkReply {
  id: number;
  sdk: ClientOutcome<unknown>;
}

/**
 * Frame → worker, over the port, answering `need-world-clients`: the worker's end of a channel to the worlds' client
 * realm (clientRealmWorlds.ts), or why there is none. Sent again with `reason` when that realm was ended and restarted
 * (the checks waiting on the old one get no verdict and the reason).
 */
export type WorldClientsPort = { type: 'world-clients'; port: MessagePort; reason: string | null } | { type: 'world-clients'; error: string };

/** Frame → worker, over the port. */
export type FrameToWorker = EvaluateRequest | ChunkTexts | ClientsRestarted | WorldClientsPort;

/**
 * Worker → frame, over the port: the shell is warmed up and ready for requests, a reply, engine chunks it needs, or
 * the phase a run entered: `load` (the schema's module code runs: the plain budget, no cold-engine extra) and `run`
 * (the engine works on the loaded schema: the run's full budget again).
 */
export type WorkerMessage =
  | { type: 'ready' }
  | WorkerReply
  | { type: 'need-chunks'; id: number; names: string[] }
  /** A world case's checks need the worlds' client realm (clientRealmWorlds.ts): the frame answers WorldClientsPort. */
  | { type: 'need-world-clients' }
  | { type: 'phase'; id: number; phase: 'load' | 'run' }
  /** A `firstOnly` run posted its first report (`partial`) and stopped: the full report needs a realm with every engine part. */
  | { type: 'rest'; id: number };

/** What the app's evaluator resolves a request to. */
export type Outcome =
  | { kind: 'report'; report: Report; ms: number }
  | { kind: 'timeout'; budgetMs: number }
  | { kind: 'crash'; message: string }
  /** A newer request superseded this one; its result was dropped. */
  | { kind: 'stale' };

/** Per-request options of Evaluator.evaluate. */
export interface EvaluateOptions {
  /** Called with the first report (the case's `converter` × `client`, `pending` set) while the request is the newest. */
  onPartial?(report: Report, ms: number): void;
}

/** The app-side handle on the sandbox (src/sandbox/host.ts implements it). */
export interface Evaluator {
  /** Never rejects; resolves `stale` once a newer request was made (the newest request wins, decided here only). */
  evaluate(c: Case, opts?: EvaluateOptions): Promise<Outcome>;
  dispose(): void;
}
