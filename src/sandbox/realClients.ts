/**
 * The schema worker's side of the real runs' clients: each real run's published client is opened in the client realm
 * (clientRealmSdk.ts), on the client's end of the run's MessagePort transport, and driven from here with data only.
 * What a run reports (the listing the client received, the result it returned, the message it threw, the era it
 * negotiated) is what that client said. Set up by worker.ts before any schema code runs.
 */
import type { ClientHost, Outcome, RealClient, ToolList, ToolResult } from '../engine/real-sdk/client-side.ts';
import { postDeep } from '../engine/lib/deep-post.ts';
import type { ClientRealmSdkReply, ClientRealmSdkRequest } from './protocol.ts';

/** A request without its id (the host numbers it). */
type Ask = ClientRealmSdkRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * The clients in the client realm, asked with `post` (its port's bound postMessage); `answer` takes its replies.
 * `lost`: the frame ended that realm (and `post` now reaches a new one): the clients opened there are gone with it, so
 * each says it is no longer alive (the session pool opens its session again) and the requests still waiting fail.
 */
export function remoteClients(post: (message: ClientRealmSdkRequest, transfer?: Transferable[]) => void): ClientHost & { answer(reply: ClientRealmSdkReply): void; lost(reason: string): void } {
  const waiting = new Map<number, (outcome: Outcome<unknown>) => void>();
  let nextId = 0;
  let nextSession = 0;
  /** Counts the realms ended so far: a client belongs to the realm of the count it was opened under. */
  let realm = 0;
  const ask = <T>(request: Ask, transfer?: Transferable[]): Promise<T> =>
    new Promise<Outcome<unknown>>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      const message = { ...request, id } as ClientRealmSdkRequest;
      try {
        if (transfer) post(message, transfer);
        else postDeep((m) => post(m as ClientRealmSdkRequest), message);
      } catch (e) {
        waiting.delete(id);
        throw e;
      }
    }).then((outcome) => {
      if (!outcome.ok) throw new Error(outcome.error);
      return outcome.value as T;
    });
  return {
    answer: (reply) => {
      const resolve = waiting.get(reply.id);
      waiting.delete(reply.id);
      resolve?.(reply.sdk);
    },
    lost: (reason) => {
      realm++;
      const failed = [...waiting.values()];
      waiting.clear();
      for (const resolve of failed) resolve({ ok: false, error: reason });
    },
    open: async (spec, port): Promise<RealClient> => {
      const session = nextSession++;
      const openedIn = realm;
      const { negotiated } = await ask<{ negotiated: string | undefined }>({ sdk: 'open', session, spec, port }, [port]);
      return {
        negotiated,
        alive: () => openedIn === realm,
        listTools: () => ask<ToolList>({ sdk: 'list', session }),
        callTool: (params) => ask<ToolResult>({ sdk: 'call', session, params }),
        // Not awaited: a client realm that stopped answering must not hold up closing (the pool closes on a timeout).
        close: async () => post({ sdk: 'close', session, id: nextId++ }),
      };
    },
  };
}
