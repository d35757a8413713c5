/** A world's @modelcontextprotocol/client 2.4.0 (no server): the worlds' client realm imports it as `./entry-v2-client.ts?world=<zod package>`. */
export { Client } from '@modelcontextprotocol/client';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
