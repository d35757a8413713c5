/** A world's @modelcontextprotocol/server + client 2.4.0: imported only as `./entry-v2.ts?world=<zod package>`. */
export { McpServer, InMemoryTransport } from '@modelcontextprotocol/server';
export { Client } from '@modelcontextprotocol/client';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
