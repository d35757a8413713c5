/** Which zod a schema object comes from, read off the object (no zod import). */

/** Whether a schema is a zod 4 schema (zod 4 classic and mini, and zod 3.25's `zod/v4`, all carry `_zod`). */
export function isZod4(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}
