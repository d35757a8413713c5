/**
 * The default v1 SDK's client side (@modelcontextprotocol/sdk 1.32.2): the Client, the result schemas it parses with,
 * its error class and its Ajv provider. The clients and the client realm (src/sandbox/clientRealm.ts) import this, not
 * world.ts, so the client realm's bundle holds no server, no zod module map and no other world.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

export const DEFAULT_V1_CLIENT = { Client, CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError, AjvJsonSchemaValidator };
