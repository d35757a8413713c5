/**
 * Measures the source tree with the project's own `typescript` devDependency: lines per file, and lines per function
 * (every function-like declaration, arrow functions and methods included; a nested function counts inside its parent too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isFunctionLikeDeclaration } from 'typescript/unstable/ast/is';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

/** A measured file or function: `where` is `path` for a file, `path#Outer.inner` for a function. */
export interface Measured {
  where: string;
  lines: number;
}

const ROOT = join(import.meta.dirname, '..');

/** Every .ts/.tsx file under `dir`, relative to the repository root, sorted. */
export function sourceFiles(dir = 'src'): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

/** Lines in a text, not counting the newline that ends the last one. */
export function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

/** The name a function goes by: its own, or the variable, property or class member it is assigned to. */
function nameOf(node: Node): string | undefined {
  for (const n of [node, node.parent]) {
    const name = (n as { name?: Node }).name;
    if (name) return name.getText();
  }
  return undefined;
}

function functionsIn(source: SourceFile, path: string): Measured[] {
  const out: Measured[] = [];
  const visit = (node: Node, outer: string[]): void => {
    let scope = outer;
    if (isFunctionLikeDeclaration(node)) {
      scope = [...outer, nameOf(node) ?? '(anonymous)'];
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ where: `${path}#${scope.join('.')}`, lines: last - first + 1 });
    }
    node.forEachChild((child) => visit(child, scope));
  };
  visit(source, []);
  return out;
}

/** Lines per file and per function for every file given (paths absolute or relative to the repository root). */
export function measure(files: readonly string[]): { files: Measured[]; functions: Measured[] } {
  const api = new API({ cwd: ROOT });
  try {
    const absolute = files.map((f) => resolve(ROOT, f));
    const snapshot = api.updateSnapshot({ openFiles: absolute });
    try {
      const result = { files: [] as Measured[], functions: [] as Measured[] };
      for (const file of absolute) {
        const path = relative(ROOT, file);
        result.files.push({ where: path, lines: lineCount(readFileSync(file, 'utf8')) });
        const source = snapshot.getDefaultProjectForFile(file)?.program.getSourceFile(file);
        if (!source) throw new Error(`the compiler did not load ${path}`);
        result.functions.push(...functionsIn(source, path));
      }
      return result;
    } finally {
      snapshot.dispose();
    }
  } finally {
    api.close();
  }
}
