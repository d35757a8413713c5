/**
 * No hidden module state. A module-level `let` or `var` is state that every importer shares without saying
 * so; outside a composition root (what starts a realm or a process and wires its parts) a module keeps none, and
 * passes what it keeps in an object its caller owns (the engine's: src/engine/session.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Composition roots: each starts a realm or a process and may keep what that realm keeps. */
const COMPOSITION_ROOTS = [
  'src/sandbox/worker.ts', // the schema's realm (its engine session is made there)
  'src/sandbox/frame.ts', // the sandbox frame's realm
  'src/sandbox/harden.ts', // the hardening of that realm, once
  'src/node-realm/seal.ts', // the sealing of the CLI's schema realm (a worker thread), once
  'src/worlds-node/register.ts', // Node's module hook, registered once per process
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Node {
  type: string;
  kind?: string;
  start: number;
  declaration?: Node | null;
  declarations?: Array<{ id: { name?: string } }>;
}

/** The module-level `let`/`var` declarations of a source, as `name (line N)`. */
function moduleLets(text: string, lang: 'ts' | 'tsx' = 'ts'): string[] {
  const ast = parseAst(text, { lang }) as unknown as { body: Node[] };
  return ast.body.flatMap((statement) => {
    const node = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (node?.type !== 'VariableDeclaration' || (node.kind !== 'let' && node.kind !== 'var')) return [];
    const line = text.slice(0, node.start).split('\n').length;
    return (node.declarations ?? []).map((d) => `${d.id.name ?? '(pattern)'} (line ${line})`);
  });
}

describe('module state (issue 19)', () => {
  const found = new Map(sources(join(ROOT, 'src')).map((path) => [relative(ROOT, path), moduleLets(readFileSync(path, 'utf8'), path.endsWith('x') ? 'tsx' : 'ts')] as const).filter(([, lets]) => lets.length > 0));

  it('no module-level let or var outside a composition root', () => {
    const allowed = new Set(COMPOSITION_ROOTS);
    expect(Object.fromEntries([...found].filter(([path]) => !allowed.has(path)))).toEqual({});
  });

  it('the engine keeps none at all: its caches belong to a session (src/engine/session.ts)', () => {
    expect([...found.keys()].filter((path) => path.startsWith('src/engine/') || path.startsWith('src/export/') || path.startsWith('src/check/'))).toEqual([]);
  });

  it('tells module state from a local or a constant', () => {
    const text = 'let a = 0;\nexport let b: number;\nvar c;\nconst d = new Map();\nfunction f() { let e = 1; return e; }\nfor (let i = 0; i < 1; i++) {}\n';
    expect(moduleLets(text)).toEqual(['a (line 1)', 'b (line 2)', 'c (line 3)']);
  });
});
