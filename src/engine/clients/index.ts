/** The client registry: adding a client is one file, one line in contract/catalog.ts and one line here. */
import { CLIENT_IDS, type ClientId } from '../contract/catalog.ts';
import type { Client, ClientRegistry, LoadedCase } from '../types.ts';
import { V1_ERA_NOTE } from '../era.ts';
import { sdkV1Client } from './sdk-v1.ts';
import { sdkV2NodeClient, sdkV2NodeClientModern } from './sdk-v2-node.ts';
import { sdkV2BrowserClient, sdkV2BrowserClientModern } from './sdk-v2-browser.ts';
import { sdkV1ClientOf } from './sdk-v1.ts';
import { sdkV120ClientOf } from './sdk-v1-20.ts';
import type { World } from '../worlds/world.ts';

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
export function clientsOf(world: Pick<World, 'isDefault' | 'v1'> | undefined, protocol?: LoadedCase['protocol']): readonly Client[] {
  const clients = clientsOfWorld(world);
  return protocol === '2026-07-28' ? clients.map((c) => modernV2[c.id] ?? (c.id === 'sdk-v1' ? v1InModernEra : c)) : clients;
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
