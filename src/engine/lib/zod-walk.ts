/**
 * The one walker over a zod schema, in zod's own style (its JSON Schema processors are a table keyed by def type):
 * every read of a schema's kind goes through here. It gives a schema's kind and zod's typed def for that kind, a
 * dispatch over a table of handlers keyed by kind, the one list of wrapper kinds, and an iterative search over the
 * whole tree that visits each schema once and never descends more than MAX_SCHEMA_DEPTH + 1 levels: a schema that
 * builds new schemas forever (a getter returning a new object each time) never repeats a node, so only the depth guard
 * bounds a walk over it.
 *
 * The defs are typed from the bundled zod (4.6.7); the worlds' zods (4.3, 4.0, 3.25's zod/v4) build the same def
 * fields for every kind read here (test/zod-walk.test.ts runs the walker over all four).
 */
import type { z } from 'zod';

/** Deeper than this, a schema is taken to build itself forever; every converter's recursion would overflow long before. */
export const MAX_SCHEMA_DEPTH = 1000;

type ZodNode = z.core.$ZodType;

/** Every kind zod names in a def (`def.type`). */
export type ZodKind = z.core.$ZodTypeDef['type'];

/** zod's own def type for one kind (`$ZodObjectDef` for 'object', …). */
export type DefOf<K extends ZodKind> = K extends keyof DefsByKind ? DefsByKind[K] : z.core.$ZodTypeDef;
type DefsByKind = { [T in z.core.$ZodTypes as T['_zod']['def']['type']]: T['_zod']['def'] };

/**
 * The kinds that stand for one inner schema, and which walks look through them:
 * - `parse`: a synchronous parse hands the value on to the inner schema unchanged (so the value walks, dates, pipes
 *   and undeclared keys, follow the answer through them), and zod lists the inner schema;
 * - `listing`: zod's JSON Schema lists the inner schema, but a parse awaits it (`z.promise`), so no synchronous parse
 *   pairs a value with the inner schema; only the walks over what zod lists (the non-object root) look through it.
 * `lazy` reads its inner schema from zod's cache of the getter's result (`_zod.innerType`), as zod's own processors do.
 */
export const WRAPPER_KINDS = {
  optional: 'parse',
  nullable: 'parse',
  default: 'parse',
  prefault: 'parse',
  catch: 'parse',
  readonly: 'parse',
  nonoptional: 'parse',
  lazy: 'parse',
  promise: 'listing',
} as const satisfies Partial<Record<ZodKind, 'parse' | 'listing'>>;

/** What a walk looks through: `parse` walks only the `parse` wrappers, `listing` walks every wrapper. */
export type WrapperWalk = 'parse' | 'listing';

/** Whether `kind` is a wrapper this walk looks through. */
export function isWrapper(kind: string, walk: WrapperWalk): boolean {
  const through = (WRAPPER_KINDS as Record<string, WrapperWalk | undefined>)[kind];
  return through !== undefined && (walk === 'listing' || through === 'parse');
}

/** A schema's kind. */
export function kindOf(schema: ZodNode): ZodKind {
  return schema._zod.def.type;
}

/** The def of a zod schema, read loosely (any kind). */
export function defOf(schema: ZodNode): LooseDef {
  return schema._zod.def as unknown as LooseDef;
}

/** zod's typed def when the schema is of this kind, else undefined. */
export function defIf<K extends ZodKind>(schema: ZodNode | undefined, kind: K): DefOf<K> | undefined {
  if (schema === undefined || kindOf(schema) !== kind) return undefined;
  const def: unknown = schema._zod.def;
  return def as DefOf<K>;
}

/** The def fields read across kinds (a child search, a gap test), loosely typed: zod's own defs are a union per kind. */
export interface LooseDef {
  type: ZodKind;
  checks?: unknown[];
  coerce?: boolean;
  innerType?: ZodNode;
  in?: ZodNode;
  out?: ZodNode;
  options?: ZodNode[];
  left?: ZodNode;
  right?: ZodNode;
  shape?: Record<string, ZodNode>;
  catchall?: ZodNode;
  element?: ZodNode;
  items?: ZodNode[];
  rest?: ZodNode | null;
  keyType?: ZodNode;
  valueType?: ZodNode;
  getter?: () => ZodNode;
  values?: unknown[];
  catchValue?: (ctx: unknown) => unknown;
  defaultValue?: unknown;
}

/** Whether a value is a zod schema (of any zod 4 instance): a def field may hold anything a user put there. */
export function isZodNode(value: unknown): value is ZodNode {
  return typeof value === 'object' && value !== null && typeof (value as { _zod?: { def?: unknown } })._zod?.def === 'object';
}

/** The schema a wrapper or `z.lazy` stands for (zod caches a lazy getter's result as innerType), or undefined when reading it throws. */
export function innerOf(node: ZodNode): unknown {
  try {
    return kindOf(node) === 'lazy' ? (node._zod as { innerType?: unknown }).innerType : defOf(node).innerType;
  } catch {
    return undefined;
  }
}

/** The kind under a schema's `parse` wrappers ('unknown' past 32 of them or at a non-schema). */
export function rootKind(schema: ZodNode): ZodKind | 'unknown' {
  let node: unknown = schema;
  for (let i = 0; i < 32 && isZodNode(node); i++) {
    const kind = kindOf(node);
    if (!isWrapper(kind, 'parse')) return kind;
    node = innerOf(node);
  }
  return 'unknown';
}

/** One handler per kind, given zod's typed def for it, the schema, and the walk's own arguments. */
export type KindHandlers<R, A extends unknown[]> = { [K in ZodKind]?: (def: DefOf<K>, node: ZodNode, ...args: A) => R };

/** A walk's table: handlers by kind; the wrappers it looks through; what every other kind gives. */
export interface ZodVisitor<R, A extends unknown[]> {
  kinds: KindHandlers<R, A>;
  /** A wrapper this walk looks through (one without a handler in `kinds`): given the schema it stands for. */
  wrapper?: { walk: WrapperWalk; visit: (inner: unknown, node: ZodNode, ...args: A) => R };
  other: (kind: ZodKind, node: ZodNode, ...args: A) => R;
}

/** Runs the handler for `node`'s kind: its own entry in `kinds`, else the wrapper handler, else `other`. */
export function dispatch<R, A extends unknown[]>(node: ZodNode, visitor: ZodVisitor<R, A>, ...args: A): R {
  const kind = kindOf(node);
  const handler = visitor.kinds[kind] as ((def: unknown, node: ZodNode, ...args: A) => R) | undefined;
  if (handler) return handler(node._zod.def, node, ...args);
  if (visitor.wrapper && isWrapper(kind, visitor.wrapper.walk)) return visitor.wrapper.visit(innerOf(node), node, ...args);
  return visitor.other(kind, node, ...args);
}

/** One schema met by a walk: where it sits in the tree and how the walk got there. */
export interface ZodVisit {
  schema: ZodNode;
  kind: ZodKind;
  def: LooseDef;
  /** Steps from the root (0 for the root itself). */
  depth: number;
  /** The object key this schema sits under, when it is a field. */
  key: string | null;
  parent: ZodVisit | null;
}

/** The schemas directly inside this one (object fields by key, union options, wrapped types, pipe sides, …). */
export function childrenOf(schema: ZodNode, def: LooseDef): Array<[string | null, ZodNode]> {
  const out: Array<[string | null, ZodNode]> = [];
  const add = (key: string | null, child: unknown) => isZodNode(child) && out.push([key, child]);
  try {
    for (const child of [def.innerType, def.in, def.out, def.left, def.right, def.catchall, def.element, def.rest, def.keyType, def.valueType]) add(null, child);
    for (const child of [...(def.options ?? []), ...(def.items ?? [])]) add(null, child);
    for (const [key, field] of Object.entries(def.shape ?? {})) add(key, field);
    // zod caches the getter's result as innerType, so a recursive schema yields the same objects on every walk.
    if (kindOf(schema) === 'lazy') add(null, (schema._zod as { innerType?: ZodNode }).innerType);
  } catch {
    // A getter that throws: zod meets the same throw when it reads the schema, and reports it there.
  }
  return out;
}

function visitOf(schema: ZodNode, depth: number, key: string | null, parent: ZodVisit | null): ZodVisit {
  return { schema, kind: kindOf(schema), def: defOf(schema), depth, key, parent };
}

/**
 * The first schema in the tree (the root included) that satisfies `test`, or null. Iterative and depth first; each
 * schema is tested once, and the walk gives up (null) after `budget` schemas. The depth guard: schemas deeper than
 * MAX_SCHEMA_DEPTH + 1 are not visited (load/bounded.ts refuses any schema that reaches past MAX_SCHEMA_DEPTH).
 * Never throws on a throwing getter.
 */
export function findZodNode(root: ZodNode, test: (visit: ZodVisit) => boolean, budget = Infinity): ZodVisit | null {
  const seen = new Set<ZodNode>();
  const stack: ZodVisit[] = [visitOf(root, 0, null, null)];
  for (let visit = stack.pop(); visit !== undefined && seen.size < budget; visit = stack.pop()) {
    if (seen.has(visit.schema)) continue;
    seen.add(visit.schema);
    if (test(visit)) return visit;
    if (visit.depth > MAX_SCHEMA_DEPTH) continue;
    for (const [key, schema] of childrenOf(visit.schema, visit.def)) stack.push(visitOf(schema, visit.depth + 1, key, visit));
  }
  return null;
}

/** Whether any schema in the tree (the root included) satisfies `test`. Iterative, and each schema is tested once. */
export function someZodNode(root: ZodNode, test: (visit: ZodVisit) => boolean): boolean {
  return findZodNode(root, test) !== null;
}
