/** A world's @modelcontextprotocol/sdk 1.20.2 (npm alias mcp-sdk-1.20): imported only as `./entry-v1-120.ts?world=<zod package>`. */
export { McpServer } from 'mcp-sdk-1.20/server/mcp.js';
export { Client } from 'mcp-sdk-1.20/client/index.js';
export { InMemoryTransport } from 'mcp-sdk-1.20/inMemory.js';
export { CallToolResultSchema, ListToolsResultSchema, ErrorCode, McpError } from 'mcp-sdk-1.20/types.js';
export { ajvVersion } from './ajv-v1-120.ts';
