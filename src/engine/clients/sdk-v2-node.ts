/** The v2 client (`@modelcontextprotocol/client` 2.4.0) as it runs in Node: the Ajv provider, engine chosen by `$schema`. */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { Client } from '../types.ts';
import { v2Verify } from './sdk-v2-verify.ts';

/** v2 in Node: Ajv2020 / Ajv2019 / draft-07 Ajv by `$schema`, other dialects refused. */
export const sdkV2NodeClient: Client = {
  id: 'sdk-v2-node',
  title: 'SDK v2 client (Node)',
  summary: '@modelcontextprotocol/client 2.4.0 in Node: AjvJsonSchemaValidator, engine by $schema (none/2020-12, 2019-09, draft-07/06); skips isError results.',
  dialect: 'core',
  verify: v2Verify(() => new AjvJsonSchemaValidator()),
};
