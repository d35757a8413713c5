/**
 * The client world of @modelcontextprotocol/client 2.0.0-beta.5 (installed as `mcp-client-2-beta5`; no server): its
 * Client for the real run and its two validator providers for the clients' checks. It imports zod of its own (not
 * tagged: the client's zod is never the schema's).
 */
export { Client } from 'mcp-client-2-beta5';
export { AjvJsonSchemaValidator } from 'mcp-client-2-beta5/validators/ajv';
export { CfWorkerJsonSchemaValidator } from 'mcp-client-2-beta5/validators/cf-worker';
