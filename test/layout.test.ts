/** The layout: no import circles in src/, and no file outside the engine past the size the review can read at once. */
import { describe, expect, it } from 'vitest';
import { findCircles, importGraph, importsOf, readSources } from './import-graph.ts';

describe('import graph', () => {
  it('src/ has no import circles (type-only imports count: they tie the files together just the same)', () => {
    expect(findCircles(importGraph(readSources('src')))).toEqual([]);
  });

  it('finds a circle, however long, and only a real one', () => {
    const files = new Map([
      ['a.ts', `import { b } from './b.ts';`],
      ['b.ts', `import type { C } from './dir/c.ts';\nexport const b = 1;`],
      ['dir/c.ts', `export { a } from '../a.ts';`],
      ['d.ts', `import { b } from './b.ts';`],
    ]);
    expect(findCircles(importGraph(files))).toEqual([['a.ts', 'b.ts', 'dir/c.ts', 'a.ts']]);
    files.set('dir/c.ts', `/** import { a } from '../a.ts' */\n// import '../a.ts';\nexport const c = 1;`);
    expect(findCircles(importGraph(files))).toEqual([]);
  });

  it('reads every kind of relative import, and nothing from packages', () => {
    const text = `import x from './x.ts';\nimport type { Y } from "../y.ts";\nexport * from './z.ts';\nimport './s.css';\nconst l = import('./lazy.ts');\nimport { z } from 'zod';`;
    expect(importsOf(text)).toEqual(['./x.ts', '../y.ts', './z.ts', './s.css', './lazy.ts']);
  });
});

/** Files past the limit, each with the reason (also in docs/architecture.md). */
const LONG_FILES: Record<string, string> = {
  'src/examples/index.ts': 'data: the gallery, one entry per example; it moves to the shared case format (issue 13, item 6) before it is split',
};

describe('file size outside the engine', () => {
  it('no source file outside src/engine is over 250 lines, but the named exceptions', () => {
    const long = [...readSources('src')]
      .filter(([path, text]) => !path.startsWith('src/engine/') && text.split('\n').length - 1 > 250)
      .map(([path]) => path);
    expect(long.sort()).toEqual(Object.keys(LONG_FILES).sort());
  });
});
