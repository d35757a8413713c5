/**
 * What a `#v1.` link holds: the case's fields as JSON `{ v: 1, role, tool, schema, answer, converter, client }`, then
 * `versions` (only the versions that are not the defaults), `answerForm` and `protocol` (only when not the default), so a case of
 * the default world encodes byte for byte as before versions existed; `registered` (the registered tool picked, issue
 * 23) only when set. The shape check every decoder ends in.
 */
import { CLIENT_IDS, CONVERTER_IDS, ROLES } from '../engine/contract/catalog.ts';
import { ANSWER_FORM_IDS, DEFAULT_ANSWER_FORM, DEFAULT_PROTOCOL, DEFAULT_VERSIONS, PROTOCOL_IDS, SDK_VERSION_IDS, SERVER_VERSION_IDS, ZOD_VERSION_IDS, type Versions } from '../engine/contract/versions.ts';
import { answerFormOf, choicesOf, protocolOf, registeredOf, sameVersions, versionsOf, VERSION_KEYS } from './caseChoices.ts';
import type { PlaygroundCase } from './playgroundCase.ts';

/** The version ids each key accepts. */
const VERSION_IDS: { [K in keyof Versions]: readonly string[] } = { zod: ZOD_VERSION_IDS, sdk: SDK_VERSION_IDS, server: SERVER_VERSION_IDS };

/** The link's JSON object for a case (the `v` given). A `versions` that is not an object is written as is, for the check to refuse. */
export function linkObject(state: PlaygroundCase, v: number): Record<string, unknown> {
  const { role, tool, schema, answer, converter, client, versions, answerForm, protocol, registered } = state;
  const out: Record<string, unknown> = { v, role, tool, schema, answer, converter, client };
  if (versions !== undefined) {
    const given = versions as unknown;
    const changed = isRecord(given) ? Object.fromEntries(Object.entries(given).filter(([k, id]) => DEFAULT_VERSIONS[k as keyof Versions] !== id)) : given;
    if (!isRecord(changed) || Object.keys(changed).length > 0) out['versions'] = changed;
  }
  if (answerForm !== undefined && answerForm !== DEFAULT_ANSWER_FORM) out['answerForm'] = answerForm;
  if (protocol !== undefined && protocol !== DEFAULT_PROTOCOL) out['protocol'] = protocol;
  if (registered !== undefined) out['registered'] = registered;
  return out;
}

/** A copy of only the case's fields (a state or a message may carry more), its defaults left out. */
export function copyCase(c: PlaygroundCase): PlaygroundCase {
  const { role, tool, schema, answer, converter, client } = c;
  return { role, tool, schema, answer, converter, client, ...choicesOf(versionsOf(c), answerFormOf(c), protocolOf(c)), ...registeredOf(c) };
}

/** True when two cases hold the same fields (what their links carry). */
export function sameLinkFields(a: PlaygroundCase, b: PlaygroundCase): boolean {
  return (
    a.role === b.role && a.tool === b.tool && a.schema === b.schema && a.answer === b.answer && a.converter === b.converter &&
    a.client === b.client && sameVersions(versionsOf(a), versionsOf(b)) && answerFormOf(a) === answerFormOf(b) &&
    protocolOf(a) === protocolOf(b) && a.registered === b.registered
  );
}

/** Checks a decoded link's JSON: the case, or the sentence saying which field is wrong. */
export function checkShape(json: unknown): { ok: true; state: PlaygroundCase } | { ok: false; error: string } {
  const wrong = (what: string) => ({ ok: false as const, error: `This link's case has the wrong shape: ${what}.` });
  if (!isRecord(json)) return wrong('it is not an object');
  const o = json;
  if (o['v'] !== 1) return wrong(`"v" must be 1`);
  if (!isOneOf(ROLES, o['role'])) return wrong(`"role" must be one of ${ROLES.join(', ')}`);
  for (const key of ['tool', 'schema', 'answer'] as const) {
    if (typeof o[key] !== 'string') return wrong(`"${key}" must be a string`);
  }
  if (!isOneOf(CONVERTER_IDS, o['converter'])) return wrong(`"converter" must be one of ${CONVERTER_IDS.join(', ')}`);
  if (!isOneOf(CLIENT_IDS, o['client'])) return wrong(`"client" must be one of ${CLIENT_IDS.join(', ')}`);
  const versions = checkVersions(o['versions']);
  if (typeof versions === 'string') return wrong(versions);
  if (o['answerForm'] !== undefined && !isOneOf(ANSWER_FORM_IDS, o['answerForm'])) return wrong(`"answerForm" must be one of ${ANSWER_FORM_IDS.join(', ')}`);
  if (o['protocol'] !== undefined && !isOneOf(PROTOCOL_IDS, o['protocol'])) return wrong(`"protocol" must be one of ${PROTOCOL_IDS.join(', ')}`);
  if (o['registered'] !== undefined && typeof o['registered'] !== 'string') return wrong(`"registered" must be a string`);
  const c = o as unknown as PlaygroundCase;
  return { ok: true, state: copyCase({ ...c, versions, answerForm: (o['answerForm'] as PlaygroundCase['answerForm']) ?? DEFAULT_ANSWER_FORM, protocol: (o['protocol'] as PlaygroundCase['protocol']) ?? DEFAULT_PROTOCOL }) };
}

/** The versions a link names (the defaults for those it leaves out), or what is wrong with them. */
function checkVersions(value: unknown): Versions | string {
  if (value === undefined) return DEFAULT_VERSIONS;
  if (!isRecord(value)) return `"versions" must be an object { zod?, sdk?, server? }`;
  const unknownKey = Object.keys(value).find((k) => !(VERSION_KEYS as readonly string[]).includes(k));
  if (unknownKey !== undefined) return `"versions" has no "${unknownKey}" (it names ${VERSION_KEYS.join(', ')})`;
  for (const key of VERSION_KEYS) {
    const id = value[key];
    if (id !== undefined && !VERSION_IDS[key].includes(id as string)) {
      return `"versions.${key}" ${JSON.stringify(id)} is not a version this playground has (it has ${VERSION_IDS[key].join(', ')})`;
    }
  }
  const pick = <K extends keyof Versions>(key: K): Versions[K] => (value[key] as Versions[K] | undefined) ?? DEFAULT_VERSIONS[key];
  return { zod: pick('zod'), sdk: pick('sdk'), server: pick('server') };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
