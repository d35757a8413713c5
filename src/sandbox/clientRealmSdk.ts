/**
 * A client realm's side of the real runs (src/sandbox/clientRealmServe.ts dispatches here): it opens the published
 * clients (in clientRealm.ts the default world's, SDK 1.32.2's Client and @modelcontextprotocol/client 2.4.0's; in
 * clientRealmWorlds.ts a version world's own) on the ports the schema worker transfers, and answers list/call with
 * what each client returned or the message it threw. The server is on the other end of each port, in the schema's
 * realm; nothing here runs its code.
 */
import { connectClient, outcomeOf, type ClientClasses, type ClientSpec, type RealClient } from '../engine/real-sdk/client-side.ts';
import type { PortLike } from '../engine/real-sdk/port-transport.ts';
import { sdkV2 } from '../engine/real-sdk/v2-chunk.ts';
import { DEFAULT_V1_CLIENT } from '../engine/worlds/v1-client.ts';
import { postDeep } from '../engine/lib/deep-post.ts';
import type { ClientRealmSdkReply, ClientRealmSdkRequest } from './protocol.ts';

/** Clients kept per asking port (a schema worker keeps at most 8 sessions; a lost `close` is evicted, oldest first). */
const MAX_CLIENTS = 32;
const byPort = new WeakMap<object, Map<number, RealClient>>();

/** Whether a message on the port is a real run's request (else it is a batch of verdicts). */
export function isSdkRequest(m: unknown): m is ClientRealmSdkRequest {
  const r = m as Partial<ClientRealmSdkRequest> | null;
  return typeof r === 'object' && r !== null && typeof r.id === 'number' && typeof r.session === 'number' && typeof r.sdk === 'string';
}

/** The default world's client classes of a spec's major (a spec naming a world is not for this realm). */
export function defaultClasses(spec: ClientSpec): ClientClasses {
  if (spec.world) throw new Error(`This client realm holds no client of SDK ${String(spec.world.sdk)} with zod ${String(spec.world.zod)}`);
  return spec.version === 'v1' ? DEFAULT_V1_CLIENT : sdkV2.get();
}

/** Answers one request from the schema worker on `port`, opening clients of the classes `classesOf` gives. */
export async function answerSdk(port: MessagePort, req: ClientRealmSdkRequest, classesOf: (spec: ClientSpec) => ClientClasses = defaultClasses): Promise<void> {
  const clients = byPort.get(port) ?? new Map<number, RealClient>();
  byPort.set(port, clients);
  const reply = (sdk: ClientRealmSdkReply['sdk']) => postDeep((m) => port.postMessage(m), { id: req.id, sdk } satisfies ClientRealmSdkReply);
  const client = () => {
    const c = clients.get(req.session);
    if (!c) throw new Error('The client of this run was closed');
    return c;
  };
  if (req.sdk === 'open') {
    reply(await outcomeOf(async () => {
      if (!(req.port instanceof MessagePort)) throw new Error('No transport port for this client');
      const classes = classesOf(req.spec);
      const opened = await connectClient(classes, { version: req.spec.version, modern: req.spec.modern === true }, req.port as unknown as PortLike);
      clients.set(req.session, opened);
      for (const [id, old] of clients) if (clients.size > MAX_CLIENTS && id !== req.session) (clients.delete(id), void old.close());
      return { negotiated: opened.negotiated };
    }));
  } else if (req.sdk === 'list') {
    reply(await outcomeOf(() => client().listTools()));
  } else if (req.sdk === 'call') {
    reply(await outcomeOf(() => client().callTool(req.params)));
  } else if (req.sdk === 'close') {
    const c = clients.get(req.session);
    clients.delete(req.session);
    await c?.close();
  }
}
