/** The messages between the CLI's process (src/node-realm/host.ts) and its schema realm (src/node-realm/worker.ts). */
import type { Report } from '../engine/report.ts';

/** Host → worker: the one case to evaluate, and the port to the client realm (the host's main thread). */
export interface RealmRequest {
  type: 'evaluate';
  case: unknown;
  /** The case picks a version world: the worker registers the worlds' module hook before loading it. */
  worlds: boolean;
  clients: MessagePort;
}

/** Worker → host. */
export type RealmMessage =
  | { type: 'ready' }
  | { type: 'phase'; phase: 'load' | 'run' }
  | { type: 'report'; report: Report }
  | { type: 'crash'; message: string }
  | { type: 'need-world-clients' };

/** Host → worker, answering `need-world-clients`. */
export interface RealmWorldClients {
  type: 'world-clients';
  port: MessagePort;
  reason: null;
}
