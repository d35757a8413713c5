/** A world's SDK 1.32.2 client side (no server): the worlds' client realm imports it as `./entry-v1-132-client.ts?world=<zod package>`. */
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { CallToolResultSchema, ListToolsResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
