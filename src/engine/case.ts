import { z } from 'zod';
import { ROLES } from './report.ts';

// The roles live beside the Report contract, which the page imports without pulling classic zod into its first paint.
export { ROLES, type Role } from './report.ts';

/** The tool name used when a case does not give one. */
export const DEFAULT_TOOL = 'my_tool';

/**
 * A case, version 1: what the engine evaluates, what the CLI reads and what a permalink carries.
 * Extra keys (UI choices such as `converter` and `client`) are allowed and ignored by the engine.
 */
export const CaseSchema = z.looseObject({
  v: z.literal(1),
  role: z.enum(ROLES).default('output'),
  tool: z
    .string()
    .trim()
    .max(128)
    .transform((s) => s || DEFAULT_TOOL)
    .default(DEFAULT_TOOL),
  /** TypeScript source that defines a zod schema. */
  schema: z.string(),
  /** JSON text: the tool's answer (output role) or the call's arguments (input role). */
  answer: z.string(),
});

/** A case as written (defaults not applied). */
export type CaseInput = z.input<typeof CaseSchema>;
/** A case with defaults applied. */
export type Case = z.output<typeof CaseSchema>;
