/** The client registry: adding a client is one file, one line in contract/catalog.ts and one line here. */
import { CLIENT_IDS, type ClientId } from '../contract/catalog.ts';
import type { Client, ClientRegistry, LoadedCase } from '../types.ts';
import { V1_ERA_NOTE } from '../era.ts';
import { sdkV1Client } from './sdk-v1.ts';
import { sdkV2NodeClient, sdkV2NodeClientModern } from './sdk-v2-node.ts';
import { sdkV2BrowserClient, sdkV2BrowserClientModern } from './sdk-v2-browser.ts';
import { sdkV1ClientOf } from './sdk-v1.ts';
import { sdkV120ClientOf } from './sdk-v1-20.ts';
import type { V2ClientApi, World } from '../worlds/world.ts';
import { betaClientsOf } from './sdk-v2-beta.ts';

/** Each catalog id's client (a missing, extra or mismatched entry fails the compiler). */
export const CLIENT_REGISTRY: ClientRegistry = {
  'sdk-v1': sdkV1Client,
  'sdk-v2-node': sdkV2NodeClient,
  'sdk-v2-browser': sdkV2BrowserClient,
};

/** The clients in the catalog's (display) order. */
export const CLIENTS: readonly Client[] = CLIENT_IDS.map((id) => CLIENT_REGISTRY[id]);

const byWorld = new WeakMap<object, readonly Client[]>();
const modernV2: Partial<Record<ClientId, Client>> = { 'sdk-v2-node': sdkV2NodeClientModern, 'sdk-v2-browser': sdkV2BrowserClientModern };

/**
 * The clients of a world and era: its v1 client is the world's SDK (1.20.2 validates with its own Ajv 6); in the
 * 2026-07-28 era the v2 clients read the modern wire and SDK 1.x's client says it cannot speak it; the default world's are CLIENTS.
 */
export function clientsOf(world: Pick<World, 'isDefault' | 'v1' | 'v2Client'> | undefined, protocol?: LoadedCase['protocol']): readonly Client[] {
  const clients = clientsOfWorld(world);
  const modern = protocol === '2026-07-28';
  const inEra = modern ? clients.map((c) => modernV2[c.id] ?? (c.id === 'sdk-v1' ? v1InModernEra : c)) : clients;
  if (!world?.v2Client) return inEra;
  // A client world: its own v2 clients, in either era.
  const own = ownV2Clients(world.v2Client, modern);
  return inEra.map((c) => (c.id === 'sdk-v2-node' || c.id === 'sdk-v2-browser' ? own[c.id] : c));
}

const ownV2 = new WeakMap<V2ClientApi, Partial<Record<'legacy' | 'modern', ReturnType<typeof betaClientsOf>>>>();

/** A client world's v2 clients, built once per world and era (their compiled validators stay cached with them). */
function ownV2Clients(api: V2ClientApi, modern: boolean): ReturnType<typeof betaClientsOf> {
  const era = modern ? 'modern' : 'legacy';
  let built = ownV2.get(api);
  if (!built) ownV2.set(api, (built = {}));
  return (built[era] ??= betaClientsOf(api, modern));
}

/** SDK 1.x's client in the 2026-07-28 era: it cannot negotiate it, and says so instead of judging a wire it never sees. */
const v1InModernEra: Client<'sdk-v1'> = { id: 'sdk-v1', dialect: 'ignored', verify: () => ({ valid: null, message: V1_ERA_NOTE.client }) };

function clientsOfWorld(world: Pick<World, 'isDefault' | 'v1'> | undefined): readonly Client[] {
  if (!world || world.isDefault) return CLIENTS;
  let clients = byWorld.get(world);
  if (!clients) {
    const v1 = world.v1.version === '1.20.2' ? sdkV120ClientOf(world.v1) : sdkV1ClientOf(world.v1);
    clients = CLIENTS.map((c) => (c.id === 'sdk-v1' ? v1 : c));
    byWorld.set(world, clients);
  }
  return clients;
}
