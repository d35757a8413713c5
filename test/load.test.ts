/** loadSchema: import styles, which value is the schema, and errors as values with positions in the user's source. */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zodV3 from 'zod/v3';
import * as zodMini from 'zod/mini';
import { loadSchema } from '../src/engine/load.ts';
import { listWithSdk } from '../src/engine/real-sdk.ts';
import type { Role } from '../src/engine/contract/catalog.ts';
import { engineSession } from '../src/engine/session.ts';
import { sucraseChunk } from '../src/engine/load/transpile.ts';
import { MAX_SCHEMA_DEPTH } from '../src/engine/load/bounded.ts';
import { NO_SCHEMA } from '../src/engine/load/pick.ts';

// TypeScript sources load through sucrase, an engine part evaluate() loads first (src/engine/chunks.ts).
beforeAll(() => sucraseChunk.load());

/** The listed form of what loaded, so tests can say which schema was picked. */
function listed(source: string, role: Role = 'output'): unknown {
  const r = loadSchema(source, role);
  if (!r.ok) throw new Error(`did not load: ${JSON.stringify(r.error)}`);
  return z.toJSONSchema(r.schema, { io: role, unrepresentable: 'any' });
}

function error(source: string, role: Role = 'output'): unknown {
  const r = loadSchema(source, role);
  if (r.ok) throw new Error('loaded, expected an error');
  return r.error;
}

describe('import styles', () => {
  it.each([
    ['named', 'import { z } from "zod";'],
    ['namespace', 'import * as z from "zod";'],
    ['default', 'import z from "zod";'],
    ['zod/v4', "import { z } from 'zod/v4';"],
    ['none: z is in scope', ''],
  ])('%s', (_, line) => {
    expect(listed(`${line}\nexport default z.object({ id: z.string() });`)).toMatchObject({ type: 'object', required: ['id'] });
  });

  // The case's promise (docs/report.md): each specifier means what it means in the picked zod package (default 4.6.7, the SDKs' own instance).
  it.each([
    ['zod/v3', zodV3.z.ZodType, 'import { z } from "zod/v3";\nexport default z.object({ id: z.string() });'],
    ['zod/v4/mini', zodMini.ZodMiniType, 'import * as z from "zod/v4/mini";\nexport default z.object({ id: z.optional(z.string()) });'],
    ['zod/mini', zodMini.ZodMiniType, 'import * as z from "zod/mini";\nexport default z.object({ id: z.optional(z.string()) });'],
  ])('%s is that module of the bundled zod package', (_, type, source) => {
    const r = loadSchema(source, 'output');
    expect(r.ok && r.schema instanceof type).toBe(true);
  });

  it('a zod/mini schema lists as zod mini itself lists it', () => {
    const r = loadSchema('import * as z from "zod/mini";\nexport default z.object({ id: z.optional(z.string()) });', 'output');
    expect(r.ok && z.toJSONSchema(r.schema, { io: 'output' })).toEqual(z.toJSONSchema(zodMini.object({ id: zodMini.optional(zodMini.string()) }), { io: 'output' }));
  });

  it('runs on the bundled zod instance', () => {
    const r = loadSchema('import { z } from "zod";\nexport default z.string();', 'output');
    expect(r.ok && r.schema instanceof z.ZodType).toBe(true);
  });

  it('ignores types, interfaces and type-only imports', () => {
    const source = [
      'import { z } from "zod";',
      'import type { Other } from "./other";',
      'interface Note { text: string }',
      'const Line = z.object({ sku: z.string() });',
      'export type LineT = z.infer<typeof Line>;',
      'const n: number = 1;',
      'export const outputSchema = z.object({ lines: z.array(Line) }) satisfies z.ZodType<unknown>;',
    ].join('\n');
    expect(listed(source)).toMatchObject({ properties: { lines: { type: 'array' } } });
  });

  it('lets the schema declare a name of its own called z', () => {
    expect(listed('import { z as zod } from "zod";\nconst z = 1;\nexport default zod.boolean();')).toMatchObject({ type: 'boolean' });
  });
});

describe('which value is the schema', () => {
  it('the default export wins', () => {
    expect(listed('export const outputSchema = z.string();\nexport default z.number();')).toMatchObject({ type: 'number' });
  });

  it('then the export named after the role', () => {
    const source = 'export const inputSchema = z.object({ q: z.string() });\nexport const outputSchema = z.object({ r: z.number() });';
    expect(listed(source, 'output')).toMatchObject({ required: ['r'] });
    expect(listed(source, 'input')).toMatchObject({ required: ['q'] });
  });

  it('then the only exported zod schema', () => {
    expect(listed('export const Invoice = z.object({ id: z.string() });\nexport const VERSION = 3;\nconst Later = z.number();')).toMatchObject({ type: 'object' });
  });

  it('then a final expression statement', () => {
    expect(listed('const Line = z.object({ sku: z.string() })\nz.object({\n  lines: z.array(Line),\n});\n// a comment')).toMatchObject({ required: ['lines'] });
  });

  it('then the last top-level const/let/var holding one', () => {
    expect(listed('const A = z.string();\nlet B = z.number();\nconst note = "not a schema";\nfunction helper() { const C = z.boolean(); return C; }')).toMatchObject({ type: 'number' });
    expect(listed('var A = z.string(), B = z.boolean();')).toMatchObject({ type: 'boolean' });
  });

  it('a final expression that is not a schema falls back to the declarations', () => {
    expect(listed('const A = z.string();\nMath.max(1, 2);')).toMatchObject({ type: 'string' });
  });

  it('two exported schemas and no default: the last declared', () => {
    expect(listed('export const A = z.string();\nexport const B = z.number();')).toMatchObject({ type: 'number' });
  });

  it('module.exports works too', () => {
    expect(listed('module.exports = z.string();')).toMatchObject({ type: 'string' });
  });

  it('copes with regexes, templates and strings that hold brackets', () => {
    const source = 'const A = z.string().regex(/^[a-z{(]+$/).describe(`a ${"}"} {`)\nconst B = z.object({ a: A, b: z.literal("})") })';
    expect(listed(source)).toMatchObject({ required: ['a', 'b'] });
  });
});

describe('raw shapes', () => {
  it('a plain object of zod schemas counts as z.object(shape)', () => {
    expect(listed('export default { id: z.string(), n: z.number() };')).toMatchObject({ type: 'object', required: ['id', 'n'] });
    expect(listed('export const outputSchema = { id: z.string() };')).toMatchObject({ type: 'object', required: ['id'] });
  });

  it('an exported empty object is z.object({}), as both SDKs take it', () => {
    for (const source of ['export default {};', 'export const outputSchema = {};', 'module.exports = {};']) {
      expect(listed(source)).toEqual(z.toJSONSchema(z.object({}), { io: 'output' }));
    }
    expect(listed('export const inputSchema = {};', 'input')).toEqual(z.toJSONSchema(z.object({}), { io: 'input' }));
  });

  it.each(['v1', 'v2'] as const)('the real %s server lists the loaded {} exactly as it lists a raw {} handed to it', async (version) => {
    for (const role of ['output', 'input'] as const) {
      const loaded = loadSchema('export default {}', role);
      if (!loaded.ok) throw new Error(loaded.error.message);
      const raw = await listWithSdk(version, { role, tool: 'get_invoice', schema: {} as unknown as z.ZodType });
      expect(raw.listError).toBeNull();
      expect(await listWithSdk(version, { role, tool: 'get_invoice', schema: loaded.schema })).toEqual(raw);
    }
  });

  it('an empty object the loader would have to guess is data, not a schema', () => {
    expect(listed('const S = z.string();\nconst options = {};')).toMatchObject({ type: 'string' });
    expect(listed('export const config = {};\nexport const S = z.number();')).toMatchObject({ type: 'number' });
    expect(error('const options = {};')).toEqual({ message: NO_SCHEMA });
  });

  it('is wrapped once: the same source gives the same schema object in a session, a new one without', () => {
    const source = 'export default { id: z.string() };';
    const { loads } = engineSession();
    const a = loadSchema(source, 'output', undefined, { cache: loads });
    const b = loadSchema(source, 'output', undefined, { cache: loads });
    expect(a.ok && b.ok && a.schema === b.schema).toBe(true);
    const c = loadSchema(source, 'output');
    expect(a.ok && c.ok && a.schema !== c.schema).toBe(true);
  });
});

describe('errors are values', () => {
  it('a non-zod default export says what it is', () => {
    const at = { line: 1, column: 1 };
    expect(error('export default "hello";')).toEqual({ message: 'export default is a string, not a zod schema.', ...at });
    expect(error('export default 42;')).toEqual({ message: 'export default is a number, not a zod schema.', ...at });
    expect(error('export default [z.string()];')).toEqual({ message: 'export default is an array, not a zod schema.', ...at });
    expect(error('export default { a: z.string(), b: 1 };')).toEqual({ message: 'export default is an object whose values are not all zod schemas, not a zod schema.', ...at });
    expect(error('export const outputSchema = 1;')).toEqual({ message: 'export outputSchema is a number, not a zod schema.', ...at });
  });

  it('points at the export, not at a comment that mentions one', () => {
    expect(error('// export default your schema\nconst a = 1;\n  export default a;')).toEqual({ message: 'export default is a number, not a zod schema.', line: 3, column: 3 });
    expect(error('const a = 1;\nmodule.exports = a;')).toEqual({ message: 'module.exports is a number, not a zod schema.', line: 2, column: 1 });
  });

  it('a zod 3 lookalike is called out', () => {
    expect(error('export default { _def: { typeName: "ZodString" }, safeParse() {} };')).toEqual({
      message: 'export default looks like a zod 3 schema; this playground runs zod 4: import { z } from "zod".',
      line: 1,
      column: 1,
    });
  });

  it('nothing that qualifies', () => {
    expect(error('const a = 1;\nexport const b = "x";')).toEqual({ message: NO_SCHEMA });
    expect(error('')).toEqual({ message: NO_SCHEMA });
  });

  it('a syntax error has the line and column of the source', () => {
    expect(error('import { z } from "zod";\nconst a = z.object({\n  b: z.string(\n});')).toEqual({ message: 'Syntax error: Unexpected token', line: 4, column: 1 });
  });

  it('a syntax error only the engine finds still has a position', () => {
    expect(error('const a = z.string();\nconst a = z.number();')).toEqual({ message: "Syntax error: Identifier 'a' has already been declared", line: 2, column: 7 });
  });

  it('a runtime throw is located in the source, types and all', () => {
    const source = 'import { z } from "zod";\n\ninterface X { a: string }\nconst a: number = 1;\nconst b = z.strin();';
    expect(error(source)).toEqual({ message: 'TypeError: z.strin is not a function', line: 5, column: 13 });
  });

  it('on the first line, inside a final expression, and in a thrown Error', () => {
    expect(error('const a = z.object({}); const b = z.strin()')).toMatchObject({ line: 1, column: 37 });
    expect(error('const a = 1\nz.object({ a: z.strin() })')).toMatchObject({ line: 2, column: 17 });
    expect(error('const ok = z.string();\n\nthrow new Error("boom");')).toEqual({ message: 'boom', line: 3, column: 7 });
  });

  it('columns come back through the source map where the types stripped from the line moved them', () => {
    const line = 'const n: Record<string, number> = {}; const m = <const>[1]; const b = z.object({ a: z.strin() as z.ZodString });';
    expect(error(`import { z } from "zod";\n${line}`)).toEqual({ message: 'TypeError: z.strin is not a function', line: 2, column: line.indexOf('z.strin') + 3 });
  });

  it('a throw inside zod points at the call in the source', () => {
    expect(error('const a = 1;\nconst b = z.object({ a: z.string() }).pick({ nope: true });')).toEqual({ message: 'Unrecognized key: "nope"', line: 2, column: 39 });
  });

  it('an import of anything but zod names the module and its line', () => {
    const source = 'import { z } from "zod";\nimport { v4 } from "uuid";\nexport default z.object({ id: z.string().default(v4()) });';
    expect(error(source)).toEqual({ message: 'Cannot import "uuid": only "zod", "zod/v3", "zod/v4", "zod/v4/mini", "zod/mini" can be imported here.', line: 2, column: 20 });
    expect(error('import "./polyfill";\nexport default z.string();')).toMatchObject({ message: expect.stringContaining('"./polyfill"'), line: 1 });
  });

  it('a schema that builds itself forever is refused, through fields, array items, union options and lazies', () => {
    const never = (path: string) =>
      `The schema never ends: it keeps building new schemas more than ${MAX_SCHEMA_DEPTH} levels deep${path}, so it cannot be converted. ` +
      'A getter or function that returns a new schema on every call recurses forever; have it return the same schema instead (const A = z.object({ get a() { return A; } })).';
    const viaItems = 'const A = (): z.ZodType => z.array(z.object({ get next() { return A(); } }));\nexport default A();';
    expect(error(viaItems)).toEqual({ message: never(' (next.next.next.next…)'), line: 1, column: viaItems.indexOf('next') + 1 });
    expect(error('const U = (): z.ZodType => z.union([z.string(), z.lazy(() => U())]);\nexport default U();')).toEqual({ message: never('') });
    expect(loadSchema('const Node: z.ZodType = z.lazy(() => z.union([z.string(), z.array(Node)]));\nexport default Node;', 'output').ok).toBe(true);
  });

  it('never throws', () => {
    for (const source of ['throw undefined', 'throw null', 'throw { toString() { throw 1 } }', 'export default { get x() { throw 1 } }', '}{']) {
      expect(() => loadSchema(source, 'output')).not.toThrow();
      expect(loadSchema(source, 'output').ok).toBe(false);
    }
  });
});

describe('cache', () => {
  it('keys on role as well as source', () => {
    const source = 'export const inputSchema = z.string();\nexport const outputSchema = z.number();';
    expect(listed(source, 'input')).toMatchObject({ type: 'string' });
    expect(listed(source, 'output')).toMatchObject({ type: 'number' });
  });

  it('a source loaded again, and again after 60 others pushed it out, lists the same', () => {
    const source = 'export default z.string().describe("first");';
    const first = listed(source, 'output');
    expect(first).toMatchObject({ type: 'string', description: 'first' });
    expect(listed(source, 'output')).toEqual(first);
    for (let i = 0; i < 60; i++) expect(listed(`export default z.string().describe("${i}");`, 'output')).toMatchObject({ description: `${i}` });
    expect(listed(source, 'output')).toEqual(first);
  });
});
