/**
 * A client realm that was ended and started again (its watchdog: a batch or a real run's request busy past its budget
 * on a loaded machine, or a run's timeout ending a busy realm): the schema worker's pooled SDK sessions whose clients
 * lived in the ended realm must not be used again. They were, and every later tools/call on the same schema (Ctrl+Enter,
 * another converter) said "The client of this run was closed" until a reload.
 *
 * The worker's side is the real one (src/sandbox/workerClients.ts, as worker.ts sets it up); each realm is the real
 * answering code (src/sandbox/clientRealmSdk.ts) on a real MessagePort, as clientRealmServe.ts runs it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readDeep } from '../src/engine/lib/deep-post.ts';
import { runRealSdk } from '../src/engine/real-sdk.ts';
import { sdkV2 } from '../src/engine/real-sdk/v2-chunk.ts';
import { sessionPool } from '../src/engine/real-sdk/pool.ts';
import type { LoadedCase } from '../src/engine/types.ts';
import { answerSdk, isSdkRequest } from '../src/sandbox/clientRealmSdk.ts';
import { clientRealm } from '../src/sandbox/workerClients.ts';

/** A client realm: the port the schema worker talks to, answered by the realm's own code; `end` is the frame terminating it. */
function realm(): { port: MessagePort; end(): void } {
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = (e: MessageEvent<unknown>) => {
    const req = readDeep(e.data);
    if (isSdkRequest(req)) void answerSdk(port2, req);
  };
  return {
    port: port1,
    end: () => {
      port2.onmessage = null;
      port2.close();
    },
  };
}

const ended: Array<() => void> = [];
afterEach(() => {
  for (const end of ended.splice(0)) end();
});

describe('the real runs after the client realm was ended and started again', () => {
  it('call the tool with a client of the new realm, not the ended one (both SDKs, a z.date() schema)', async () => {
    await sdkV2.load();
    const first = realm();
    const worker = clientRealm(first.port, () => {});
    const pool = sessionPool();
    const loaded: LoadedCase = { role: 'output', tool: 'get_event', schema: z.object({ at: z.date(), title: z.string() }), sdkSessions: pool, sdkClients: worker.clients };
    const answer = { at: '2026-01-02T03:04:05.000Z', title: 'launch' };
    const before = { v1: await runRealSdk('v1', loaded, answer), v2: await runRealSdk('v2', loaded, answer) };
    // Both SDKs answered tools/call in the first realm (with their own words about the z.date()).
    for (const row of Object.values(before)) expect(row.callError ?? '').not.toMatch(/closed/);
    // The frame ends the realm and hands the worker a port to a new one (worker.ts: a `clients` message).
    first.end();
    const second = realm();
    ended.push(second.end);
    worker.restarted(second.port, 'the client realm did not answer within 5000 ms; it was ended and another started');
    for (const version of ['v1', 'v2'] as const) {
      // The same schema object and pool: what Ctrl+Enter or another converter runs again.
      expect(await runRealSdk(version, loaded, answer), `SDK ${version}`).toEqual(before[version]);
    }
    await pool.close();
  }, 60_000);
});
