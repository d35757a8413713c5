/**
 * Checked by tsc, not run: the registries are typed against the catalog, so a registry missing an id, holding one the
 * catalog lacks, or filing an object under another id does not compile. Each line below must stay an error.
 */
import { CLIENT_REGISTRY } from '../src/engine/clients/index.ts';
import { CONVERTER_REGISTRY } from '../src/engine/converters/index.ts';
import { POLICY_REGISTRY } from '../src/engine/policies/index.ts';
import type { ClientRegistry, ConverterRegistry, PolicyRegistry } from '../src/engine/types.ts';

const { 'lenient-output': _lenient, ...withoutLenient } = CONVERTER_REGISTRY;
// @ts-expect-error a converter registry without 'lenient-output'
export const missing: ConverterRegistry = withoutLenient;
// @ts-expect-error 'sdk-v3' is not in the catalog
export const extra: ClientRegistry = { ...CLIENT_REGISTRY, 'sdk-v3': CLIENT_REGISTRY['sdk-v1'] };
// @ts-expect-error the raw policy filed under 'strip'
export const misfiled: PolicyRegistry = { ...POLICY_REGISTRY, strip: POLICY_REGISTRY.raw };
