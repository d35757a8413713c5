/** What the converters and policies that walk zod 4's internals say of a zod 3 schema: they cannot run, and why. */
import { CONVERTER_ENTRIES, POLICY_ENTRIES, titleOf, type ConverterId, type PolicyId } from '../contract/catalog.ts';
import { DEFAULT_VERSIONS } from '../contract/versions.ts';
import type { LoadedCase } from '../types.ts';
import { isZod4 } from './zod-kind.ts';

const CONVERTER_NEEDS_ZOD4 = ' needs a zod 4 schema: ';

/** Which zod 3 a loaded schema is (`zod 3.25.76`, or the default package's `zod/v3`), or null for a zod 4 schema (callers tell another library's first: libs/index.ts). */
export function zod3Of(loaded: Pick<LoadedCase, 'schema' | 'world'>): string | null {
  if (isZod4(loaded.schema)) return null;
  return loaded.world ? `zod ${loaded.world.versions.zod}` : `"zod/v3" of zod ${DEFAULT_VERSIONS.zod}`;
}

/** The listError of a converter that needs `z.toJSONSchema` (zod 4), for a zod 3 schema. */
export function converterNeedsZod4(id: ConverterId, zod3: string): string {
  return `${titleOf(CONVERTER_ENTRIES, id)}${CONVERTER_NEEDS_ZOD4}this is a zod 3 schema (${zod3}), and zod 3 has no z.toJSONSchema. It runs with a schema from "zod/v4".`;
}

/** The listError of a converter that reads zod's internals, for another library's Standard Schema (`library`: libs/index.ts describeLibrarySchema). */
export function converterNeedsZod(id: ConverterId, library: string): string {
  return `${titleOf(CONVERTER_ENTRIES, id)}${CONVERTER_NEEDS_ZOD4}it reads zod's internals, and this is ${library}. Of the converters, only ${titleOf(CONVERTER_ENTRIES, 'mcp-sdk-v2')} (@modelcontextprotocol/server 2.x) lists other Standard Schema libraries.`;
}

const POLICY_NEEDS_ZOD4 = ' policy needs a zod 4 schema: ';

/** Whether a converter row's listError says the converter does not apply to this schema (converterNeedsZod4 / converterNeedsZod), not that tools/list failed. */
export function isConverterNeedsZod(id: ConverterId, listError: string | null): boolean {
  return listError !== null && listError.startsWith(`${titleOf(CONVERTER_ENTRIES, id)}${CONVERTER_NEEDS_ZOD4}`);
}

/** The refusal of a policy that walks zod 4's internals, for another library's Standard Schema: it does not run. */
export function policyNeedsZod(id: PolicyId, library: string): string {
  return `The ${titleOf(POLICY_ENTRIES, id)}${POLICY_NEEDS_ZOD4}FrontMCP's policies read zod's internals, and this is ${library}.`;
}

/** The refusal of a policy that walks zod 4's internals, for a zod 3 schema. */
export function policyNeedsZod4(id: PolicyId, zod3: string): string {
  return `The ${titleOf(POLICY_ENTRIES, id)}${POLICY_NEEDS_ZOD4}it reads zod 4's internals, and this is a zod 3 schema (${zod3}). It runs with a schema from "zod/v4".`;
}

/** Whether a policy row's refusal says the policy did not run on this zod 3 schema (`policyNeedsZod4`), not that it refused the answer. */
export function isPolicyNeedsZod4(refused: string | null): boolean {
  return refused !== null && refused.startsWith('The ') && refused.includes(POLICY_NEEDS_ZOD4);
}
