/** The layout: no import circles in src/ (sizes: test/size-limits.test.ts). */
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
