/** The keys a listing declares for the object at an answer path (`lines[]`), read from zod's own JSON Schema. */
import type { Json, JsonSchema } from '../report.ts';
import { isSchemaNode, resolveLocalRef, type SchemaNode } from '../lib/schema-walk.ts';

/** The parent path of an undeclared key path: `lines[].margin` → `lines[]`, `costCenter` → ''. */
export function parentPath(keyPath: string): string {
  const dot = keyPath.lastIndexOf('.');
  return dot === -1 ? '' : keyPath.slice(0, dot);
}

/** The declared property names of the object at `path` in `listed`, or null when the path cannot be followed to one object. */
export function declaredKeys(listed: JsonSchema | null, path: string): string[] | null {
  if (!isSchemaNode(listed)) return null;
  let node: SchemaNode | null = settle(listed, listed);
  for (const segment of path === '' ? [] : path.split('.')) {
    const [name = '', ...items] = segment.split('[]');
    if (name !== '') node = settle(listed, node && isSchemaNode(node['properties']) ? node['properties'][name] : undefined);
    for (let i = 0; i < items.length; i++) node = settle(listed, node?.['items']);
  }
  const properties = node?.['properties'];
  return isSchemaNode(properties) ? Object.keys(properties) : null;
}

/** A node with its local `$ref` followed and a nullable `anyOf` (one branch that is not `null`) unwrapped. */
function settle(root: JsonSchema, value: Json | undefined): SchemaNode | null {
  let node = value;
  for (let hops = 0; hops < 8 && isSchemaNode(node); hops++) {
    const ref = node['$ref'];
    const anyOf = node['anyOf'] ?? node['oneOf'];
    if (typeof ref === 'string') node = resolveLocalRef(root, ref);
    else if (Array.isArray(anyOf)) {
      const branches = anyOf.filter((b) => !(isSchemaNode(b) && b['type'] === 'null'));
      if (branches.length !== 1) return null;
      node = branches[0];
    } else return node;
  }
  return null;
}
