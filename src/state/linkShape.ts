/**
 * What a `#v1.` link holds: the case's fields as JSON in the case schema's order (engine/case.ts: `{ v: 1, role, tool,
 * schema, answer, converter, client }`, then `versions` with only the versions that are not the defaults,
 * `answerForm` and `protocol` only when not the default, `registered` only when set), so a case of the default world
 * encodes byte for byte as before those fields existed. The check every decoder ends in is the case module's.
 */
import { CASE_DEFAULTS, CASE_FIELDS, checkCase, type PlaygroundCase } from '../engine/case.ts';
import { DEFAULT_VERSIONS, type Versions } from '../engine/contract/versions.ts';

/** The link's JSON object for a case (the `v` given). A field of the wrong type is written as is, for the check to refuse. */
export function linkObject(state: PlaygroundCase, v: number): Record<string, unknown> {
  const out: Record<string, unknown> = { v };
  for (const key of Object.keys(CASE_FIELDS) as Array<keyof typeof CASE_FIELDS>) {
    if (key === 'v') continue;
    const value: unknown = state[key];
    if (key === 'versions') {
      const changed = isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([k, id]) => DEFAULT_VERSIONS[k as keyof Versions] !== id)) : value;
      if (value !== undefined && (!isRecord(changed) || Object.keys(changed).length > 0)) out[key] = changed;
    } else if (value !== undefined && !(key in CASE_DEFAULTS && CASE_DEFAULTS[key as keyof typeof CASE_DEFAULTS] === value)) {
      out[key] = value;
    }
  }
  return out;
}

/** Checks a decoded link's JSON: the case, or the sentence saying which field is wrong. */
export function checkShape(json: unknown): { ok: true; state: PlaygroundCase } | { ok: false; error: string } {
  const checked = checkCase(json);
  return checked.ok ? checked : { ok: false, error: `This link's case has the wrong shape: ${checked.error}.` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
