/**
 * The source parser export and fixes share (src/engine/source/parse.ts): exact positions in TypeScript that the old
 * hand-written scanners misread (a regex holding a quote, a template holding a brace, type arguments).
 */
import { describe, expect, it } from 'vitest';
import { parseSource } from '../src/engine/source/parse.ts';
import { schemaModule } from '../src/export/schema-module.ts';

describe('parseSource', () => {
  it('gives each token its exact span, depth, line start, type flag and role', () => {
    const source = 'import { z } from "zod";\nconst A: Record<string, number> = z.object({ a: z.string() });\nexport default A;';
    const tokens = parseSource(source);
    expect(tokens).not.toBeNull();
    for (const t of tokens ?? []) expect(source.slice(t.start, t.end)).toBe(t.text);
    const by = (text: string, nth = 0) => (tokens ?? []).filter((t) => t.text === text)[nth];
    expect(by('z')).toMatchObject({ role: 'import', depth: 1 });
    expect(by('A')).toMatchObject({ role: 'top-level', depth: 0, isType: false });
    expect(by('Record')).toMatchObject({ isType: true });
    expect(by('a')).toMatchObject({ depth: 2 });
    expect(by('export')).toMatchObject({ firstOnLine: true, depth: 0 });
  });

  it('reads regexes and templates as the language does', () => {
    const tokens = parseSource('const r = /["{]/g;\nconst t = `}${"{"}`;\nconst after = 1;') ?? [];
    expect(tokens.find((t) => t.kind === 'regex')?.text).toBe('/["{]/g');
    expect(tokens.find((t) => t.text === 'after')).toMatchObject({ depth: 0, role: 'top-level' });
    expect(tokens.filter((t) => t.text === 'const').map((t) => t.firstOnLine)).toEqual([true, true, true]);
  });

  it('says null for a source that does not parse', () => {
    expect(parseSource('const = ;')).toBeNull();
  });
});

describe('schemaModule on what the old mask scanner could not read', () => {
  it('a regex literal holding a quote no longer blinds the rest of its line', () => {
    const m = schemaModule('const id = z.string().regex(/^"[a-z]+$/); export default z.object({ id });', 'output');
    expect(m.named).toBe('defaultExport');
    expect(m.code).toBe('const id = z.string().regex(/^"[a-z]+$/); const defaultExport = z.object({ id });');
  });

  it('destructured and typed declarations, and a z used only in types', () => {
    const m = schemaModule('const { a } = { a: 1 }, B: z.ZodType = z.string();\n', 'output');
    expect(m.lastFirst).toEqual(['B']);
    expect(m.needsZ).toBe(true);
  });
});
