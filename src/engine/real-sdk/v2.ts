/**
 * The v2 SDK's classes a session and the v2 clients use, behind one chunk (chunks.ts): the server package with its
 * era-deciding entry, and the client half (v2-client.ts: the client, its two validator providers, @cfworker/json-schema).
 * None of them is needed for a first verdict that is not v2's.
 */
export { McpServer, InMemoryTransport } from '@modelcontextprotocol/server';
// The era-deciding entry (engine/era.ts): given a transport it never touches `process`.
export { serveStdio } from '@modelcontextprotocol/server/stdio';
export * from './v2-client.ts';
