/** Finding places in JSON text: undeclared-key paths (`lines[].margin`) and JSON pointers, via jsonc-parser's tree. */
import type { Node } from 'jsonc-parser';

/** Splits a key path such as `lines[].margin` into `['lines', '[]', 'margin']`. */
export function splitKeyPath(path: string): string[] {
  return path.match(/\[\]|[^.[\]]+/g) ?? [];
}

/** The key nodes of every property a key path reaches (all array elements for `[]`). */
export function keyNodesAt(node: Node | undefined, segs: readonly string[]): Node[] {
  const [head, ...rest] = segs;
  if (!node || head === undefined) return [];
  if (head === '[]') return node.type === 'array' ? (node.children ?? []).flatMap((c) => keyNodesAt(c, rest)) : [];
  const prop = propertyOf(node, head);
  if (!prop) return [];
  const [key, value] = prop.children ?? [];
  if (rest.length === 0) return key ? [key] : [];
  return keyNodesAt(value, rest);
}

/** The value node a JSON pointer reaches, or undefined. */
export function valueAt(tree: Node, pointer: readonly string[]): Node | undefined {
  let node: Node | undefined = tree;
  for (const seg of pointer) node = node ? child(node, seg) : undefined;
  return node;
}

/** For a value inside a property, the property's key node. */
export function keyOf(value: Node): Node | undefined {
  return value.parent?.type === 'property' ? value.parent.children?.[0] : undefined;
}

function child(node: Node, seg: string): Node | undefined {
  if (node.type === 'array') return /^\d+$/.test(seg) ? node.children?.[Number(seg)] : undefined;
  return propertyOf(node, seg)?.children?.[1];
}

function propertyOf(node: Node, key: string): Node | undefined {
  if (node.type !== 'object') return undefined;
  return node.children?.find((p) => p.children?.[0]?.value === key);
}
