/**
 * The case, in one module. One zod/mini schema, `CaseSchema`, is what a link, a draft, an embed message, a case file
 * and the engine accept; `Case` is its type. `fillCase` gives the filled case (`FilledCase`: every default applied),
 * what the store holds and the engine runs. `normalizeCase` is a case's one normal form (what a link writes), and
 * `sameCase` compares cases on one key: the named fields, defaults filled in. zod/mini is what the page loads already,
 * for the Report contract. case/names.ts and case/wire.ts beside it are the zod-free keys the sandbox frame computes.
 * Adding a field is one line in `CASE_FIELDS` (and, when the engine reads it, one in `ENGINE_FIELDS`) plus what reads
 * it: docs/architecture.md, "Adding a case field".
 */
import * as z from 'zod/mini';
import { ENGINE_FIELDS, VERSION_KEYS } from './case/names.ts';
import { CLIENT_IDS, CONVERTER_IDS, ROLES } from './contract/catalog.ts';
import {
  ANSWER_FORM_IDS,
  DEFAULT_ANSWER_FORM,
  DEFAULT_PROTOCOL,
  DEFAULT_VERSIONS,
  PROTOCOL_IDS,
  SDK_VERSION_IDS,
  SERVER_VERSION_IDS,
  ZOD_VERSION_IDS,
  type Versions,
} from './contract/versions.ts';

/** The tool name used when a case does not give one. */
export const DEFAULT_TOOL = 'my_tool';

/** The longest tool name the SDKs accept (engine/tool-name.ts), and so the longest `tool` and `registered`. */
const MAX_TOOL_CHARS = 128;

/** An optional id picked from `ids`; an unknown one is refused with the list of those available ("Unknown zod version …"). */
function oneOf<T extends string>(what: string, ids: readonly [T, ...T[]]) {
  return z.optional(z.enum(ids, { error: (i) => `Unknown ${what} ${shown(i.input)}: available ${ids.join(', ')}` }));
}

/** The versions a case names; each left out is the default. */
const VERSION_FIELDS = { zod: oneOf('zod version', ZOD_VERSION_IDS), sdk: oneOf('sdk version', SDK_VERSION_IDS), server: oneOf('server version', SERVER_VERSION_IDS) };

/**
 * Every field of a case, once, in the order a link writes them: absolute values, never diffs against defaults. A field
 * left out holds its default (`CASE_DEFAULTS`). `converter` and `client` are the UI's choices (the engine ignores them).
 */
export const CASE_FIELDS = {
  /** The format's version: read from a link, a message or a file, never kept in a case. */
  v: z.literal(1),
  role: z.optional(z.enum(ROLES)),
  /** The tool's name; the engine trims it, and runs an empty one as my_tool. */
  tool: z.optional(z.string().check(z.maxLength(MAX_TOOL_CHARS))),
  /** TypeScript source that defines a zod schema. */
  schema: z.string(),
  /** JSON text: the tool's answer (output role) or the call's arguments (input role). */
  answer: z.string(),
  converter: z.optional(z.enum(CONVERTER_IDS)),
  client: z.optional(z.enum(CLIENT_IDS)),
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
  registered: z.optional(z.string().check(z.maxLength(MAX_TOOL_CHARS))),
};

/** The case: what a link, a draft, an embed message, a case file and the engine accept. Keys it does not know are ignored. */
export const CaseSchema = z.looseObject(CASE_FIELDS);

/** A case (`v`, the format's version, is given only where it is read: links, messages, files, the engine's input). */
export type Case = Omit<z.output<z.ZodMiniObject<typeof CASE_FIELDS, z.core.$strip>>, 'v'> & { v?: 1 };

/** A field of a case (`v` aside). */
export type CaseField = Exclude<keyof typeof CASE_FIELDS, 'v'>;

/** What a case means by each field it leaves out (`registered` has none: the first registered tool). */
export const CASE_DEFAULTS = {
  role: 'output',
  tool: DEFAULT_TOOL,
  converter: 'mcp-sdk-v1',
  client: 'sdk-v1',
  versions: DEFAULT_VERSIONS,
  answerForm: DEFAULT_ANSWER_FORM,
  protocol: DEFAULT_PROTOCOL,
} as const satisfies { [K in CaseField]?: NonNullable<Case[K]> };

/** The filled case: every field present, the versions whole (`fillCase`). What the store holds and the engine runs. */
export type FilledCase = Omit<Case, 'v' | keyof typeof CASE_DEFAULTS> & { [K in keyof typeof CASE_DEFAULTS]: K extends 'versions' ? Versions : NonNullable<Case[K]> };

/** The fields of a case, in the order a link writes them (`v` aside). */
export const CASE_KEYS = Object.keys(CASE_FIELDS).filter((k) => k !== 'v') as CaseField[];

/** The fields every link has written since the first: a normal case holds each; it leaves out any other that is absent or its default. */
const ALWAYS_WRITTEN: ReadonlySet<CaseField> = new Set(['role', 'tool', 'schema', 'answer', 'converter', 'client']);

/**
 * The versions a case runs: each one it leaves out is the default. The case's own object when it holds exactly the three
 * versions (a selector compares it by identity: a new object on every call would loop a render).
 */
export function caseVersions(c: { versions?: { [K in keyof Versions]?: Versions[K] | undefined } | undefined }): Versions {
  const v = c.versions;
  if (v === undefined) return DEFAULT_VERSIONS;
  if (Object.keys(v).length === VERSION_KEYS.length && VERSION_KEYS.every((k) => v[k] !== undefined)) return v as Versions;
  return { zod: v.zod ?? DEFAULT_VERSIONS.zod, sdk: v.sdk ?? DEFAULT_VERSIONS.sdk, server: v.server ?? DEFAULT_VERSIONS.server };
}

/** True when two version sets name the same versions. */
export function sameVersions(a: Versions, b: Versions): boolean {
  return VERSION_KEYS.every((k) => a[k] === b[k]);
}

/** A field's value with its default filled in (the versions whole). */
function filled(c: Partial<Case>, key: CaseField): unknown {
  if (key === 'versions') return caseVersions(c);
  const value = c[key];
  return value === undefined && key in CASE_DEFAULTS ? CASE_DEFAULTS[key as keyof typeof CASE_DEFAULTS] : value;
}

/** True when the field holds its default (or nothing). */
function isDefault(c: Partial<Case>, key: CaseField): boolean {
  if (c[key] === undefined) return true;
  if (!(key in CASE_DEFAULTS)) return false;
  return key === 'versions' ? sameVersions(caseVersions(c), DEFAULT_VERSIONS) : c[key] === CASE_DEFAULTS[key as keyof typeof CASE_DEFAULTS];
}

/**
 * The filled case: only the case's fields (a state or a message may carry more), every one present (`registered`
 * undefined when not set, so a store given the case drops the previous one's), each left out holding its default.
 */
export function fillCase(c: Case): FilledCase {
  const out: Record<string, unknown> = {};
  for (const key of CASE_KEYS) out[key] = filled(c, key);
  return out as FilledCase;
}

/**
 * The case's one normal form (what a link writes and a draft holds): only its fields, those every link
 * writes filled in, any other absent when it is its default, the versions whole when named (the case's own object when
 * it is already so).
 */
export function normalizeCase(c: Case): Case & Pick<FilledCase, 'role' | 'tool' | 'converter' | 'client'> {
  const out: Record<string, unknown> = {};
  for (const key of CASE_KEYS) if (ALWAYS_WRITTEN.has(key) || !isDefault(c, key)) out[key] = filled(c, key);
  return out as Case & Pick<FilledCase, 'role' | 'tool' | 'converter' | 'client'>;
}

/**
 * True when two cases are the same on `fields` (all of them unless named; the engine's comparisons name
 * `ENGINE_FIELDS`), each field compared with its default filled in, so a choice left out equals its default.
 */
export function sameCase(a: Case, b: Case, fields: readonly CaseField[] = CASE_KEYS): boolean {
  return fields.every((key) => (key === 'versions' ? sameVersions(caseVersions(a), caseVersions(b)) : filled(a, key) === filled(b, key)));
}

/**
 * The case as a case file holds it and the engine reads it: `v: 1` and the engine's fields (`ENGINE_FIELDS`: the UI's
 * choices do not change the Report) of the normal form.
 */
export function engineCaseOf(c: Case): Case {
  const normal = normalizeCase(c);
  return Object.fromEntries([['v', 1], ...ENGINE_FIELDS.filter((key) => key in normal).map((key) => [key, normal[key]])]) as Case;
}

/** The case, or the sentence saying which field is wrong ("\"versions.zod\" \"5.0.0\" is not a version …"). */
export type CaseCheck = { ok: true; state: Case } | { ok: false; error: string };

/**
 * The one check of a case from outside (a link's JSON, a draft, an embed message): the case schema's first issue, said
 * as a sentence naming the field (`"role" must be one of output, input`), and the case in its normal form. Never throws.
 */
export function checkCase(json: unknown): CaseCheck {
  const parsed = CaseSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) return { ok: false, error: sentence(firstIssue(parsed.error.issues)) };
  return { ok: true, state: normalizeCase(parsed.data as Case) };
}

/** The issue a reader fixes first: fields in their order, and in `versions` an unknown key before a wrong id. */
function firstIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  const first = issues[0] as z.core.$ZodIssue;
  if (first.path[0] !== 'versions') return first;
  return issues.find((i) => i.path[0] === 'versions' && i.code === 'unrecognized_keys') ?? first;
}

function sentence(issue: z.core.$ZodIssue): string {
  const name = issue.path.join('.');
  if (name === '') return 'it is not an object';
  if (name === 'v') return '"v" must be 1';
  if (issue.code === 'unrecognized_keys') return `"${name}" has no "${issue.keys[0] ?? ''}" (it names ${VERSION_KEYS.join(', ')})`;
  if (name === 'versions') return `"versions" must be an object { ${VERSION_KEYS.map((k) => `${k}?`).join(', ')} }`;
  if (issue.code === 'invalid_value') {
    const ids = issue.values.join(', ');
    return issue.path[0] === 'versions' ? `"${name}" ${shown(issue.input)} is not a version this playground has (it has ${ids})` : `"${name}" must be one of ${ids}`;
  }
  if (issue.code === 'too_big') return `"${name}" must be at most ${String(issue.maximum)} characters`;
  return issue.code === 'invalid_type' ? `"${name}" must be a ${issue.expected}` : `"${name}" is not valid here`;
}

/** Renders a rejected value in a sentence; never throws (a bigint, a cycle). */
function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
