/**
 * The sandbox frame: runs in `<iframe sandbox="allow-scripts">` (opaque origin, CSP without network), owns the
 * evaluation workers, runs the watchdog and relays between the app (window.parent) and the workers.
 * The composition root of the frame's realm: which worker runs which case and for how long is the scheduler's
 * (frameScheduler.ts, all its state in one object); this file gives it the real workers, ports, client realms and the
 * app. The clients' checks run in the frame's one client realm (clientRealm.ts, frameClients.ts), a version world's
 * own SDK 1.x client in the worlds' client realm, started on first need (frameWorlds.ts).
 * Built as one classic script and inlined into sandbox.html, where the CSP allows it by hash.
 */
import { clientRealmHost } from './frameClients.ts';
import { createFrameScheduler } from './frameScheduler.ts';
import type { FrameDeps } from './frameState.ts';
import { worldClientsHost } from './frameWorlds.ts';
import type { AppMessage, FrameMessage } from './protocol.ts';

const nonce = location.hash.slice(1);

/** A blob: URL for a script the app sent: a worker started from it inherits this document's CSP (no network) and opaque origin (no storage). */
const scriptUrl = (text: string) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));

const deps: FrameDeps = {
  toApp: (m) => {
    const message: FrameMessage = { ...m, nonce };
    // Posting to a named origin would mean trusting our own URL; the app authenticates by event.source and nonce.
    window.parent.postMessage(message, '*');
  },
  scripts: (boot) => {
    const workerUrl = scriptUrl(boot.source);
    const clientRealmUrl = scriptUrl(boot.clientSource);
    return {
      worker: (on) => {
        // A classic worker from a blob: URL.
        const worker = new Worker(workerUrl);
        worker.onerror = (e) => {
          e.preventDefault();
          on.error(e.message);
        };
        return worker;
      },
      clientRealm: (on) => clientRealmHost(clientRealmUrl, on),
    };
  },
  channel: (on) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (e: MessageEvent<unknown>) => on.message(e.data);
    port1.onmessageerror = () => on.messageError();
    const close = () => {
      port1.onmessage = null;
      port1.close();
    };
    return { port: { postMessage: (m, transfer) => (transfer ? port1.postMessage(m, transfer) : port1.postMessage(m)), close }, remote: port2 };
  },
  worldClients: worldClientsHost,
};

// Loaded without the sandbox attribute (top level, or framed by another page) this page would run with the app's
// real origin and storage: refuse to do anything unless the origin is opaque.
if (window.origin === 'null' && window.parent !== window) {
  const scheduler = createFrameScheduler(deps);
  window.addEventListener('message', (e: MessageEvent<AppMessage>) => {
    if (e.source === window.parent) scheduler.receive(e.data);
  });
  deps.toApp({ type: 'ready' });
}
