/** The client registry: adding a client is one file, one line in contract/catalog.ts and one line here. */
import { CLIENT_IDS } from '../contract/catalog.ts';
import type { Client, ClientRegistry } from '../types.ts';
import { sdkV1Client } from './sdk-v1.ts';
import { sdkV2NodeClient } from './sdk-v2-node.ts';
import { sdkV2BrowserClient } from './sdk-v2-browser.ts';

/** Each catalog id's client (a missing, extra or mismatched entry fails the compiler). */
export const CLIENT_REGISTRY: ClientRegistry = {
  'sdk-v1': sdkV1Client,
  'sdk-v2-node': sdkV2NodeClient,
  'sdk-v2-browser': sdkV2BrowserClient,
};

/** The clients in the catalog's (display) order. */
export const CLIENTS: readonly Client[] = CLIENT_IDS.map((id) => CLIENT_REGISTRY[id]);
