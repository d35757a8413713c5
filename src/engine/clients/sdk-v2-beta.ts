/**
 * The v2 clients of a client world (contract/versions.ts `client`: @modelcontextprotocol/client 2.0.0-beta.5): the
 * same checks around the validator as 2.4.0's (sdk-v2-verify.ts), with that package's own providers, whose defaults
 * accept JSON Schema 2020-12 only and refuse any other `$schema` with their own message. The `$schema` decides the
 * verdict, so no verdict is shared between listings that differ in it (no `dialect`).
 */
import type { ClientId } from '../contract/catalog.ts';
import type { Client } from '../types.ts';
import type { V2ClientApi } from '../worlds/world.ts';
import { v2Verify } from './sdk-v2-verify.ts';
import { ajvErrors, cfworkerErrors, type AjvEngine } from './validator-errors.ts';

type SchemaDraft = Parameters<typeof cfworkerErrors>[1];
/** What the providers keep: the Ajv 2020 engine (created on first use), the forced draft and short-circuit. */
type AjvProvider = { ajv: AjvEngine };
type CfWorkerProvider = { draft?: SchemaDraft; shortcircuit: boolean };

type V2ClientId = Extract<ClientId, 'sdk-v2-node' | 'sdk-v2-browser'>;

/** The world's sdk-v2-node (its Ajv provider, Node's default) and sdk-v2-browser (its cf-worker provider), in the 2025 era or pinned to 2026-07-28. */
export function betaClientsOf(api: V2ClientApi, modern: boolean): Record<V2ClientId, Client> {
  const node = v2Verify(
    () => new (api.AjvJsonSchemaValidator as new () => object)() as { getValidator(schema: never): never },
    (provider, schema) => ajvErrors((provider as unknown as AjvProvider).ajv, schema),
    modern,
  );
  const browser = v2Verify(
    () => new (api.CfWorkerJsonSchemaValidator as new () => object)() as { getValidator(schema: never): never },
    (provider, schema) => {
      const p = provider as unknown as CfWorkerProvider;
      return cfworkerErrors(schema, p.draft ?? '2020-12', p.shortcircuit);
    },
    modern,
  );
  return { 'sdk-v2-node': { id: 'sdk-v2-node', verify: node }, 'sdk-v2-browser': { id: 'sdk-v2-browser', verify: browser } };
}
