/**
 * The root guard of MCP SDK PR #2556: under `unrepresentable: 'any'` a bare `z.bigint()` root emits `{}`, which the SDK would stamp
 * `type: 'object'` and list as a tool no JSON answer can satisfy. The zod def still says what the root is.
 */
import type { z } from 'zod';
import type { Role } from '../../contract/catalog.ts';
import { defIf, dispatch, isZodNode, type ZodKind, type ZodVisitor } from '../../lib/zod-walk.ts';

/** What a root is when it can never be a JSON object: `type` names it in the message; `loud` roots fail tools/list. */
export interface NonObjectVerdict {
  type: string;
  loud: boolean;
}

/** Types with no JSON form whose values are never objects. */
const UNREPRESENTABLE: ReadonlySet<ZodKind> = new Set(['bigint', 'symbol', 'map', 'set', 'void', 'undefined', 'nan', 'function']);
/** Types that always emit a JSON type other than object. */
const REPRESENTABLE_NON_OBJECT: ReadonlySet<ZodKind> = new Set(['string', 'number', 'boolean', 'null', 'enum', 'template_literal', 'array', 'tuple', 'file', 'never']);

/** The message tools/list fails with for a loud non-object root (MCP SDK PR #2556, `standardSchemaToJsonSchema`). */
export function nonObjectRootMessage(type: string): string {
  return `MCP tool and prompt schemas must describe objects (got a non-object ${type} schema). Wrap your schema in z.object({...}) or equivalent.`;
}

/**
 * The verdict for a root that can never be a JSON object, or undefined when it may be one. A union is non-object when every
 * member is (loud only if no member is representable); an intersection when either side is. `z.date()` is loud for input
 * only: the output listing describes it truthfully as a date-time string.
 */
export function nonObjectVerdict(schema: z.core.$ZodType, io: Role, path: ReadonlySet<z.core.$ZodType> = new Set()): NonObjectVerdict | undefined {
  if (path.has(schema)) return undefined;
  const inner = new Set(path).add(schema);
  return dispatch(schema, VERDICT, (s: unknown) => (isZodNode(s) ? nonObjectVerdict(s, io, inner) : undefined), io);
}

type Next = (schema: unknown) => NonObjectVerdict | undefined;

/** The verdict by kind; every wrapper zod lists as its inner schema (a `z.promise` too) is looked through. */
const VERDICT: ZodVisitor<NonObjectVerdict | undefined, [next: Next, io: Role]> = {
  kinds: {
    pipe: (def, _, next, io) => {
      // The side zod converts for this io; a bare transform there has no verdict, so the other side decides.
      const [primary, secondary] = io === 'output' ? [def.out, def.in] : [def.in, def.out];
      return defIf(primary, 'transform') ? next(secondary) : next(primary);
    },
    union: (def, _, next) => unionVerdict(def.options.map(next)),
    intersection: (def, _, next) => intersectionVerdict(next(def.left), next(def.right)),
    literal: (def) => literalVerdict(def.values),
    date: (_def, _, _next, io) => ({ type: 'date', loud: io === 'input' }),
  },
  wrapper: { walk: 'listing', visit: (inner, _, next) => next(inner) },
  other: (kind) => (REPRESENTABLE_NON_OBJECT.has(kind) ? { type: 'representable', loud: false } : UNREPRESENTABLE.has(kind) ? { type: kind, loud: true } : undefined),
};

function unionVerdict(members: Array<NonObjectVerdict | undefined>): NonObjectVerdict | undefined {
  if (members.length === 0 || members.includes(undefined)) return undefined;
  const representable = members.some((m) => m?.type === 'representable');
  return { type: representable ? 'representable' : 'union', loud: !representable && members.some((m) => m?.loud) };
}

function intersectionVerdict(left: NonObjectVerdict | undefined, right: NonObjectVerdict | undefined): NonObjectVerdict | undefined {
  if (left === undefined && right === undefined) return undefined;
  return { type: 'intersection', loud: Boolean(left?.loud || right?.loud) };
}

/** A literal is loud when a value has no JSON form (`undefined`, a bigint); representable values keep it listable. */
function literalVerdict(values: unknown[]): NonObjectVerdict {
  if (values.some((v) => v === undefined || typeof v === 'bigint')) return { type: 'literal', loud: true };
  return { type: 'representable', loud: false };
}
