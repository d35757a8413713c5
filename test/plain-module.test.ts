/**
 * Plain JavaScript schemas load without sucrase (src/engine/load/plain-module.ts): the in-place rewrite must run as
 * sucrase's output does, and every error it yields must carry the same message and the same line and column. Oracle:
 * the same source through sucrase (src/engine/load/sucrase.ts), what every schema went through before.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { execute } from '../src/engine/load/execute.ts';
import { pick } from '../src/engine/load/pick.ts';
import { plainModule } from '../src/engine/load/plain-module.ts';
import { transpileTypeScript } from '../src/engine/load/sucrase.ts';
import type { Transpiled } from '../src/engine/load/source-map.ts';

/** What loading `source` through `transpiled` gives: the listed schema, or the error with its position. */
function load(source: string, transpiled: Transpiled): unknown {
  const run = execute(source, transpiled);
  if (!run.ok) return run.error;
  const picked = pick(source, run.value, 'output');
  return picked.ok ? z.toJSONSchema(picked.value, { unrepresentable: 'any' }) : picked.error;
}

const through = (source: string) => {
  const plain = plainModule(source);
  const sucrase = transpileTypeScript(source);
  if (!sucrase.ok) throw new Error(`sucrase refused it: ${sucrase.error.message}`);
  return { plain: plain && load(source, plain), sucrase: load(source, sucrase.value) };
};

const SOURCES: Array<[string, string]> = [
  ['named import, default export', 'import { z } from "zod";\nexport default z.object({ id: z.string() });'],
  ['default and namespace imports', "import zod, * as all from 'zod';\nexport default zod.object({ a: all.z.number() });"],
  ['renamed imports over several lines', 'import {\n  z as zz,\n  ZodType\n} from "zod"; const Id = zz.string();\nexport const outputSchema = zz.object({ id: Id });'],
  ['export function and class', 'import { z } from "zod";\nexport function make() { return z.string(); }\nexport class C {}\nexport const inputSchema = z.object({ s: make() });'],
  ['the only exported schema', 'import { z } from "zod";\nexport const Item = z.object({ sku: z.string() });\nexport let count = 1;\ncount = 2;'],
  ['a final expression, no export', 'import { z } from "zod";\nconst Line = z.object({ sku: z.string() })\nz.object({\n  lines: z.array(Line),\n});'],
  ['a runtime error after the import on its line', 'import { z } from "zod"; const b = z.object({ a: z.strin() });'],
  ['a runtime error inside export default', 'import { z } from "zod";\nexport default z.object({ a: z.strin() });'],
  ['a runtime error after an export on its line', 'import { z } from "zod";\nexport const a = 1, b = z.object({ c: z.number().pick({ x: true }) });'],
  ['a thrown error after a multi-line import', 'import {\n  z\n} from "zod";   throw new Error("boom");'],
  ['an import that is refused', 'import { z } from "zod";\nimport { v4 } from "uuid";\nexport default z.string().default(v4);'],
  ['an unused import is dropped, as TypeScript does', 'import { z } from "zod";\nimport { v4 } from "uuid";\nexport default z.string();'],
  ['a side-effect import that is refused', 'import "./polyfill";\nexport default z.string();'],
  ['export default of something else', '// export default your schema\nconst a = 1;\n  export default a;'],
  ['an unused import of a name zod lacks', 'import { nope } from "zod";\nexport default z.object({ n: z.number() });'],
];

describe('plain JavaScript modules load as they do through sucrase', () => {
  it.each(SOURCES)('%s', (_, source) => {
    const { plain, sucrase } = through(source);
    expect(plain).not.toBeNull();
    expect(plain).toEqual(sucrase);
  });

  it('errors keep their exact position where the rewrite changed a line (V8 points at the missing method)', () => {
    const source = 'import { z } from "zod"; const b = z.object({ a: z.strin() });';
    expect(through(source).plain).toEqual({ message: 'TypeError: z.strin is not a function', line: 1, column: source.indexOf('strin') + 1 });
    const exported = 'import { z } from "zod";\nexport default z.object({ a: z.strin() });';
    expect(through(exported).plain).toEqual({ message: 'TypeError: z.strin is not a function', line: 2, column: 'export default z.object({ a: z.'.length + 1 });
  });

  it('declares every name of a multi-declarator export (sucrase leaves the second one undefined)', () => {
    const source = 'import { z } from "zod";\nexport const a = 1, outputSchema = z.object({ n: z.literal(a) });';
    expect(through(source).plain).toMatchObject({ properties: { n: { const: 1 } } });
  });
});

describe('what the rewrite leaves to sucrase', () => {
  it.each([
    ['type annotations', 'import { z } from "zod";\nconst n: number = 1;\nexport default z.string();'],
    ['a call with type arguments (JavaScript would read comparisons)', 'import { z } from "zod";\nexport default z.object({ x: z.custom<string>((v) => typeof v === "string") });'],
    ['nested type arguments', 'import { z } from "zod";\nconst m = new Map<string, Array<number>>([]);\nexport default z.string();'],
    ['import type', 'import type { ZodType } from "zod";\nexport default z.string();'],
    ['an export list', 'import { z } from "zod";\nconst s = z.string();\nexport { s as default };'],
    ['export default function', 'import { z } from "zod";\nexport default function make() { return z.string(); }'],
    ['a dynamic import', 'const m = import("zod");\nexport default z.string();'],
    ['a syntax error', 'import { z } from "zod";\nconst a = z.object({\n  b: z.string(\n});'],
  ])('%s', (_, source) => {
    expect(plainModule(source)).toBeNull();
  });
});
