/** The import graph of a source tree, and the circles in it (the layout test reads it; docs/architecture.md explains why none are allowed). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Relative specifiers of static imports and re-exports (type-only included), side-effect imports and `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
/** Comments are dropped first, so an import shown in a JSDoc example is not an edge. */
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm;

/** The relative modules `text` imports, as written. */
export function importsOf(text: string): string[] {
  return [...text.replace(COMMENT, '$1').matchAll(SPECIFIER)].map((m) => m[2] as string);
}

/** Each file (by its path) and the files it imports (resolved against the file's folder; only files in `files`). */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of files) {
    const targets = importsOf(text).map((spec) => join(dirname(path), spec));
    graph.set(path, [...new Set(targets.filter((t) => files.has(t)))]);
  }
  return graph;
}

/** Every import circle, each as the files along it (first file repeated at the end); [] for an acyclic graph. */
export function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return circles;
}

/** The .ts/.tsx files under `root`, by path relative to the working directory, with their text. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.set(relative(process.cwd(), resolve(path)), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}
