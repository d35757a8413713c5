/** The v2 SDK's classes a session uses, behind one chunk (chunks.ts): the server, client and transport packages. */
export { McpServer, InMemoryTransport } from '@modelcontextprotocol/server';
export { Client } from '@modelcontextprotocol/client';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
