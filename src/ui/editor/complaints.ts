/**
 * A verdict's structured errors as (JSON pointer, complaint) pairs the answer editor can underline. Client-neutral:
 * it reads keywords and params (Ajv's `{ additionalProperty }`), never a client's wording.
 */
import type { VerdictError } from '../../engine/report.ts';

/** One thing a validator said about one place in the value. */
export interface Complaint {
  /** JSON pointer segments into the shipped value, e.g. ['lines', '0']. */
  pointer: string[];
  text: string;
  keyword: string;
  /** The key a validator refused (an extra property), when it refused a key rather than a value. */
  property?: string;
  /** The required key the object at `pointer` lacks (Ajv's `missingProperty`), when that is the complaint. */
  missing?: string;
}

/** Keywords whose error refuses a key of the object it sits on. */
const KEY_KEYWORDS: ReadonlySet<string> = new Set(['additionalProperties', 'unevaluatedProperties']);
/**
 * Keywords that apply subschemas to parts of the value: without params of their own (@cfworker/json-schema's chain
 * from the root down, `Property "lines" does not match schema.`), an error under them with others below it only
 * summarizes those.
 */
const APPLICATORS: ReadonlySet<string> = new Set([
  'properties', 'patternProperties', 'items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'contains',
  'dependentSchemas', '$ref', '$dynamicRef', '$recursiveRef', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else',
]);

/** The complaints worth underlining among a verdict's errors (none when it carries no errors). */
export function complaintsOf(errors: readonly VerdictError[]): Complaint[] {
  const list = errors.map((e, i) => {
    const property = refusedKey(e, errors[i + 1]);
    const missing = e.keyword === 'required' ? e.params['missingProperty'] : undefined;
    const complaint: Complaint = {
      pointer: splitPointer(e.path),
      text: e.message,
      keyword: e.keyword,
      ...(property !== undefined ? { property } : {}),
      ...(typeof missing === 'string' ? { missing } : {}),
    };
    return { complaint, applies: APPLICATORS.has(e.keyword) && Object.keys(e.params).length === 0 };
  });
  return leafComplaints(list);
}

/** JSON pointer segments, unescaped (`~1` is `/`, `~0` is `~`). */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The key an extra-property error refuses: Ajv names it in params; @cfworker/json-schema reports the key's own
 * errors right after it, one level down.
 */
function refusedKey(error: VerdictError, next: VerdictError | undefined): string | undefined {
  const named = error.params['additionalProperty'] ?? error.params['unevaluatedProperty'];
  if (typeof named === 'string') return named;
  if (!KEY_KEYWORDS.has(error.keyword) || !next?.path.startsWith(`${error.path}/`)) return undefined;
  const rest = splitPointer(next.path.slice(error.path.length));
  return rest.length === 1 ? rest[0] : undefined;
}

/**
 * Drops what only repeats another complaint: an error at the very key another one refuses (its detail), and a
 * parameterless applicator's error above other errors (a summary of them).
 */
function leafComplaints(list: ReadonlyArray<{ complaint: Complaint; applies: boolean }>): Complaint[] {
  const key = joinPointer;
  const all = list.map((c) => c.complaint);
  const refused = new Set(all.flatMap((c) => (c.property !== undefined ? [key([...c.pointer, c.property])] : [])));
  return list
    .filter(({ complaint: c, applies }) => {
      if (c.property !== undefined) return true;
      const at = key(c.pointer);
      if (refused.has(at)) return false;
      return !applies || !all.some((o) => o !== c && key(o.pointer).startsWith(`${at}/`));
    })
    .map((c) => c.complaint);
}

/** A complaint's place as its link reads: `/lines/0/margin`, `/giftWrap (missing)` for a required key, `/` for the root. */
export function complaintLabel({ pointer, property, missing }: Complaint): string {
  if (missing !== undefined) return `${joinPointer([...pointer, missing])} (missing)`;
  return joinPointer(property === undefined ? pointer : [...pointer, property]) || '/';
}

/** A JSON pointer from its segments (`/` written `~1`, `~` written `~0`). */
export function joinPointer(segments: readonly string[]): string {
  return segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
