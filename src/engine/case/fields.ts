/** The case's fields, once (zod/mini), and the schemas and types derived from them (engine/case.ts is the module's entry). */
import * as z from 'zod/mini';
import { VERSION_KEYS } from './names.ts';
import { CLIENT_IDS, CONVERTER_IDS, ROLES } from '../contract/catalog.ts';
import {
  ANSWER_FORM_IDS,
  PROTOCOL_IDS,
  SDK_VERSION_IDS,
  SERVER_VERSION_IDS,
  ZOD_VERSION_IDS,
  type AnswerForm,
  type Protocol,
  type Versions,
} from '../contract/versions.ts';

/** The roles a case can play (contract/catalog.ts): the tool's answer against its outputSchema, or call arguments against its inputSchema. */
export { ROLES, type Role } from '../contract/catalog.ts';

/** The tool name used when a case does not give one. */
export const DEFAULT_TOOL = 'my_tool';

/** An optional id picked from `ids`; an unknown one is refused with the list of those available ("Unknown zod version …"). */
function oneOf<T extends string>(what: string, ids: readonly [T, ...T[]]) {
  return z.optional(z.enum(ids, { error: (i) => `Unknown ${what} ${shown(i.input)}: available ${ids.join(', ')}` }));
}

/** The versions a case names; each left out is the default. */
const VERSION_FIELDS = { zod: oneOf('zod version', ZOD_VERSION_IDS), sdk: oneOf('sdk version', SDK_VERSION_IDS), server: oneOf('server version', SERVER_VERSION_IDS) };

/**
 * Every field of a case, once: what a link, a draft and an embed message carry (absolute values, never diffs against
 * defaults), and what the engine and the CLI read. `converter` and `client` are the UI's choices (the engine ignores them).
 */
export const CASE_FIELDS = {
  v: z.literal(1),
  role: z.enum(ROLES),
  tool: z.string(),
  /** TypeScript source that defines a zod schema. */
  schema: z.string(),
  /** JSON text: the tool's answer (output role) or the call's arguments (input role). */
  answer: z.string(),
  converter: z.enum(CONVERTER_IDS),
  client: z.enum(CLIENT_IDS),
  /** The versions to run (contract/versions.ts); absent: the defaults, as before versions existed. */
  versions: z.optional(z.strictObject(VERSION_FIELDS)),
  /** What the answer text is (output role): the structuredContent (the default) or the whole CallToolResult. */
  answerForm: oneOf('answer form', ANSWER_FORM_IDS),
  /** The protocol era the v2 client negotiates (contract/versions.ts); absent: 2025-11-25, as before eras existed. */
  protocol: oneOf('protocol', PROTOCOL_IDS),
  /**
   * When the schema source registers several tools: the name of the one the case takes (absent, or a name not
   * registered: the first). The case's `tool`, when not set (absent, empty or `my_tool`), becomes the taken tool's name.
   */
  registered: z.optional(z.string()),
};

/** The case as a link, a draft or an embed message holds it; keys it does not know are ignored. */
export const PlaygroundCaseSchema = z.looseObject(CASE_FIELDS);

/**
 * A case, version 1, as the engine and the CLI read it: the same fields without the UI's choices (extra keys such as
 * `converter` and `client` are allowed and ignored), `role` defaulting to output, `tool` trimmed (empty: my_tool),
 * unknown version keys ignored and `registered` at most 128 characters, as the engine has always read them.
 */
export const CaseSchema = z.looseObject({
  ...engineFields(CASE_FIELDS),
  role: z._default(CASE_FIELDS.role, 'output'),
  tool: z._default(z.pipe(z.string().check(z.trim(), z.maxLength(128)), z.transform((s: string) => s || DEFAULT_TOOL)), DEFAULT_TOOL),
  versions: z.optional(z.object(VERSION_FIELDS)),
  registered: z.optional(z.string().check(z.maxLength(128))),
});

/** The fields without the UI's choices. */
function engineFields<T extends { converter: unknown; client: unknown }>(fields: T): Omit<T, 'converter' | 'client'> {
  const { converter: _converter, client: _client, ...rest } = fields;
  return rest;
}

/** A case as written (defaults not applied). */
export type CaseInput = z.input<typeof CaseSchema>;
/** A case with defaults applied. */
export type Case = z.output<typeof CaseSchema>;

type Fields = z.output<z.ZodMiniObject<typeof CASE_FIELDS, z.core.$strip>>;
type Choices = 'versions' | 'answerForm' | 'protocol' | 'registered';

/** The case the playground edits, links and saves: the fields without `v`, the versions whole when named. */
export type PlaygroundCase = Omit<Fields, 'v' | Choices> & { versions?: Versions; answerForm?: AnswerForm; protocol?: Protocol; registered?: string | undefined };

/** The case as the engine reads it (`v: 1`, no UI choices, each choice present only when not the default). */
export type EngineCase = CaseInput & Pick<PlaygroundCase, 'versions' | 'answerForm' | 'protocol' | 'registered'>;

/** Renders a rejected value in a sentence; never throws (a bigint, a cycle). */
export function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

