/** The v2 client (`@modelcontextprotocol/client` 2.4.0) as it runs in browsers: its default cf-worker provider. */
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import type { Client } from '../types.ts';
import { v2Verify } from './sdk-v2-verify.ts';

/** v2 in a browser: `@cfworker/json-schema`, draft by `$schema`, first error only. */
export const sdkV2BrowserClient: Client<'sdk-v2-browser'> = {
  id: 'sdk-v2-browser',
  dialect: 'core',
  verify: v2Verify(() => new CfWorkerJsonSchemaValidator()),
};
