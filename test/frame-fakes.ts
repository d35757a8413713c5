/** Fakes of the sandbox frame's dependencies (src/sandbox/frameState.ts FrameDeps), for its scheduler in Node. */
import type { ClientRealmEvents } from '../src/sandbox/frameClients.ts';
import { createFrameScheduler } from '../src/sandbox/frameScheduler.ts';
import type { FrameDeps, PortEvents, Slot } from '../src/sandbox/frameState.ts';
import type { WorldClientsEvents } from '../src/sandbox/frameWorlds.ts';
import type { EvaluateRequest, FrameEvent, FrameToWorker, WorkerInit, WorkerMessage, WorkerReply } from '../src/sandbox/protocol.ts';

/** A fake schema worker and the frame's end of its channel: what the scheduler posted, and a way to answer. */
export interface FakeWorker {
  init: WorkerInit | null;
  transfer: unknown[];
  terminated: boolean;
  posted: FrameToWorker[];
  closed: boolean;
  say(m: WorkerMessage | unknown): void;
  messageError(): void;
  error(message: string): void;
}

export function harness(opts: { workerThrows?: () => boolean; posted?: (w: FakeWorker, m: FrameToWorker) => void } = {}) {
  const app: Array<WorkerReply | FrameEvent> = [];
  const workers: FakeWorker[] = [];
  const clients = { connects: 0, ended: [] as string[], firstVerdicts: 0, on: null as ClientRealmEvents | null };
  const worlds = { needs: [] as Slot[], ended: [] as string[], on: null as WorldClientsEvents<Slot> | null };
  let pendingError: ((message: string) => void) | null = null;
  const deps: FrameDeps = {
    toApp: (m) => void app.push(m),
    scripts: () => ({
      worker: (on) => {
        if (opts.workerThrows?.()) throw new Error('blob: workers are refused');
        pendingError = on.error;
        const w = { init: null, transfer: [], terminated: false, posted: [], closed: false } as unknown as FakeWorker;
        workers.push(w);
        return {
          postMessage: (m, transfer) => void ((w.init = m), (w.transfer = transfer)),
          terminate: () => void (w.terminated = true),
        };
      },
      clientRealm: (on) => {
        clients.on = on;
        return {
          connect: () => (clients.connects++, { realm: clients.connects } as unknown as MessagePort),
          endIfBusy: (reason) => (clients.ended.push(reason), true),
          firstVerdict: () => void clients.firstVerdicts++,
        };
      },
    }),
    channel: (on: PortEvents) => {
      const w = workers.at(-1) as FakeWorker;
      const error = pendingError as (message: string) => void;
      Object.assign(w, { say: (m: unknown) => !w.closed && on.message(m), messageError: () => !w.closed && on.messageError(), error });
      return {
        port: { postMessage: (m) => void (w.posted.push(m), opts.posted?.(w, m)), close: () => void (w.closed = true) },
        remote: { remote: true } as unknown as MessagePort,
      };
    },
    worldClients: (on) => {
      worlds.on = on;
      return { need: (slot) => void worlds.needs.push(slot), endIfBusy: (reason) => (worlds.ended.push(reason), false) };
    },
  };
  const scheduler = createFrameScheduler(deps);
  const boot = (budgetMs: number) => scheduler.receive({ type: 'boot', source: 'worker', clientSource: 'clients', budgetMs });
  const evaluate = (id: number, c: unknown, first?: boolean) => scheduler.receive({ type: 'evaluate', id, case: c as EvaluateRequest['case'], ...(first ? { first } : {}) });
  const requests = (w: FakeWorker | undefined) => (w?.posted ?? []).filter((m): m is EvaluateRequest => m.type === 'evaluate');
  return { scheduler, app, workers, clients, worlds, boot, evaluate, requests, view: scheduler.view };
}

export const report = (id: number, type: 'report' | 'partial' = 'report') => ({ type, id, digest: 'd', report: {} as never, ms: 1 }) satisfies WorkerReply;
export const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

