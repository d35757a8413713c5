/** What the converters and policies that walk zod 4's internals say of a zod 3 schema: they cannot run, and why. */
import { CONVERTER_ENTRIES, POLICY_ENTRIES, titleOf, type ConverterId, type PolicyId } from '../contract/catalog.ts';

/** The listError of a converter that needs `z.toJSONSchema` (zod 4), for a zod 3 schema. */
export function converterNeedsZod4(id: ConverterId, zodVersion: string): string {
  return `${titleOf(CONVERTER_ENTRIES, id)} needs a zod 4 schema: this is a zod 3 schema (zod ${zodVersion}), and zod 3 has no z.toJSONSchema. It runs with a schema from "zod/v4".`;
}

/** The refusal of a policy that walks zod 4's internals, for a zod 3 schema. */
export function policyNeedsZod4(id: PolicyId, zodVersion: string): string {
  return `The ${titleOf(POLICY_ENTRIES, id)} policy needs a zod 4 schema: it reads zod 4's internals, and this is a zod 3 schema (zod ${zodVersion}). It runs with a schema from "zod/v4".`;
}
