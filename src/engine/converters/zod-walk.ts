/** Reading a zod schema's structure: its def, its child schemas, and an iterative search over the whole tree. */
import type { z } from 'zod';

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

/** The schemas directly inside this one (object fields, union options, wrapped types, pipe sides, …). */
function childrenOf(schema: ZodNode): ZodNode[] {
  const def = defOf(schema);
  const children: Array<ZodNode | null | undefined> = [
    def.innerType, def.in, def.out, def.left, def.right, def.catchall, def.element, def.rest, def.keyType, def.valueType,
    ...(def.options ?? []), ...(def.items ?? []), ...Object.values(def.shape ?? {}),
  ];
  if (def.type === 'lazy') children.push(lazyTarget(def));
  return children.filter((c): c is ZodNode => c != null);
}

/** Whether any schema in the tree (the root included) satisfies `test`. Iterative, and each schema is tested once. */
export function someZodNode(root: ZodNode, test: (schema: ZodNode, def: LooseDef) => boolean): boolean {
  const seen = new Set<ZodNode>();
  const stack = [root];
  for (let schema = stack.pop(); schema !== undefined; schema = stack.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    if (test(schema, defOf(schema))) return true;
    stack.push(...childrenOf(schema));
  }
  return false;
}
