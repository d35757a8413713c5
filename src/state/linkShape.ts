/**
 * What a `#v1.` link holds: the case's fields as JSON in the case schema's order (engine/case.ts: `{ v: 1, role, tool,
 * schema, answer, converter, client }`, then `versions` with only the versions that are not the defaults,
 * `answerForm` and `protocol` only when not the default, `registered` only when set), so a case of the default world
 * encodes byte for byte as before those fields existed. The check every decoder ends in is the case module's.
 */
import { checkCase, normalizeCase, type Case } from '../engine/case.ts';
import { DEFAULT_VERSIONS, type Versions } from '../engine/contract/versions.ts';

/** The link's JSON object for a case (the `v` given): its normal form, `versions` holding only those not the defaults. */
export function linkObject(state: Case, v: number): Record<string, unknown> {
  const normal = normalizeCase(state);
  const versions = normal.versions && Object.fromEntries(Object.entries(normal.versions).filter(([k, id]) => DEFAULT_VERSIONS[k as keyof Versions] !== id));
  // Spread over the normal form, `versions` keeps its place in the field order.
  return { v, ...normal, ...(versions ? { versions } : {}) };
}

/** Checks a decoded link's JSON: the case, or the sentence saying which field is wrong. */
export function checkShape(json: unknown): { ok: true; state: Case } | { ok: false; error: string } {
  const checked = checkCase(json);
  return checked.ok ? checked : { ok: false, error: `This link's case has the wrong shape: ${checked.error}.` };
}
