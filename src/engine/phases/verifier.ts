/**
 * The clients' checks as plain data: what a realm that runs the schema's code asks of a realm that never does (the
 * sandbox's client realm, src/sandbox/clientRealm.ts), and how that realm answers. evaluate() takes a Verifier in its
 * hooks; without one (Node: the CLI, vitest) the clients run in-process, as `inProcessVerifier` does.
 */
import { clientsOf } from '../clients/index.ts';
import { guard } from '../lib/guard.ts';
import { messageOf } from '../lib/message.ts';
import type { Json, JsonSchema, Verdict } from '../report.ts';
import type { Client, LoadedCase } from '../types.ts';
import type { SdkVersion, ZodVersion } from '../contract/versions.ts';
import type { V1Api } from '../worlds/world.ts';
import type { ClientId } from '../contract/catalog.ts';

/** One client's check of one shipped value under one listing: data only (structured-cloneable). */
export interface VerifyRequest {
  client: ClientId;
  listed: JsonSchema | null;
  structuredContent: Json;
  isError: boolean;
  tool: string;
  /** The era (engine/era.ts): absent, 2025-11-25. */
  protocol?: LoadedCase['protocol'];
  /**
   * A version world's SDK 1.x client (sdk-v1 only, and only when that world's v1 client is not the default one): the
   * versions that pick it. Such a request is answered by the worlds' client realm (src/sandbox/clientRealmWorlds.ts).
   */
  world?: WorldPick;
}

/** The versions that pick a world's v1 client (data). */
export interface WorldPick {
  zod: ZodVersion;
  sdk: SdkVersion;
}

/** A version world's v1 client as a realm holds it: what clients/index.ts `clientsOf` reads of a world. */
export interface WorldClients {
  isDefault: false;
  v1: V1Api;
}

/** Reaches the verdicts of a batch of requests, in order (the client realm, over a MessagePort). */
export interface Verifier {
  verify(requests: readonly VerifyRequest[]): Promise<Verdict[]>;
}

/**
 * The verdicts of a batch, each from the client of its era in the default world or, for a request naming a world, in
 * that world as `worldOf` gives it (a realm without it says so); a malformed request is refused as a value.
 */
export function verdictsOf(requests: readonly VerifyRequest[], worldOf?: (pick: WorldPick) => WorldClients | undefined): Verdict[] {
  return requests.map((r) =>
    guard(
      () => {
        let world: WorldClients | undefined;
        if (r.world !== undefined && r.world !== null) {
          const pick = r.world as Partial<WorldPick>;
          world = worldOf?.(r.world);
          if (!world) return { valid: null, message: `This client realm holds no client of SDK ${String(pick.sdk)} with zod ${String(pick.zod)}` };
          if (r.client !== 'sdk-v1') return { valid: null, message: `This client realm holds only the SDK 1.x client of a version world, not ${String(r.client)}` };
        }
        const client: Client | undefined = clientsOf(world, r.protocol === '2026-07-28' ? r.protocol : undefined).find((c) => c.id === r.client);
        if (!client) return { valid: false, message: `No client named ${String(r.client)}` };
        return client.verify(r.listed, { structuredContent: r.structuredContent, isError: r.isError === true }, String(r.tool));
      },
      (e) => ({ valid: false, message: messageOf(e) }),
    ),
  );
}

/**
 * A batch split by where its requests are answered: those naming a world by `world` (the worlds' client realm), the
 * rest by `plain` (the default one); the verdicts come back in the batch's order.
 */
export function routedVerifier(plain: Verifier, world: Verifier): Verifier {
  return {
    verify: async (requests) => {
      const inWorld = requests.map((r) => r.world !== undefined);
      if (!inWorld.includes(true)) return plain.verify(requests);
      const [p, w] = await Promise.all([plain.verify(requests.filter((_, i) => !inWorld[i])), world.verify(requests.filter((_, i) => inWorld[i]))]);
      let [a, b] = [0, 0];
      return inWorld.map((yes) => (yes ? w[b++] : p[a++]) ?? { valid: null, message: 'The client realm gave no verdict' });
    },
  };
}

/** The in-process verifier (what the client realm runs, here in the caller's realm): for tests and Node. */
export const inProcessVerifier: Verifier = { verify: async (requests) => verdictsOf(requests) };
