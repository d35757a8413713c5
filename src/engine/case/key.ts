/** The case's one normal form, and the keys cases are compared on (equality, the realm a worker runs it in, the digest). */
import { DEFAULT_ANSWER_FORM, DEFAULT_PROTOCOL, DEFAULT_VERSIONS, type AnswerForm, type Protocol, type Versions } from '../contract/versions.ts';
import { CASE_FIELDS, type EngineCase, type PlaygroundCase } from './fields.ts';
import { ENGINE_FIELDS, VERSION_KEYS } from './names.ts';

/**
 * The defaults of the fields a case leaves out when they hold them: every case made before such a field existed has
 * none, and a case of the default world is the same object, link and draft as then.
 */
export const CASE_DEFAULTS = { versions: DEFAULT_VERSIONS, answerForm: DEFAULT_ANSWER_FORM, protocol: DEFAULT_PROTOCOL } as const;

/** The fields of a playground case, in the order a link writes them (`v` aside). */
const LINK_FIELDS = Object.keys(CASE_FIELDS).filter((k) => k !== 'v') as Array<keyof PlaygroundCase>;

/** The fields the schema makes optional: a normal case leaves each out when it is absent or its default. */
const OPTIONAL = new Set(LINK_FIELDS.filter((k) => CASE_FIELDS[k]._zod.optin === 'optional'));

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

/** What the case's answer text is (the default when it names none). */
export function answerFormOf(c: { answerForm?: AnswerForm | undefined }): AnswerForm {
  return c.answerForm ?? DEFAULT_ANSWER_FORM;
}

/** The protocol era the case runs (the default when it names none). */
export function protocolOf(c: { protocol?: Protocol | undefined }): Protocol {
  return c.protocol ?? DEFAULT_PROTOCOL;
}

/** True when two version sets name the same versions. */
export function sameVersions(a: Versions, b: Versions): boolean {
  return VERSION_KEYS.every((k) => a[k] === b[k]);
}

/** A field's value as a case compares it: the versions filled in and as one string, a choice's default when absent. */
function valueOf(c: Partial<PlaygroundCase>, key: keyof PlaygroundCase): unknown {
  if (key === 'versions') return VERSION_KEYS.map((k) => caseVersions(c)[k]).join(' ');
  const value = c[key];
  return value === undefined && key in CASE_DEFAULTS ? CASE_DEFAULTS[key as keyof typeof CASE_DEFAULTS] : value;
}

/** True when the field holds its default (or nothing): a normal case leaves it out. */
function isDefault(c: Partial<PlaygroundCase>, key: keyof PlaygroundCase): boolean {
  if (c[key] === undefined) return true;
  if (!(key in CASE_DEFAULTS)) return false;
  return key === 'versions' ? sameVersions(caseVersions(c), DEFAULT_VERSIONS) : c[key] === CASE_DEFAULTS[key as keyof typeof CASE_DEFAULTS];
}

/**
 * The case's normal form: only its fields (a state or a message may carry more), each choice absent when it is the
 * default, the versions whole when named (the case's own object when it is already so).
 */
export function normalizeCase(c: PlaygroundCase): PlaygroundCase {
  const out: Record<string, unknown> = {};
  for (const key of LINK_FIELDS) {
    if (!OPTIONAL.has(key) || !isDefault(c, key)) out[key] = key === 'versions' ? caseVersions(c) : c[key];
  }
  return out as unknown as PlaygroundCase;
}

/** The case with every field present (what the store holds): each choice filled in with its default when absent. */
export function filledCase(c: PlaygroundCase): PlaygroundCase & Required<Pick<PlaygroundCase, keyof typeof CASE_DEFAULTS>> {
  const out: Record<string, unknown> = {};
  for (const key of LINK_FIELDS) out[key] = key === 'versions' ? caseVersions(c) : valueOf(c, key);
  return out as unknown as PlaygroundCase & Required<Pick<PlaygroundCase, keyof typeof CASE_DEFAULTS>>;
}

/** The case as the engine reads it: `v: 1` and the engine's fields (the UI's choices do not change the Report), the defaults left out. */
export function engineCaseOf(c: PlaygroundCase): EngineCase {
  const normal = normalizeCase(c) as unknown as Record<string, unknown>;
  return Object.fromEntries([['v', 1], ...ENGINE_FIELDS.filter((key) => key in normal).map((key) => [key, normal[key]])]) as EngineCase;
}

/** Which part of a case a comparison is about: what the engine reads, or everything a link carries. */
export type CasePart = 'engine' | 'link';

/** The values a comparison of cases is made on, in a fixed order, with the defaults filled in. */
export function caseKey(c: PlaygroundCase, part: CasePart = 'link'): unknown[] {
  return (part === 'engine' ? ENGINE_FIELDS : LINK_FIELDS).map((key) => valueOf(c, key));
}

/** True when two cases hold the same `part` (a choice left out equals its default). */
export function sameCase(a: PlaygroundCase, b: PlaygroundCase, part: CasePart = 'link'): boolean {
  const ka = caseKey(a, part);
  const kb = caseKey(b, part);
  return ka.every((value, i) => value === kb[i]);
}
