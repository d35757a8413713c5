/**
 * The CLI's schema realm: a worker thread started by src/node-realm/host.ts for one case, the Node counterpart of the
 * browser's schema worker (src/sandbox/worker.ts). It loads the engine, takes the case and the port to the client
 * realm (the host's main thread, which runs the clients and no case code), loads the engine parts the case needs, and
 * seals itself (seal.ts: no Node globals, no module imports, SES lockdown() with the browser's options) before the
 * schema's code runs. It tells the host each phase (the host's watchdog times them, as the frame does) and posts the
 * Report. Its process environment is empty and its standard streams go nowhere (the host starts it so).
 */
import { parentPort } from 'node:worker_threads';
import { evaluate } from '../engine/evaluate.ts';
import { messageOf } from '../engine/lib/message.ts';
import { engineSession } from '../engine/session.ts';
import { clientRealm } from '../sandbox/workerClients.ts';
import type { WorkerMessage } from '../sandbox/protocol.ts';
import { registerWorlds } from '../worlds-node/register.ts';
import type { RealmMessage, RealmRequest, RealmWorldClients } from './protocol.ts';
import { sealNodeRealm } from './seal.ts';

if (!parentPort) throw new Error('src/node-realm/worker.ts runs as a worker thread of the CLI');
const host = parentPort;
// Bound now, before any schema code runs.
const send = host.postMessage.bind(host) as (message: RealmMessage) => void;

host.once('message', (req: RealmRequest) => void run(req));
send({ type: 'ready' });

async function run(req: RealmRequest): Promise<void> {
  try {
    if (req.worlds) registerWorlds();
    // The clients' checks and the real runs' clients, asked of the client realm over its port (as the browser's worker).
    const { verifier, clients, worlds } = clientRealm(req.clients, (m: WorkerMessage) => {
      if (m.type === 'need-world-clients') send(m);
    });
    host.on('message', (m: RealmWorldClients) => {
      if (m?.type === 'world-clients') worlds(m);
    });
    const session = engineSession({ sdkClients: clients });
    const report = await evaluate(req.case, {
      verifier,
      session,
      loading: () => {
        sealNodeRealm();
        send({ type: 'phase', phase: 'load' });
      },
      loaded: () => send({ type: 'phase', phase: 'run' }),
    });
    sealNodeRealm();
    send({ type: 'report', report });
  } catch (e) {
    send({ type: 'crash', message: messageOf(e) });
  }
}
