/**
 * The schema worker's side of the real runs' clients: each real run's published client is opened in the client realm
 * (clientRealmSdk.ts), on the client's end of the run's MessagePort transport, and driven from here with data only.
 * What a run reports (the listing the client received, the result it returned, the message it threw, the era it
 * negotiated) is what that client said. Set up by worker.ts before any schema code runs.
 */
import type { ClientHost, Outcome, RealClient, ToolList, ToolResult } from '../engine/real-sdk/client-side.ts';
import { postDeep } from '../engine/lib/deep-post.ts';
import type { ClientRealmSdkReply, ClientRealmSdkRequest } from './protocol.ts';
import { createCorrelator } from './correlator.ts';

/** A request without its id (the host numbers it). */
type Ask = ClientRealmSdkRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * The clients in the client realm, asked with `post` (its port's bound postMessage); `answer` takes its replies.
 * `lost`: the frame ended that realm (and `post` now reaches a new one): the clients opened there are gone with it, so
 * each says it is no longer alive (the session pool opens its session again) and the requests still waiting fail.
 */
export function remoteClients(post: (message: ClientRealmSdkRequest, transfer?: Transferable[]) => void): ClientHost & { answer(reply: ClientRealmSdkReply): void; lost(reason: string): void } {
  const asked = createCorrelator<Outcome<unknown>>();
  let nextSession = 0;
  /** Counts the realms ended so far: a client belongs to the realm of the count it was opened under. */
  let realm = 0;
  const ask = <T>(request: Ask, transfer?: Transferable[]): Promise<T> =>
    asked
      .ask((id) => {
        const message = { ...request, id } as ClientRealmSdkRequest;
        if (transfer) post(message, transfer);
        else postDeep((m) => post(m as ClientRealmSdkRequest), message);
      })
      .then((outcome) => {
        if (!outcome.ok) throw new Error(outcome.error);
        return outcome.value as T;
      });
  return {
    answer: (reply) => void asked.resolve(reply.id, reply.sdk),
    lost: (reason) => {
      realm++;
      asked.resolveAll({ ok: false, error: reason });
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
        // No reply comes, so no request waits: id 0 is never one the correlator hands out.
        close: async () => post({ sdk: 'close', session, id: 0 }),
      };
    },
  };
}
