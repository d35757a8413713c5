/** The engine stays small: no source file over 250 lines, no function over 60 (issue 13). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import { isFunctionLikeDeclaration, isIdentifier } from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const ENGINE = join(ROOT, 'src/engine');
const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 60;

const files = (readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(ENGINE, f));
const api = new API({ cwd: ROOT });
afterAll(() => api.close());

/** Each file's syntax tree, from the project's own compiler. */
function sources(paths: readonly string[]): SourceFile[] {
  const snapshot = api.updateSnapshot({ openFiles: [...paths] });
  try {
    return paths.map((file) => {
      const source = snapshot.getDefaultProjectForFile(file)?.program.getSourceFile(file);
      if (!source) throw new Error(`the compiler did not load ${file}`);
      return source;
    });
  } finally {
    snapshot.dispose();
  }
}

/** `file:line name (n lines)` for every function, method, arrow or accessor with a body longer than `max` lines. */
function longFunctions(source: SourceFile, max: number): string[] {
  const out: string[] = [];
  const visit = (node: Node): void => {
    if (isFunctionLikeDeclaration(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(node.end).line - start + 1;
      const named = 'name' in node ? node.name : undefined;
      const name = named && isIdentifier(named) ? named.text : '(anonymous)';
      if (lines > max) out.push(`${relative(ENGINE, source.fileName)}:${start + 1} ${name} (${lines} lines)`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return out;
}

describe('engine size', () => {
  it(`no file in src/engine is over ${MAX_FILE_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(20);
    const long = files.map((f) => [relative(ENGINE, f), readFileSync(f, 'utf8').split('\n').length - 1] as const).filter(([, n]) => n > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`no function in src/engine is over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(sources(files).flatMap((s) => longFunctions(s, MAX_FUNCTION_LINES))).toEqual([]);
  });

  it('the function check catches a long function and a long arrow, and nothing shorter (test/size-probe.ts)', () => {
    const [probe] = sources([join(ROOT, 'test/size-probe.ts')]);
    expect(probe && longFunctions(probe, 4).map((l) => l.replace(/^.*?:/, ''))).toEqual(['2 fiveLines (5 lines)', '7 (anonymous) (5 lines)']);
  });
});
