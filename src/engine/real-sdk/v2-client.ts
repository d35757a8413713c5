/**
 * The v2 SDK's client side (`@modelcontextprotocol/client`): the Client, its two validator providers, and the pinned
 * @cfworker/json-schema that reads the browser provider's errors (clients/validator-errors.ts). The client realm
 * (src/sandbox/clientRealm.ts) bundles only this half of the v2 chunk (vite-plugins/engineBundle.ts).
 */
export { Client } from '@modelcontextprotocol/client';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
export { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
export { Validator as CfWorkerValidator } from '@cfworker/json-schema';
