/** A world's SDK 1.20.2 client side (no server): the worlds' client realm imports it as `./entry-v1-120-client.ts?world=zod3`. */
export { Client } from 'mcp-sdk-1.20/client/index.js';
export { CallToolResultSchema, ListToolsResultSchema, ErrorCode, McpError } from 'mcp-sdk-1.20/types.js';
