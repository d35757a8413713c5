/** The messages between the app, the sandbox frame and its worker: one discriminated union imported by every side. */
import type { CaseInput } from '../engine/case.ts';
import { realmKeyOf } from '../engine/case/wire.ts';
import type { Report, Verdict } from '../engine/report.ts';
import type { VerifyRequest } from '../engine/phases/verifier.ts';
import type { ClientSpec, Outcome as ClientOutcome } from '../engine/real-sdk/client-side.ts';
import { generateRequestOf, searchBudgetMs } from '../engine/generate/request.ts';

/** App → sandbox frame → worker: evaluate this case. `id` rises with every request; the newest wins. */
export interface EvaluateRequest {
  type: 'evaluate';
  id: number;
  case: CaseInput;
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
  /** A worker needs these engine chunks (names from the build's chunk list): the app fetches them and answers ChunkTexts. */
  | { type: 'need-chunks'; names: string[] };

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

/** App → sandbox frame → worker: the texts of engine chunks, in the order of `names`, or why they could not be fetched. */
export type ChunkTexts = { type: 'chunks'; names: string[]; texts: string[] } | { type: 'chunks'; names: string[]; error: string };

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
 * Frame → client realm, on its global: load its later parts now (`load`: the case selects a client in them, or the
 * first verdict is out), or the texts of the parts it asked for (`need-chunks` in ClientRealmStatus), which the app
 * fetched from the build's own URLs. Only the frame can post there, so no schema realm can hand it code.
 */
export type FrameToClientRealm = ClientRealmInit | ChunkTexts | { type: 'load' };

/**
 * Client realm → frame, on its global: a batch started (`busy`, the frame's watchdog runs) or ended (`idle`), the
 * realm's script ran and what every request needs is loaded (`ready`, once), or it needs later parts of its bundle
 * (`need-chunks`: the frame asks the app and answers with ChunkTexts on the realm's global).
 */
export type ClientRealmStatus = { type: 'busy' | 'idle' | 'ready' } | { type: 'need-chunks'; names: string[] };

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
  | { type: 'need-chunks'; names: string[] }
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
  evaluate(c: CaseInput, opts?: EvaluateOptions): Promise<Outcome>;
  dispose(): void;
}

/**
 * A warm worker posts a first report (`partial`) before the full one only for an answer at least this long: there the
 * full report takes hundreds of milliseconds more than the selected verdict (the 1 MB and union cases of the bench);
 * for a small answer it lands within milliseconds after, and a second report would only cost the page a second
 * check and render per edit. A cold (`firstOnly`) worker always posts it.
 */
export const WARM_FIRST_REPORT_MIN_ANSWER_CHARS = 32 * 1024;

/** The default run budget before the watchdog terminates the worker (a small case on a warm worker). */
export const RUN_BUDGET_MS = 2000;

/**
 * The first run on a worker that did not warm up pays for a cold engine (parsing, JIT, lazy SDK set-up): the engine's
 * work in it gets this many budgets (the schema's module code, timed apart, gets the plain one: a runaway module is
 * reported as soon from a link as when typed). Spares warm up before they take a case; the frame's first worker does
 * not, so the first verdict waits for no warm-up.
 */
export const COLD_BUDGET_FACTOR = 4;
/** A large answer gets one more second per this many characters (parsing it and checking it against every policy)... */
export const ANSWER_CHARS_PER_SECOND = 128 * 1024;
/**
 * ...and a large schema one more second per this many characters: its first run compiles it into every converter and
 * validator (an 8.6 K-character 300-field schema: about 1 s in Node on a busy 2-core machine, then 30 ms warm)...
 */
export const SCHEMA_CHARS_PER_SECOND = 2 * 1024;
/** ...up to this much in all (a cold first run adds its extra on top). */
export const MAX_SIZED_BUDGET_MS = 15_000;

/**
 * How long the watchdog lets one run take: the base budget, plus whole seconds for a large schema and a large answer
 * (capped), plus, with `cold`, a cold engine's extra. Pure; the frame times runs with it
 * and reports it in `timeout`, the app arms its own deadline past it.
 */
export function runBudgetMs(base: number, c: unknown, cold: boolean): number {
  const { schema, answer } = caseChars(c);
  const extraSeconds = Math.floor(schema / SCHEMA_CHARS_PER_SECOND + answer / ANSWER_CHARS_PER_SECOND);
  const sized = Math.min(Math.max(MAX_SIZED_BUDGET_MS, base), base + extraSeconds * 1000);
  // A counterexample search (engine/generate) runs for its stated time on top of the evaluation.
  const searched = sized + searchBudgetMs(c);
  return cold ? searched + (COLD_BUDGET_FACTOR - 1) * base : searched;
}

/**
 * Whether a case must run in a fresh realm rather than in a worker that already ran `ranSchema` (null: ran nothing).
 * Schema text is the case's code: the same text may reuse its worker (answer, role or tool edits), any other may not.
 */
export function needsFreshRealm(ranSchema: string | null, c: unknown): boolean {
  return ranSchema !== null && ranSchema !== realmKey(c);
}

/** What a worker's realm is for (the case module's `realmKeyOf`): a case with another key needs another realm. */
export function realmKey(c: unknown): string {
  return realmKeyOf(c, generateRequestOf(c) !== null);
}

/** The schema text a worker runs for a case ('' when it is not a string). */
export function schemaText(c: unknown): string {
  const { schema } = typeof c === 'object' && c !== null ? (c as { schema?: unknown }) : {};
  return typeof schema === 'string' ? schema : '';
}

/** The characters of a case's schema and answer text (0 for what is not a string). */
function caseChars(c: unknown): { schema: number; answer: number } {
  const { answer } = typeof c === 'object' && c !== null ? (c as { answer?: unknown }) : {};
  return { schema: schemaText(c).length, answer: typeof answer === 'string' ? answer.length : 0 };
}
