/** The v2 client (`@modelcontextprotocol/client` 2.4.0) as it runs in browsers: its default cf-worker provider. */
import type { SchemaDraft } from '@cfworker/json-schema';
import { sdkV2 } from '../real-sdk/v2-chunk.ts';
import type { Client } from '../types.ts';
import { v2Verify } from './sdk-v2-verify.ts';
import { cfworkerErrors } from './validator-errors.ts';

/** The provider's own draft choice and short-circuit (private: test/clients.test.ts pins that verdicts carry errors). */
type Configured = { draft?: SchemaDraft; shortcircuit: boolean; _draftFor(schema: unknown): SchemaDraft };

/** v2 in a browser: `@cfworker/json-schema`, draft by `$schema`, first error only. The provider comes with the v2 chunk. */
export const sdkV2BrowserClient: Client<'sdk-v2-browser'> = { id: 'sdk-v2-browser', dialect: 'core', chunks: [sdkV2], verify: browserVerify(false) };

/** The same client after negotiating 2026-07-28 (engine/era.ts): any outputSchema root, any structuredContent. */
export const sdkV2BrowserClientModern: Client<'sdk-v2-browser'> = { ...sdkV2BrowserClient, verify: browserVerify(true) };

function browserVerify(modern: boolean): Client['verify'] {
  return v2Verify(
    () => new (sdkV2.get().CfWorkerJsonSchemaValidator)(),
    (provider, schema) => {
      const p = provider as unknown as Configured;
      return cfworkerErrors(schema, p.draft ?? p._draftFor(schema), p.shortcircuit);
    },
    modern,
  );
}
