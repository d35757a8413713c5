/** The v2 client (`@modelcontextprotocol/client` 2.4.0) as it runs in Node: the Ajv provider, engine chosen by `$schema`. */
import { sdkV2 } from '../real-sdk/v2-chunk.ts';
import type { Client } from '../types.ts';
import { v2Verify } from './sdk-v2-verify.ts';
import { ajvErrors, type AjvEngine } from './validator-errors.ts';

/** The engine the provider picks for a schema (a private method: test/clients.test.ts pins that verdicts carry its errors). */
type Dispatching = { _engineFor(schema: unknown): AjvEngine };

/** v2 in Node: Ajv2020 / Ajv2019 / draft-07 Ajv by `$schema`, other dialects refused. The provider comes with the v2 chunk. */
export const sdkV2NodeClient: Client<'sdk-v2-node'> = { id: 'sdk-v2-node', dialect: 'core', chunks: [sdkV2], verify: nodeVerify(false) };

/** The same client after negotiating 2026-07-28 (engine/era.ts): any outputSchema root, any structuredContent. */
export const sdkV2NodeClientModern: Client<'sdk-v2-node'> = { ...sdkV2NodeClient, verify: nodeVerify(true) };

function nodeVerify(modern: boolean): Client['verify'] {
  return v2Verify(
    () => new (sdkV2.get().AjvJsonSchemaValidator)(),
    (provider, schema) => ajvErrors((provider as unknown as Dispatching)._engineFor(schema), schema),
    modern,
  );
}
