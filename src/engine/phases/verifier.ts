/**
 * The clients' checks as plain data: what a realm that runs the schema's code asks of a realm that never does (the
 * sandbox's client realm, src/sandbox/clientRealm.ts), and how that realm answers. evaluate() takes a Verifier in its
 * hooks; without one (Node: the CLI, vitest) the clients run in-process, as `inProcessVerifier` does.
 */
import { clientsOf } from '../clients/index.ts';
import { guard } from '../lib/guard.ts';
import { messageOf } from '../lib/message.ts';
import type { ClientId, Json, JsonSchema, Verdict } from '../report.ts';
import type { LoadedCase } from '../types.ts';

/** One client's check of one shipped value under one listing: data only (structured-cloneable). */
export interface VerifyRequest {
  client: ClientId;
  listed: JsonSchema | null;
  structuredContent: Json;
  isError: boolean;
  tool: string;
  /** The era (engine/era.ts): absent, 2025-11-25. */
  protocol?: LoadedCase['protocol'];
}

/** Reaches the verdicts of a batch of requests, in order (the client realm, over a MessagePort). */
export interface Verifier {
  verify(requests: readonly VerifyRequest[]): Promise<Verdict[]>;
}

/** The verdicts of a batch, each from the default world's client of its era; a malformed request is refused as a value. */
export function verdictsOf(requests: readonly VerifyRequest[]): Verdict[] {
  return requests.map((r) =>
    guard(
      () => {
        const client = clientsOf(undefined, r.protocol === '2026-07-28' ? r.protocol : undefined).find((c) => c.id === r.client);
        if (!client) return { valid: false, message: `No client named ${String(r.client)}` };
        return client.verify(r.listed, { structuredContent: r.structuredContent, isError: r.isError === true }, String(r.tool));
      },
      (e) => ({ valid: false, message: messageOf(e) }),
    ),
  );
}

/** The in-process verifier (what the client realm runs, here in the caller's realm): for tests and Node. */
export const inProcessVerifier: Verifier = { verify: async (requests) => verdictsOf(requests) };
