/**
 * The built client realms (src/sandbox/clientRealm.ts, clientRealmWorlds.ts) outside the browser, for the tests that
 * hold them to what the sandbox frame does: in a realm of their own (node:vm) reached with data only, or in a thread
 * of their own (node:worker_threads) with real MessagePorts between.
 */
import { createContext, runInContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { readDeep } from '../src/engine/lib/deep-post.ts';
import type { Verifier } from '../src/engine/phases/verifier.ts';
import type { Verdict } from '../src/engine/report.ts';
import type { ClientRealmSdkReply } from '../src/sandbox/protocol.ts';
import { remoteClients } from '../src/sandbox/realClients.ts';

/**
 * What the frame answers a realm's `need-chunks` with: the texts of its later parts, from the built bundle (`parts`,
 * file name → text), or why one is missing.
 */
function partsAnswer(parts: ReadonlyMap<string, string>, id: number | undefined, names: string[]): unknown {
  const texts = names.map((n) => parts.get(n));
  return texts.every((t) => t !== undefined) ? { type: 'chunks', id, names, texts } : { type: 'chunks', id, names, error: `no part named ${names.join(', ')}` };
}

/**
 * The built client realm, run in a realm of its own (node:vm: its own Function, JSON, prototypes), reached as the
 * schema's worker reaches it: data in, data out (here as JSON text, so no object of either realm crosses). Its later
 * parts (`parts`) are handed over on its global as the frame hands them, when it asks.
 */
export function clientRealmIn(code: string, parts: ReadonlyMap<string, string> = new Map()): Verifier & { toPort(message: unknown): void } {
  let reply: ((text: string) => void) | null = null;
  const status = (text: string) => {
    const m = JSON.parse(text) as { type?: string; id?: number; names?: string[] };
    if (m.type === 'need-chunks') setTimeout(() => (context as unknown as { __global(text: string): void }).__global(JSON.stringify(partsAnswer(parts, m.id, m.names ?? []))));
  };
  const context = createContext({ console, TextEncoder, TextDecoder, URL, URLSearchParams, setTimeout, clearTimeout, queueMicrotask, AbortController, crypto, __out: (text: string) => reply?.(text), __status: status });
  runInContext(
    `globalThis.self = globalThis;
     var listeners = [];
     self.addEventListener = function (type, f) { listeners.push(f); };
     self.removeEventListener = function () { listeners = []; };
     self.postMessage = function (m) { __status(JSON.stringify(m)); };
     globalThis.__global = function (text) { listeners.slice().forEach(function (f) { f({ data: JSON.parse(text) }); }); };
     globalThis.MessagePort = class MessagePort { postMessage(m) { __out(JSON.stringify(m)); } };
     var port = new MessagePort();
     globalThis.__init = function () { listeners.slice().forEach(function (f) { f({ data: { type: 'init', port: port } }); }); };
     globalThis.__deliver = function (text) { port.onmessage({ data: JSON.parse(text) }); };`,
    context,
  );
  runInContext(code, context);
  runInContext('__init()', context);
  let next = 0;
  return {
    /** Any message on the port a schema realm holds, as that realm could send it. */
    toPort: (message) => (context as unknown as { __deliver(text: string): void }).__deliver(JSON.stringify(message)),
    verify: (requests) =>
      new Promise((resolve) => {
        const id = next++;
        reply = (text) => {
          const m = JSON.parse(text) as { id: number; verdicts: Verdict[] };
          if (m.id === id) resolve(m.verdicts);
        };
        (context as unknown as { __deliver(text: string): void }).__deliver(JSON.stringify({ id, requests }));
      }),
  };
}

/**
 * The built client realm in a thread of its own (node:worker_threads: another realm, and real MessagePorts between),
 * started as the sandbox frame starts it: one init message carrying its end of the channel to the schema's side; its
 * later parts (`parts`) on its global when it asks.
 */
export function clientRealmThread(code: string, parts: ReadonlyMap<string, string> = new Map()): { worker: Worker; host: ReturnType<typeof remoteClients> } {
  const shim = `const { parentPort } = require('node:worker_threads');
    globalThis.self = globalThis;
    let listeners = [];
    self.addEventListener = (type, f) => listeners.push(f);
    self.removeEventListener = (type, f) => { listeners = listeners.filter((g) => g !== f); };
    self.postMessage = (m) => parentPort.postMessage(m);
    parentPort.on('message', (data) => listeners.slice().forEach((f) => f({ data })));\n`;
  const worker = new Worker(shim + code, { eval: true });
  worker.on('message', (m: { type?: string; id?: number; names?: string[] }) => {
    if (m?.type === 'need-chunks') worker.postMessage(partsAnswer(parts, m.id, m.names ?? []));
  });
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ type: 'init', port: port2 }, [port2 as never]);
  const host = remoteClients((m, transfer) => port1.postMessage(m, (transfer ?? []) as never));
  port1.onmessage = (e) => {
    const reply = readDeep(e.data) as ClientRealmSdkReply;
    if ('sdk' in reply) host.answer(reply);
  };
  return { worker, host };
}
