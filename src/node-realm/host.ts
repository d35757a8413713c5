/**
 * The CLI's two realms, as the browser's sandbox frame runs a case (docs/security.md): the schema's code runs in a
 * worker thread (worker.ts) sealed like the browser's schema worker, started for this one case with an empty
 * environment and its standard streams going nowhere; this thread is the client realm, which never runs case code:
 * it answers the worker's clients' checks and drives the real runs' published clients over MessagePorts, receiving
 * only data. A watchdog ends the worker when a phase outlasts the frame's budget for it (src/sandbox/policy.ts).
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { CaseSchema, caseVersions } from '../engine/case.ts';
import { DEFAULT_VERSIONS } from '../engine/contract/versions.ts';
import { verdictsOf } from '../engine/phases/verifier.ts';
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import type { Report } from '../engine/report.ts';
import { answerSdk, isSdkRequest } from '../sandbox/clientRealmSdk.ts';
import { servePort, type ClientRealmParts } from '../sandbox/clientRealmServe.ts';
import { RUN_BUDGET_MS, runBudgetMs } from '../sandbox/policy.ts';
import { registerWorlds } from '../worlds-node/register.ts';
import type { RealmMessage, RealmRequest, RealmWorldClients } from './protocol.ts';

/**
 * The worker's entry: this directory's worker.ts when run from source (tsx), and, in the built CLI, the bundle the
 * build emits beside the CLI's own as `node-realm-worker.js`.
 */
export function workerEntry(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './node-realm-worker.js', import.meta.url);
}

/**
 * The worker, with an empty environment and standard streams that go nowhere. From source, its TypeScript is loaded
 * through tsx's module hook, registered in the worker first (a worker does not inherit this process's).
 */
function startWorker(entry: URL): Worker {
  const options = { env: {}, argv: [] as string[], stdin: false, stdout: true, stderr: true };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); });`, { ...options, eval: true });
}

/** The default world's clients, as in the browser's client realm (src/sandbox/clientRealm.ts). */
const DEFAULT_CLIENTS: ClientRealmParts = { parts: sdkV2.load(), partsName: 'the v2 SDK', verdicts: (requests) => verdictsOf(requests), sdk: { is: isSdkRequest, answer: answerSdk } };

/** The version worlds' own clients, as in the browser's worlds' client realm (src/sandbox/clientRealmWorlds.ts). */
async function worldClients(): Promise<ClientRealmParts> {
  registerWorlds();
  const { worldClasses, worldOf } = await import('../sandbox/worldClients.ts');
  return { parts: sdkV2.load(), partsName: 'the v2 SDK', verdicts: (requests) => verdictsOf(requests, worldOf), sdk: { is: isSdkRequest, answer: (port, req) => answerSdk(port, req, worldClasses) } };
}

/** Whether the case picks versions other than the default ones. */
function picksWorld(c: unknown): boolean {
  const parsed = CaseSchema.safeParse(c);
  if (!parsed.success) return false;
  const v = caseVersions(parsed.data);
  return v.zod !== DEFAULT_VERSIONS.zod || v.sdk !== DEFAULT_VERSIONS.sdk || v.server !== DEFAULT_VERSIONS.server;
}

/** A schema realm started ahead: its worker loads the engine while the caller reads its case. */
export interface SchemaRealm {
  /** Evaluates one case (once: the realm ends with it); rejects when the realm crashed or the watchdog ended it. */
  evaluate(c: unknown, budgetMs?: number): Promise<Report>;
}

/**
 * Starts a schema realm now (the CLI does so first thing, so the worker's start overlaps the reading of the case and
 * the client realm's own loading).
 */
export function startRealm(): SchemaRealm {
  const worker = startWorker(workerEntry());
  // What the worker writes goes nowhere: the Report is all the CLI prints.
  worker.stdout.resume();
  worker.stderr.resume();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (m: RealmMessage) => (m.type === 'ready' ? resolve() : reject(new Error(`The schema realm failed: it sent ${m.type} before ready`))));
    worker.once('error', (e) => reject(new Error(`The schema realm failed: ${e.message}`)));
    worker.once('exit', (code) => reject(new Error(`The schema realm ended (exit code ${code}) before it reported`)));
  });
  // Until a case is sent, a failed start is the evaluation's to report.
  ready.catch(() => undefined);
  return { evaluate: (c, budgetMs = RUN_BUDGET_MS) => ready.then(() => run(worker, c, budgetMs), (e: unknown) => (void worker.terminate(), Promise.reject(e))) };
}

/** Evaluates one case in a schema realm of its own; rejects when the realm crashed or the watchdog ended it. */
export function evaluateInRealm(c: unknown, budgetMs = RUN_BUDGET_MS): Promise<Report> {
  return startRealm().evaluate(c, budgetMs);
}

/** Sends the case to a ready worker and times it as the frame does; the worker is ended when it reports. */
function run(worker: Worker, c: unknown, budgetMs: number): Promise<Report> {
  const clients = new MessageChannel();
  servePort(clients.port1 as unknown as MessagePort, DEFAULT_CLIENTS);
  // A worker is always cold: its engine work gets the cold extra; the schema's own code gets the plain budget.
  const runBudget = runBudgetMs(budgetMs, c, true);
  const loadBudget = runBudgetMs(budgetMs, c, false);
  const ports: Array<{ close(): void }> = [clients.port1];
  return new Promise<Report>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let spent = 0;
    const end = (outcome: () => void) => {
      clearTimeout(timer);
      for (const p of ports) p.close();
      void worker.terminate();
      outcome();
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      spent = ms;
      timer = setTimeout(() => end(() => reject(new Error(`The evaluation ran longer than ${spent / 1000} s (the schema's code, or the engine's work on it); its realm was ended.`))), ms);
    };
    worker.on('message', (m: RealmMessage) => {
      if (m.type === 'phase') {
        arm(m.phase === 'load' ? loadBudget : runBudget);
      } else if (m.type === 'need-world-clients') {
        void worldClients().then((parts) => {
          const channel = new MessageChannel();
          ports.push(channel.port1);
          servePort(channel.port1 as unknown as MessagePort, parts);
          worker.postMessage({ type: 'world-clients', port: channel.port2 as unknown as MessagePort, reason: null } satisfies RealmWorldClients, [channel.port2]);
        });
      } else if (m.type === 'report') {
        end(() => resolve(m.report));
      } else if (m.type === 'crash') {
        end(() => reject(new Error(`The schema realm failed: ${m.message}`)));
      }
    });
    worker.on('error', (e) => end(() => reject(new Error(`The schema realm failed: ${e.message}`))));
    worker.on('exit', (code) => end(() => reject(new Error(`The schema realm ended (exit code ${code}) before it reported`))));
    const request: RealmRequest = { type: 'evaluate', case: c, worlds: picksWorld(c), clients: clients.port2 as unknown as MessagePort };
    worker.postMessage(request, [clients.port2]);
    arm(runBudget);
  });
}
