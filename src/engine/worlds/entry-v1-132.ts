/** A world's @modelcontextprotocol/sdk 1.32.2: imported only as `./entry-v1-132.ts?world=<zod package>`. */
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
export { CallToolResultSchema, ListToolsResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
export { getParseErrorMessage } from '@modelcontextprotocol/sdk/server/zod-compat.js';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
