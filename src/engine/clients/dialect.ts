/**
 * When a listing's root `$schema` cannot change a client's verdict, so evaluate() may share verdicts between listings
 * that differ only there (e.g. the v1 SDK's draft-07 listing and zod's 2020-12 one).
 *
 * The v2 providers pick their engine by `$schema` (Ajv2020 or the draft-07 Ajv class; @cfworker/json-schema draft
 * '2020-12' or '7'). Both engines of a provider implement the core keywords below with the same code and the same
 * messages; in @cfworker/json-schema the draft only changes `$ref` (draft 7 ignores its siblings) and draft-04 bounds.
 * So a listing made of these keywords alone, declaring 2020-12, draft-07, draft-06 or nothing, gets one verdict.
 * test/clients.test.ts asks the real clients.
 */
import type { Json, JsonSchema } from '../report.ts';

/** Keywords both engines of each v2 provider treat alike (annotations, validation, and the applicators without `$ref`). */
const CORE_KEYWORDS: ReadonlySet<string> = new Set([
  'title', 'description', 'default', 'examples', '$comment', 'readOnly', 'writeOnly', 'deprecated',
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items', 'anyOf', 'oneOf', 'allOf', 'not',
]);
/** Of those, the keywords whose value is one subschema, a list of them, or a map of names to them. */
const ONE = ['additionalProperties', 'propertyNames', 'items', 'not'];
const LIST = ['anyOf', 'oneOf', 'allOf'];
const MAP = ['properties', 'patternProperties'];

/** The `$schema` values (trailing `#` aside) whose engines agree on the core keywords: 2020-12, draft-07, draft-06. */
const CORE_DIALECTS: ReadonlySet<string> = new Set([
  'https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-07/schema',
  'https://json-schema.org/draft-06/schema', 'http://json-schema.org/draft-06/schema',
]);

/** Whether the listing declares a core dialect (or none) and uses core keywords only, at every level. Iterative. */
export function isCoreListing(listed: JsonSchema): boolean {
  if (typeof listed !== 'object') return true;
  const declared = listed['$schema'];
  if (declared !== undefined && (typeof declared !== 'string' || !CORE_DIALECTS.has(declared.replace(/#$/, '')))) return false;
  const stack: Json[] = [listed];
  let root = true;
  while (stack.length > 0) {
    const node = stack.pop() as Json;
    if (typeof node === 'boolean') continue;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
    for (const key of Object.keys(node)) {
      if (root && key === '$schema') continue;
      if (!CORE_KEYWORDS.has(key)) return false;
      const value = node[key] as Json;
      // A draft-04 boolean bound or a tuple `items` reads differently per draft.
      if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value !== 'number') return false;
      if (ONE.includes(key)) {
        if (Array.isArray(value)) return false;
        stack.push(value);
      } else if (LIST.includes(key)) {
        if (!Array.isArray(value)) return false;
        stack.push(...value);
      } else if (MAP.includes(key)) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        stack.push(...Object.values(value));
      }
    }
    root = false;
  }
  return true;
}
