/**
 * The case is defined once: src/engine/case.ts's `CASE_FIELDS` (its schema, `Case` and `FilledCase` are derived from
 * it). A type or an object literal elsewhere under src/ that names a case's own fields together (`schema` and `answer`
 * with `role` or `tool`) is a second definition: it must be written from the case module's types (`Pick<FilledCase, …>`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

type Node = { type: string; start: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** A member's or property's name (`schema`, `'schema'`). */
function nameOf(member: Node): string | null {
  const key = member['key'] as Node | undefined;
  if (!key) return null;
  if (key.type === 'Identifier') return key['name'] as string;
  return key.type === 'Literal' && typeof key['value'] === 'string' ? key['value'] : null;
}

/** The field names a node declares: an interface's or a type literal's members, or a zod shape's keys (values made by `z.…`). */
function declared(node: Node): string[] {
  if (node.type === 'TSInterfaceDeclaration') return ((node['body'] as Node)['body'] as Node[]).map(nameOf).filter((n) => n !== null);
  if (node.type === 'TSTypeLiteral') return (node['members'] as Node[]).map(nameOf).filter((n) => n !== null);
  if (node.type !== 'ObjectExpression') return [];
  const props = node['properties'] as Node[];
  const zodValue = (p: Node) => {
    const callee = isNode(p['value']) && p['value'].type === 'CallExpression' ? (p['value']['callee'] as Node) : null;
    return callee?.type === 'MemberExpression' && (callee['object'] as Node).type === 'Identifier' && (callee['object'] as Node)['name'] === 'z';
  };
  return props.some(zodValue) ? props.map(nameOf).filter((n) => n !== null) : [];
}

/** The places in one source that declare a case's fields together (`schema` and `answer`, with `role` or `tool`). */
function caseDefinitions(path: string, text = readFileSync(path, 'utf8')): string[] {
  const found: string[] = [];
  const visit = (node: Node): void => {
    const names = new Set(declared(node));
    if (names.has('schema') && names.has('answer') && (names.has('role') || names.has('tool'))) {
      found.push(`${relative(ROOT, path)}:${text.slice(0, node.start).split('\n').length}`);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const v of value) if (isNode(v)) visit(v);
      if (isNode(value)) visit(value);
    }
  };
  visit(parseAst(text, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' }) as unknown as Node);
  return found;
}

describe('the case is defined once', () => {
  it('src/ declares the case\'s fields in one place: CASE_FIELDS in src/engine/case.ts', () => {
    const all = sources(join(ROOT, 'src')).flatMap((path) => caseDefinitions(path));
    expect(all).toEqual([expect.stringMatching(/^src\/engine\/case\.ts:\d+$/)]);
  });

  it('finds a second definition when there is one (the check can fail)', () => {
    const second = [
      "import * as z from 'zod/mini';",
      'export interface SavedCase { role: string; schema: string; answer: string }',
      'export const Saved = z.object({ tool: z.string(), schema: z.string(), answer: z.string() });',
      'export type Picked = { schema: string; answer: string };',
    ].join('\n');
    expect(caseDefinitions(join(ROOT, 'src', 'second.ts'), second)).toEqual(['src/second.ts:2', 'src/second.ts:3']);
  });
});
