/**
 * The one walker over a zod schema: its def, its child schemas, and an iterative search over the whole tree that
 * visits each schema once and never descends more than MAX_SCHEMA_DEPTH + 1 levels: a schema that builds new schemas
 * forever (a getter returning a new object each time) never repeats a node, so only the depth guard bounds a walk over it.
 */
import type { z } from 'zod';

/** Deeper than this, a schema is taken to build itself forever; every converter's recursion would overflow long before. */
export const MAX_SCHEMA_DEPTH = 1000;

type ZodNode = z.core.$ZodType;

/** The def fields the converters read, loosely typed: zod's own def types are a union per schema kind. */
export interface LooseDef {
  type: string;
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

/** The def of a zod schema. */
export function defOf(schema: ZodNode): LooseDef {
  return schema._zod.def as unknown as LooseDef;
}

/** The schema a `z.lazy` stands for, or undefined when its getter throws. */
export function lazyTarget(def: LooseDef): ZodNode | undefined {
  try {
    return def.getter?.();
  } catch {
    return undefined;
  }
}

/** One schema met by a walk: where it sits in the tree and how the walk got there. */
export interface ZodVisit {
  schema: ZodNode;
  def: LooseDef;
  /** Steps from the root (0 for the root itself). */
  depth: number;
  /** The object key this schema sits under, when it is a field. */
  key: string | null;
  parent: ZodVisit | null;
}

/** Whether a value is a zod schema (of any zod 4 instance): a def field may hold anything a user put there. */
export function isZodNode(value: unknown): value is ZodNode {
  return typeof value === 'object' && value !== null && typeof (value as { _zod?: { def?: unknown } })._zod?.def === 'object';
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
    if (def.type === 'lazy') add(null, (schema._zod as { innerType?: ZodNode }).innerType);
  } catch {
    // A getter that throws: zod meets the same throw when it reads the schema, and reports it there.
  }
  return out;
}

/**
 * The first schema in the tree (the root included) that satisfies `test`, or null. Iterative and depth first; each
 * schema is tested once, and the walk gives up (null) after `budget` schemas. The depth guard: schemas deeper than
 * MAX_SCHEMA_DEPTH + 1 are not visited (load/bounded.ts refuses any schema that reaches past MAX_SCHEMA_DEPTH).
 * Never throws on a throwing getter.
 */
export function findZodNode(root: ZodNode, test: (visit: ZodVisit) => boolean, budget = Infinity): ZodVisit | null {
  const seen = new Set<ZodNode>();
  const stack: ZodVisit[] = [{ schema: root, def: defOf(root), depth: 0, key: null, parent: null }];
  for (let visit = stack.pop(); visit !== undefined && seen.size < budget; visit = stack.pop()) {
    if (seen.has(visit.schema)) continue;
    seen.add(visit.schema);
    if (test(visit)) return visit;
    if (visit.depth > MAX_SCHEMA_DEPTH) continue;
    for (const [key, schema] of childrenOf(visit.schema, visit.def)) stack.push({ schema, def: defOf(schema), depth: visit.depth + 1, key, parent: visit });
  }
  return null;
}

/** Whether any schema in the tree (the root included) satisfies `test`. Iterative, and each schema is tested once. */
export function someZodNode(root: ZodNode, test: (schema: ZodNode, def: LooseDef) => boolean): boolean {
  return findZodNode(root, (visit) => test(visit.schema, visit.def)) !== null;
}
