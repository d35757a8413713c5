/**
 * The evaluation worker shell: one classic script started by the sandbox frame from a blob: URL, one worker per
 * schema text. Takes the frame's port from the one message on its global, warms the engine up if asked, then answers
 * EvaluateRequests over that port with the Report (plain JSON) or a crash, each with the digest of its case.
 * Engine chunks come over the same port (the app fetches them); those a case needs are loaded before its schema code
 * runs, and then the module runtime is locked (src/engine/chunks.ts). A cold worker's first case may run `firstOnly`:
 * the first report only, with only the chunks it needs, then `rest` (the frame runs the full report elsewhere).
 */
import chunkHost from 'virtual:engine-chunk-host';
import { evaluate } from '../engine/evaluate.ts';
import { engineSession, type EngineSession } from '../engine/session.ts';
import { messageOf } from '../engine/lib/message.ts';
import type { Report } from '../engine/report.ts';
import { caseDigest } from './digest.ts';
import { elideLargeValues } from './elide.ts';
import { BLOCKED_GLOBALS, hardenRealm, removeGlobal } from './harden.ts';
import type { Verifier } from '../engine/phases/verifier.ts';
import { clientRealm, dataOf } from './workerClients.ts';
import { hasOwnClients } from '../engine/worlds/entries.ts';
import type { ChunkTexts, FrameToWorker, WorkerInit, WorkerMessage } from './protocol.ts';
import { createCorrelator } from './correlator.ts';
import { postsFirstReport } from './policy.ts';

/** The slice of DedicatedWorkerGlobalScope the shell uses (tsconfig has the DOM lib, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const BLOCKED_NAVIGATOR = ['storage', 'locks', 'serviceWorker', 'sendBeacon'];

/**
 * Cases run before `ready` so that a worker's first real case runs on a warm engine (both roles, every converter, and
 * a TypeScript source: sucrase, an engine part loaded on need, is loaded and warm before a TypeScript case meets the
 * run budget of a warm worker).
 */
const WARM_UP = [
  { v: 1, role: 'output', schema: "import { z } from 'zod';\nexport default z.object({ a: z.string(), n: z.number().optional() });\n", answer: '{"a":"x","b":1}' },
  { v: 1, role: 'input', schema: "import { z } from 'zod';\nconst Q: z.ZodString = z.string();\nexport default z.object({ q: Q });\n", answer: '{"q":1}' },
] as const;

for (const name of BLOCKED_GLOBALS) removeGlobal(globalThis, name);
for (const name of BLOCKED_NAVIGATOR) removeGlobal(navigator, name);

const scope = self as unknown as WorkerScope;

function onInit(e: MessageEvent<unknown>): void {
  const m = dataOf(e) as Partial<WorkerInit> | null;
  if (typeof m !== 'object' || m === null || m.type !== 'init' || !(m.port instanceof MessagePort) || !(m.clients instanceof MessagePort)) return;
  scope.removeEventListener('message', onInit);
  const port = m.port;
  // Bound now, so that schema code patching MessagePort.prototype.postMessage never gets `this` = port.
  const send = port.postMessage.bind(port) as (message: WorkerMessage) => void;
  const { verifier, clients, restarted, worlds } = clientRealm(m.clients, send);
  // This realm's engine caches (loads, the transpiled source, the SDK sessions), shared by its evaluations; the real
  // runs' clients run in the client realm.
  const session = engineSession({ sdkClients: clients });
  const chunks = chunkRequests(send);
  chunkHost.setFetcher(chunks.fetch);
  // The frame sends one request at a time, and only after `ready`.
  port.onmessage = (ev) => {
    const m = dataOf(ev) as FrameToWorker | null;
    if (typeof m !== 'object' || m === null) return;
    if (m.type === 'evaluate') {
      // A world with clients of its own: its client realm starts now, beside the engine's work, not after the verdicts.
      if (hasOwnClients(m.case)) void clients.prepare().catch(() => undefined);
      void run(m, send, verifier, session);
    }
    else if (m.type === 'chunks') chunks.answer(m);
    else if (m.type === 'clients' && m.port instanceof MessagePort) restarted(m.port, String(m.reason));
    else if (m.type === 'world-clients') worlds(m);
  };
  void (m.warmUp ? warmUp(verifier, session) : Promise.resolve()).then(() => send({ type: 'ready' }));
}

/** Runs the warm-up cases; their reports are thrown away (a failure only means the first real case runs colder). */
async function warmUp(verifier: Verifier, session: EngineSession): Promise<void> {
  for (const c of WARM_UP) {
    try {
      await evaluate(c, { verifier, session });
    } catch {
      // Nothing to report: no case of the user's has run.
    }
  }
}

/** The worker's chunk requests to the frame, each under its correlator id; the frame answers with the texts or why not. */
function chunkRequests(send: (message: WorkerMessage) => void): { fetch(names: string[]): Promise<string[]>; answer(m: ChunkTexts): void } {
  const asked = createCorrelator<string[]>();
  return {
    fetch: (names) => asked.ask((id) => send({ type: 'need-chunks', id, names })),
    answer: (m) => {
      if ('texts' in m && m.texts.length === m.names.length) asked.resolve(m.id, m.texts);
      else asked.reject(m.id, new Error('error' in m ? m.error : 'the engine part arrived incomplete'));
    },
  };
}

async function run(req: Extract<FrameToWorker, { type: 'evaluate' }>, send: (message: WorkerMessage) => void, verifier: Verifier, session: EngineSession): Promise<void> {
  const { id, case: c } = req;
  const digest = caseDigest(c);
  const started = performance.now();
  try {
    const answer = (c as { answer?: unknown } | null)?.answer;
    const elide = (r: Report) => elideLargeValues(r, typeof answer === 'string' ? answer.length : 0);
    const ms = () => Math.round(performance.now() - started);
    // evaluate() loads the engine parts the case needs (all of them, or with firstOnly those of its first report).
    // A first report from a cold (firstOnly) realm, or for a large answer (policy.ts, the first-report fast path).
    const firstOnly = req.firstOnly === true;
    const posts = postsFirstReport(req);
    const report = await evaluate(c, {
      firstOnly,
      verifier,
      session,
      loading: () => {
        // Schema code runs from here on in this realm: no engine code is evaluated after it, and the intrinsics and
        // globals are frozen before it (docs/security.md).
        chunkHost.lock();
        hardenRealm();
        send({ type: 'phase', id, phase: 'load' });
      },
      loaded: () => send({ type: 'phase', id, phase: 'run' }),
      ...(posts ? { first: (r: Report) => send({ type: 'partial', id, digest, report: elide(r), ms: ms() }) } : {}),
    });
    chunkHost.lock();
    hardenRealm();
    // A firstOnly run stops at its first report (already posted): the rest comes from a realm with every part.
    send(report.pending ? { type: 'rest', id } : { type: 'report', id, digest, report: elide(report), ms: ms() });
  } catch (e) {
    send({ type: 'crash', id, digest, message: messageOf(e) });
  }
}

scope.addEventListener('message', onInit);
