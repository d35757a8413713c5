/**
 * The v2 SDK's classes a session and the v2 clients use, behind one chunk (chunks.ts): the server, client and transport
 * packages, the client's two validator providers, and the pinned @cfworker/json-schema that reads the browser provider's
 * errors (clients/validator-errors.ts). None of them is needed for a first verdict that is not v2's.
 */
export { McpServer, InMemoryTransport } from '@modelcontextprotocol/server';
// The era-deciding entry (engine/era.ts): given a transport it never touches `process`.
export { serveStdio } from '@modelcontextprotocol/server/stdio';
export { Client } from '@modelcontextprotocol/client';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
export { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
export { Validator as CfWorkerValidator } from '@cfworker/json-schema';
