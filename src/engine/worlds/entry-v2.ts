/** A world's @modelcontextprotocol/server + client 2.4.0: imported only as `./entry-v2.ts?world=<zod package>`. */
export { McpServer, InMemoryTransport } from '@modelcontextprotocol/server';
// The era-deciding entry (engine/era.ts): given a transport it never touches `process`.
export { serveStdio } from '@modelcontextprotocol/server/stdio';
export { Client } from '@modelcontextprotocol/client';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
