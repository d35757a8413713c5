/** The client registry: adding a client is one file plus one line here. Order is display order. */
import type { Client } from '../types.ts';
import { sdkV1Client } from './sdk-v1.ts';
import { sdkV2NodeClient } from './sdk-v2-node.ts';
import { sdkV2BrowserClient } from './sdk-v2-browser.ts';

export const CLIENTS: readonly Client[] = [sdkV1Client, sdkV2NodeClient, sdkV2BrowserClient];
