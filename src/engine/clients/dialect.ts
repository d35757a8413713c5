/**
 * When parts of a listing cannot change a client's verdict, so evaluate() may share verdicts between listings that
 * differ only there: the root `$schema` (e.g. the v1 SDK's draft-07 listing and zod's 2020-12 one) and an
 * `additionalProperties` that allows everything (lenient-output's `true` against an opened listing's nothing).
 *
 * The v2 providers pick their engine by `$schema` (Ajv2020 or the draft-07 Ajv class; @cfworker/json-schema draft
 * '2020-12' or '7'). Both engines of a provider implement the core keywords below with the same code and the same
 * messages; in @cfworker/json-schema the draft only changes `$ref` (draft 7 ignores its siblings) and draft-04 bounds.
 * So a listing made of these keywords alone, declaring 2020-12, draft-07, draft-06 or nothing, gets one verdict.
 * Without `unevaluatedProperties` (not a core keyword) `additionalProperties: true` or `{}` validates nothing and
 * reports nothing in Ajv and @cfworker/json-schema alike. test/clients.test.ts asks the real clients.
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

/**
 * The text of a core listing with what cannot change a verdict left out: every `additionalProperties` that allows
 * everything, and (when `dropDialect`) the root `$schema`. Root keywords are sorted (neither engine reads them in
 * document order); nested ones keep theirs, since `properties` order decides the order of errors.
 */
export function coreKey(listed: JsonSchema, dropDialect: boolean): string {
  if (typeof listed !== 'object') return String(listed);
  const copy = (node: Json): Json => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(node)) {
      const value = node[key] as Json;
      if (key === 'additionalProperties' && allowsAll(value)) continue;
      if (ONE.includes(key)) out[key] = copy(value);
      else if (LIST.includes(key)) out[key] = (value as Json[]).map(copy);
      else if (MAP.includes(key)) out[key] = Object.fromEntries(Object.entries(value as { [k: string]: Json }).map(([k, v]) => [k, copy(v)]));
      else out[key] = value;
    }
    return out;
  };
  const root = copy(listed) as { [key: string]: Json };
  const keys = Object.keys(root).filter((k) => !(dropDialect && k === '$schema'));
  return JSON.stringify(Object.fromEntries(keys.sort().map((k) => [k, root[k] as Json])));
}

function allowsAll(schema: Json): boolean {
  return schema === true || (typeof schema === 'object' && schema !== null && !Array.isArray(schema) && Object.keys(schema).length === 0);
}
