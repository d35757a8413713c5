/**
 * The v2 SDK's chunk (chunks.ts lists it with the others), in a module of its own: the clients reach it without
 * importing chunks.ts, so the client realm's bundle (src/sandbox/clientRealm.ts) holds no loader or transpiler.
 */
import { chunk } from '../chunk.ts';

/**
 * The v2 SDK's server, client and transport (`@modelcontextprotocol/server` and `/client`), with the client's validator
 * providers: the mcp-sdk-v2 converter, both v2 clients and every real v2 run need it.
 */
export const sdkV2 = chunk('sdk-v2', () => import('./v2.ts'));
