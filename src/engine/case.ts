import { z } from 'zod';
import { ROLES } from './contract/catalog.ts';
import { ANSWER_FORM_IDS, PROTOCOL_IDS, SDK_VERSION_IDS, SERVER_VERSION_IDS, ZOD_VERSION_IDS } from './contract/versions.ts';

/** The roles a case can play (contract/catalog.ts): the tool's answer against its outputSchema, or call arguments against its inputSchema. */
export { ROLES, type Role } from './contract/catalog.ts';

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
  /** The versions to run (contract/versions.ts); each left out is the default. Absent: the defaults, as before versions existed. */
  versions: z.optional(
    z.object({ zod: versionOf('zod', ZOD_VERSION_IDS), sdk: versionOf('sdk', SDK_VERSION_IDS), server: versionOf('server', SERVER_VERSION_IDS) }),
  ),
  /**
   * When the schema source registers several tools: the name of the one the case takes (absent, or a name not
   * registered: the first). The case's `tool`, when not set (absent, empty or `my_tool`), becomes the taken tool's name.
   */
  registered: z.optional(z.string().max(128)),
  /** What the answer text is (output role): the structuredContent (the default) or the whole CallToolResult. */
  answerForm: z.optional(z.enum(ANSWER_FORM_IDS, { error: (i) => `Unknown answer form ${JSON.stringify(i.input)}: available ${ANSWER_FORM_IDS.join(', ')}` })),
  /** The protocol era the v2 client negotiates (contract/versions.ts); absent: 2025-11-25, as before eras existed. */
  protocol: z.optional(z.enum(PROTOCOL_IDS, { error: (i) => `Unknown protocol ${JSON.stringify(i.input)}: available ${PROTOCOL_IDS.join(', ')}` })),
});

/** An optional version picked from `ids`; an unknown one is refused with the list of those available. */
function versionOf<T extends string>(what: string, ids: readonly [T, ...T[]]) {
  return z.optional(z.enum(ids, { error: (i) => `Unknown ${what} version ${JSON.stringify(i.input)}: available ${ids.join(', ')}` }));
}

/** A case as written (defaults not applied). */
export type CaseInput = z.input<typeof CaseSchema>;
/** A case with defaults applied. */
export type Case = z.output<typeof CaseSchema>;
