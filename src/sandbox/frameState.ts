/**
 * The sandbox frame scheduler's state (frameScheduler.ts has its transitions): what it is given (a worker, a port, the
 * boot's scripts, the client realms: real in frame.ts, fakes in the tests), one worker's slot, and the run in flight.
 */
import type { ClientRealmEvents, ClientRealmHost } from './frameClients.ts';
import type { WorldClientsEvents, WorldClientsHost } from './frameWorlds.ts';
import type { ChunkRelay } from './frameChunks.ts';
import type { BootCommand, EvaluateRequest, FrameEvent, FrameToWorker, WorkerInit, WorkerReply } from './protocol.ts';

/** A schema worker, as the frame drives it (a Worker). */
export interface WorkerHandle {
  postMessage(m: WorkerInit, transfer: Transferable[]): void;
  terminate(): void;
}

/** The frame's end of its channel to one schema worker (a MessagePort whose messages go to `PortEvents`). */
export interface PortHandle {
  postMessage(m: FrameToWorker, transfer?: Transferable[]): void;
  /** Closes it: nothing it receives after this reaches the scheduler. */
  close(): void;
}

/** What arrives on that port. */
export interface PortEvents {
  message(data: unknown): void;
  /** A message that could not be deserialized. */
  messageError(): void;
}

/** The boot's two scripts made startable. */
export interface FrameScripts {
  /** Starts a schema worker (throws if the browser refuses); `error` hears each uncaught error it reports. */
  worker(on: { error(message: string): void }): WorkerHandle;
  /** The frame's one client realm (frameClients.ts), started on its first `connect`. */
  clientRealm(on: ClientRealmEvents): ClientRealmHost;
}

/** What the scheduler is given: every effect it has on the world outside its own state. */
export interface FrameDeps {
  /** Posts to the app (the frame adds its nonce). */
  toApp(m: WorkerReply | FrameEvent): void;
  /** The boot's scripts made startable (the frame: blob: URLs, which inherit its CSP and opaque origin). */
  scripts(boot: BootCommand): FrameScripts;
  /** A new channel for a schema worker: the frame's end (its messages to `on`) and the worker's end, to transfer. */
  channel(on: PortEvents): { port: PortHandle; remote: MessagePort };
  /** The worlds' client realm (frameWorlds.ts), started on a world case's first need. */
  worldClients(on: WorldClientsEvents<Slot>): WorldClientsHost<Slot>;
}

/** One worker and the frame's end of its channel. */
export interface Slot {
  worker: WorkerHandle;
  port: PortHandle;
  /** Warmed up and answering requests. */
  ready: boolean;
  /** The realm key of the cases it ran (policy.ts realmKey; null: none yet, so any case may have it). */
  ran: string | null;
  /** It ran the warm-up cases before `ready`: its first case gets no cold-engine budget. */
  warm: boolean;
  /** It asked for the worlds' client realm: it gets a port to each one started. */
  worlds: boolean;
}

/** What a slot's worker and port report, with the slot. */
export interface SlotEvents {
  error(slot: Slot, message: string): void;
  message(slot: Slot, data: unknown): void;
  messageError(slot: Slot): void;
}

/** Starts a schema worker with its channel and its port to the client realm; throws what starting threw. */
export function startSlot(deps: FrameDeps, scripts: FrameScripts, clients: ClientRealmHost, warmUp: boolean, on: SlotEvents): Slot {
  let started: Slot | null = null;
  let worker: WorkerHandle | undefined;
  let toClients: MessagePort;
  try {
    worker = scripts.worker({ error: (message) => void (started && on.error(started, message)) });
    // The schema worker and the client realm talk directly, over a channel of their own.
    toClients = clients.connect();
  } catch (e) {
    worker?.terminate();
    throw e;
  }
  // Everything the worker says comes over the port; its global postMessage (reachable by schema code) is ignored.
  const { port, remote } = deps.channel({
    message: (data) => void (started && on.message(started, data)),
    messageError: () => void (started && on.messageError(started)),
  });
  const slot: Slot = { worker, port, ready: false, ran: null, warm: warmUp, worlds: false };
  started = slot;
  const init: WorkerInit = { type: 'init', port: remote, warmUp, clients: toClients };
  worker.postMessage(init, [remote, toClients]);
  return slot;
}

/** Ends a worker and closes the frame's end of its channel. */
export function retire(slot: Slot | null): void {
  if (!slot) return;
  slot.port.close();
  slot.worker.terminate();
}

/**
 * The run in flight: its budget (sized for the case, with a cold engine's extra), the budget of the phase timed now,
 * and its watchdog. The schema's module code is timed apart with the plain sized budget, so a runaway module is
 * ended as soon on a cold worker as on a warm one; the engine's own work gets the whole run budget.
 */
export interface Inflight {
  req: EvaluateRequest;
  runBudgetMs: number;
  loadBudgetMs: number;
  budgetMs: number;
  timer: ReturnType<typeof setTimeout>;
}

/** The scheduler's whole state. */
export interface State {
  readonly deps: FrameDeps;
  budgetMs: number;
  scripts: FrameScripts | null;
  /** The frame's one client realm, shared by its schema workers (made at boot). */
  clients: ClientRealmHost | null;
  readonly worlds: WorldClientsHost<Slot>;
  /** Engine chunks (and the worlds' client realm script): the app fetches them, the frame keeps them. */
  readonly chunks: ChunkRelay;
  current: Slot | null;
  spare: Slot | null;
  broken: boolean;
  inflight: Inflight | null;
  queued: EvaluateRequest | null;
  /** The newest request's id (what a failure names when no run is in flight). */
  lastId: number;
  /** The first report reached the app. */
  verdict: boolean;
}

/** What a test may read of the state (no handles). */
export interface SchedulerView {
  current: { ready: boolean; ran: string | null; warm: boolean } | null;
  spare: { ready: boolean; ran: string | null; warm: boolean } | null;
  inflight: { id: number; firstOnly: boolean; budgetMs: number } | null;
  queued: number | null;
  broken: boolean;
}
