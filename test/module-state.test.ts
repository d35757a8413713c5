/**
 * No hidden module state. A module-level `let` or `var`, or a module-level collection that starts empty (`new Map()`,
 * `new WeakMap()`, `new Set()`, `new WeakSet()`, `new Lru(…)`: a memo or a registry filled at run time), is state that
 * every importer shares without saying so; outside a composition root (what starts a realm or a process and wires its
 * parts) a module keeps none, and passes what it keeps in an object its caller owns (the engine's:
 * src/engine/session.ts). A collection built full (`new Set(['a', 'b'])`) is a constant table, not state.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Composition roots: each starts a realm or a process and may keep what that realm keeps. */
const COMPOSITION_ROOTS = [
  'src/sandbox/worker.ts', // the schema's realm (its engine session is made there)
  'src/sandbox/harden.ts', // the hardening of that realm, once
  'src/node-realm/seal.ts', // the sealing of the CLI's schema realm (a worker thread), once
  'src/worlds-node/register.ts', // Node's module hook, registered once per process
];

/**
 * Module-level collections that stay outside a session, each with why. Keys are `path: name`.
 */
const REALM_TABLES: Record<string, string> = {
  'src/sandbox/worldClients.ts: worlds': 'the worlds\' clients of a client realm (the browser\'s worlds\' client realm and the CLI\'s main thread), each a composition root of its own',
  'src/sandbox/clientRealmSdk.ts: byPort': 'the client realm\'s real clients, per port of the schema realm that opened them (a composition root)',
  'src/engine/worlds/load-world.ts: worlds': 'the version worlds a realm imported: module graphs, loaded once per realm like the import cache itself',
  'src/engine/clients/index.ts: byWorld': 'the clients of a world object, built once per world (a realm-wide object, see load-world.ts)',
  'src/engine/clients/index.ts: ownV2': 'a client world\'s own v2 clients, built once per client API object (realm-wide, as the worlds are)',
  'src/engine/libs/index.ts: asModules': 'the frozen module object of a schema library\'s namespace, one per namespace of a chunk loaded once per realm',
  'src/engine/lib/pipes.ts: transforms': 'whether a schema object holds a transform: a fact of an immutable object, asked by walks that have no session',
  'src/engine/load/handler.ts: answers': 'a registered tool\'s handler answer, per registered tool object (the loader\'s; its tools come from a session\'s loads)',
  'src/engine/zod-parts/stand-in.ts: installers': 'the installer of each zod part the bundled core left out: one per part of the zod module graph, itself loaded once per realm',
  'src/engine/load/modules.ts: requires': 'the require function of a zod modules object (realm-wide, as the worlds are)',
};

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
  declarations?: Array<{ id: { name?: string; typeAnnotation?: { typeAnnotation?: { typeName?: { name?: string } } } }; init?: Init | null }>;
}

interface Init {
  type: string;
  callee?: { type: string; name?: string };
  arguments?: unknown[];
  expression?: Init;
}

interface Literal {
  type: string;
  elements?: unknown[];
  properties?: Array<{ value?: { type: string; value?: unknown } }>;
}

/** Collections a module could fill at run time. */
const COLLECTIONS = new Set(['Map', 'WeakMap', 'Set', 'WeakSet', 'Lru']);

/** Whether an initializer makes a collection that starts empty (an `Lru` always does; `x as T` and `x satisfies T` looked through). */
function startsEmpty(init: Init | null | undefined): boolean {
  if (!init) return false;
  if ((init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression') && init.expression) return startsEmpty(init.expression);
  if (init.type !== 'NewExpression' || init.callee?.type !== 'Identifier' || !COLLECTIONS.has(init.callee.name ?? '')) return false;
  return init.callee.name === 'Lru' || (init.arguments ?? []).length === 0;
}

/** The module-level `let`/`var` declarations of a source, as `name (line N)`. */
function moduleLets(text: string, lang: 'ts' | 'tsx' = 'ts'): string[] {
  return moduleDeclarations(text, lang, (node) => node.kind === 'let' || node.kind === 'var');
}

/** The module-level collections of a source that start empty, as `name (line N)`. */
function moduleCollections(text: string, lang: 'ts' | 'tsx' = 'ts'): string[] {
  // Typed read-only (`const NONE: ReadonlySet<object> = new Set()`), an empty collection is a constant.
  const readOnly = (d: NonNullable<Node['declarations']>[number]) => /^Readonly(Set|Map)$/.test(d.id.typeAnnotation?.typeAnnotation?.typeName?.name ?? '');
  return moduleDeclarations(text, lang, () => true, (d) => startsEmpty(d.init) && !readOnly(d));
}

/**
 * The module-level literals that hold state in another form: an object or array literal that starts empty (`{}`, `[]`)
 * or an object with a `null` member (`{ current: null }`, filled in later), as `name (line N)`.
 */
function moduleLiterals(text: string, lang: 'ts' | 'tsx' = 'ts'): string[] {
  const strip = (init: Init | null | undefined): Literal | null | undefined => (init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression') ? strip(init.expression) : (init as Literal | null | undefined));
  const holdsState = (init: Literal | null | undefined) =>
    (init?.type === 'ArrayExpression' && (init.elements ?? []).length === 0) ||
    (init?.type === 'ObjectExpression' && ((init.properties ?? []).length === 0 || (init.properties ?? []).some((p) => p.value?.type === 'Literal' && p.value.value === null)));
  return moduleDeclarations(text, lang, () => true, (d) => holdsState(strip(d.init)));
}

function moduleDeclarations(text: string, lang: 'ts' | 'tsx', take: (node: Node) => boolean, each: (d: NonNullable<Node['declarations']>[number]) => boolean = () => true): string[] {
  const ast = parseAst(text, { lang }) as unknown as { body: Node[] };
  return ast.body.flatMap((statement) => {
    const node = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (node?.type !== 'VariableDeclaration' || !take(node)) return [];
    const line = text.slice(0, node.start).split('\n').length;
    return (node.declarations ?? []).filter(each).map((d) => `${d.id.name ?? '(pattern)'} (line ${line})`);
  });
}

describe('module state: no module keeps state outside a composition root', () => {
  const found = new Map(sources(join(ROOT, 'src')).map((path) => [relative(ROOT, path), moduleLets(readFileSync(path, 'utf8'), path.endsWith('x') ? 'tsx' : 'ts')] as const).filter(([, lets]) => lets.length > 0));

  it('no module-level let or var outside a composition root', () => {
    const allowed = new Set(COMPOSITION_ROOTS);
    expect(Object.fromEntries([...found].filter(([path]) => !allowed.has(path)))).toEqual({});
  });

  it('the engine keeps none at all: its caches belong to a session (src/engine/session.ts)', () => {
    expect([...found.keys()].filter((path) => path.startsWith('src/engine/') || path.startsWith('src/export/') || path.startsWith('src/check/'))).toEqual([]);
  });

  it('no module-level collection that starts empty outside a composition root, but the realm tables named above', () => {
    const roots = new Set(COMPOSITION_ROOTS);
    const collections = sources(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path))
      .filter((path) => !roots.has(path))
      .flatMap((path) => moduleCollections(readFileSync(join(ROOT, path), 'utf8'), path.endsWith('x') ? 'tsx' : 'ts').map((d) => `${path}: ${d.replace(/ \(line \d+\)$/, '')}`));
    expect(collections.filter((c) => !(c in REALM_TABLES))).toEqual([]);
    // Every allowance is still needed (a table that moved into a session leaves the list).
    expect(Object.keys(REALM_TABLES).filter((c) => !collections.includes(c))).toEqual([]);
  });

  it('the sandbox frame and its siblings keep none in any form: their state is the scheduler object (frameScheduler.ts)', () => {
    const roots = new Set(COMPOSITION_ROOTS);
    const frameSide = sources(join(ROOT, 'src/sandbox')).map((path) => relative(ROOT, path)).filter((path) => !roots.has(path));
    expect(frameSide).toContain('src/sandbox/frame.ts');
    const state = frameSide.flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      return [...moduleLets(text), ...moduleCollections(text), ...moduleLiterals(text)].map((d) => `${path}: ${d}`);
    });
    expect(state.filter((d) => !(d.replace(/ \(line \d+\)$/, '') in REALM_TABLES))).toEqual([]);
  });

  it('tells state kept in a literal from a constant one', () => {
    const text = "const a = {};\nconst b: string[] = [];\nconst c = { current: null, queued: null } as State;\nconst d = { f: () => 1 };\nconst e = ['x'];\nconst g = { n: 1 };\n";
    expect(moduleLiterals(text)).toEqual(['a (line 1)', 'b (line 2)', 'c (line 3)']);
  });

  it('tells a collection filled at run time from a constant table', () => {
    const text = "const a = new Map();\nconst b = new WeakMap<object, number>();\nconst c = new Set(['x']);\nexport const d = new Lru(5);\nconst e = new Set() as Set<string>;\nconst none: ReadonlySet<object> = new Set();\nfunction f() { const g = new Map(); return g; }\n";
    expect(moduleCollections(text)).toEqual(['a (line 1)', 'b (line 2)', 'd (line 4)', 'e (line 5)']);
  });

  it('tells module state from a local or a constant', () => {
    const text = 'let a = 0;\nexport let b: number;\nvar c;\nconst d = new Map();\nfunction f() { let e = 1; return e; }\nfor (let i = 0; i < 1; i++) {}\n';
    expect(moduleLets(text)).toEqual(['a (line 1)', 'b (line 2)', 'c (line 3)']);
  });
});
