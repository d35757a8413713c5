/**
 * zod's rarely used parts (src/engine/zod-parts): locales, compile and fromJSONSchema are not in the engine core; a
 * source that mentions one loads its chunk before the schema runs, and then gets zod's own. A source that does not
 * fetches none of them. Code that reaches a part without naming it gets a stand-in that says why, never a result that
 * differs from zod's. The oracle is zod 4.6.7 itself, run here.
 */
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chunksFor } from '../src/engine/chunks.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { expandReport } from '../src/engine/values.ts';
import { ZOD_PART_CHUNKS } from '../src/engine/zod-parts/index.ts';
import { standInMessage } from '../src/engine/zod-parts/stand-in.ts';
import { bundleEngine, type EngineBundle } from '../vite-plugins/engineBundle.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SHAPE = 'z.object({ n: z.number(), s: z.string().min(3) })';
const ANSWER = { n: 'x', s: 'a' };
const JSON_SCHEMA = { type: 'object', properties: { n: { type: 'number' }, s: { type: 'string', minLength: 3 } }, required: ['n', 's'] } as const satisfies z.core.JSONSchema.JSONSchema;

/** The messages zod itself gives for the answer. */
function messagesOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}
const shape = () => z.object({ n: z.number(), s: z.string().min(3) });
const ORACLE = {
  fr: messagesOf(shape().safeParse(ANSWER, { error: z.locales.fr().localeError })),
  compile: messagesOf(z.compile(shape()).safeParse(ANSWER)),
  fromJSONSchema: messagesOf(z.fromJSONSchema(JSON_SCHEMA).safeParse(ANSWER)),
};

const schemaOf = (body: string) => `import { z } from 'zod';\n${body}\n`;
const caseOf = (schema: string) => ({ v: 1, role: 'output', schema, answer: JSON.stringify(ANSWER) });

describe('which zod parts a case loads', () => {
  const parts = (schema: string) => Object.entries(ZOD_PART_CHUNKS).filter(([, c]) => chunksFor(caseOf(schema)).includes(c)).map(([name]) => name);

  it('none for a schema that names none of them', () => {
    expect(parts(schemaOf(`export default ${SHAPE};`))).toEqual([]);
  });

  it('the one the source names', () => {
    expect(parts(schemaOf(`z.config(z.locales.fr());\nexport default ${SHAPE};`))).toEqual(['locales']);
    expect(parts(schemaOf(`export default z.compile(${SHAPE});`))).toEqual(['compile']);
    expect(parts(schemaOf(`export default z.fromJSONSchema(${JSON.stringify(JSON_SCHEMA)});`))).toEqual(['from-json-schema']);
  });
});

describe('a schema that uses a part gives zod\'s own result (evaluate, zod as installed)', () => {
  // The schema's z.config is zod's global state: put English back for the rest of the file.
  afterEach(() => void z.config(z.locales.en()));
  const refusals = async (schema: string) => JSON.stringify(expandReport(await evaluate(caseOf(schema))).realSdk);

  it('z.config(z.locales.fr()): the messages in French, as zod gives them', async () => {
    expect(ORACLE.fr[0]).toMatch(/attendu/);
    const text = await refusals(schemaOf(`z.config(z.locales.fr());\nexport default ${SHAPE};`));
    for (const message of ORACLE.fr) expect(text).toContain(JSON.stringify(message).slice(1, -1));
  });

  it('z.compile and z.fromJSONSchema', async () => {
    const compiled = await refusals(schemaOf(`export default z.compile(${SHAPE});`));
    for (const message of ORACLE.compile) expect(compiled).toContain(message);
    const converted = await refusals(schemaOf(`export default z.fromJSONSchema(${JSON.stringify(JSON_SCHEMA)});`));
    for (const message of ORACLE.fromJSONSchema) expect(converted).toContain(message);
  });
});

interface Probe {
  host: { setFetcher(f: (names: string[]) => Promise<string[]>): void; lock(): void };
  requireModule(name: string): Record<string, unknown>;
  load(schema: string): Promise<unknown>;
}
type Zod = typeof z;

describe('the bundled engine (the worker\'s core and chunks, as the build makes them)', () => {
  let bundle: EngineBundle;
  beforeAll(async () => {
    bundle = await bundleEngine({ root: ROOT, mode: 'production', command: 'build' }, 'test/zod-parts-probe/entry.ts');
  }, 120_000);

  /** The core script in a fresh realm (like a worker's), and the chunks it asked for. */
  function boot(): { probe: Probe; zod: Zod; asked: string[] } {
    const context: { probe?: Probe } = {};
    runInNewContext(bundle.core, context);
    const probe = context.probe as Probe;
    const asked: string[] = [];
    probe.host.setFetcher(async (names) => {
      asked.push(...names);
      return names.map((n) => bundle.chunks.get(n) ?? '');
    });
    return { probe, zod: probe.requireModule('zod')['z'] as Zod, asked };
  }

  it('the core holds no locale but English, nor compile or fromJSONSchema; each part is a chunk', () => {
    expect(bundle.core).not.toContain('Entrée invalide');
    expect(bundle.core).not.toContain('function compileFn(');
    expect(bundle.core).not.toContain('function fromJSONSchema(');
    const chunk = (name: string) => [...bundle.chunks].find(([file]) => file.startsWith(`engine-zod-${name}-`))?.[1] ?? '';
    expect(chunk('locales')).toContain('Entrée invalide');
    expect(chunk('compile')).toContain('function compileFn(');
    expect(chunk('from-json-schema')).toContain('function fromJSONSchema(');
  });

  it('a schema that names no part fetches none, and its zod module objects stay frozen', async () => {
    const { probe, zod, asked } = boot();
    await probe.load(schemaOf(`export default ${SHAPE};`));
    expect(asked).toEqual([]);
    expect(Object.isFrozen(probe.requireModule('zod'))).toBe(true);
    expect(Object.isFrozen(probe.requireModule('zod/mini'))).toBe(true);
    expect(() => {
      'use strict';
      (zod.locales as Record<string, unknown>)['fr'] = () => ({});
    }).toThrow(TypeError);
  });

  it('before its chunk, a part reached without its name: the same names as zod, each throws why; English is zod\'s own', () => {
    const { probe, zod } = boot();
    const locales = zod['loc' + 'ales' as 'locales'];
    expect(Object.keys(locales)).toEqual(Object.keys(z.locales));
    expect(zod.core.locales).toBe(locales);
    expect((probe.requireModule('zod/mini')['locales'])).toBe(locales);
    expect(() => locales.fr()).toThrow(standInMessage('locales', 'fr'));
    expect(standInMessage('locales', 'fr')).toMatch(/^zod's locale fr \(z\.locales\.fr\) is not loaded: .* mentions "locales"/);
    expect(messagesOf(shape().safeParse(ANSWER, { error: locales.en().localeError }))).toEqual(messagesOf(shape().safeParse(ANSWER)));
    expect(() => zod['comp' + 'ile' as 'compile'](zod.string())).toThrow(standInMessage('compile', 'compile'));
    expect(() => zod['fromJSON' + 'Schema' as 'fromJSONSchema']({})).toThrow(standInMessage('from-json-schema', 'fromJSONSchema'));
    expect(zod.INVALID).toBe(z.INVALID);
  });

  it('z.config(z.locales.fr()) after its chunk: zod\'s messages, and the module objects hold zod\'s own functions', async () => {
    const { probe, zod, asked } = boot();
    await probe.load(schemaOf(`z.config(z.locales.fr());\nexport default ${SHAPE};`));
    expect(asked.some((n) => n.startsWith('engine-zod-locales-'))).toBe(true);
    expect(asked.some((n) => /^engine-zod-(compile|from-json-schema)-/.test(n))).toBe(false);
    zod.config(zod.locales.fr());
    const mine = zod.object({ n: zod.number(), s: zod.string().min(3) });
    expect(messagesOf(mine.safeParse(ANSWER))).toEqual(ORACLE.fr);
    expect(Object.keys(zod.locales)).toEqual(Object.keys(z.locales));
    expect(zod.core.locales).toBe(zod.locales);
    expect(messagesOf(mine.safeParse(ANSWER, { error: zod.locales.de().localeError }))).toEqual(messagesOf(shape().safeParse(ANSWER, { error: z.locales.de().localeError })));
  });

  it('z.compile and z.fromJSONSchema after their chunks: zod\'s results', async () => {
    const { probe, zod } = boot();
    await probe.load(schemaOf(`export default z.compile(z.fromJSONSchema({}));`));
    const mine = () => zod.object({ n: zod.number(), s: zod.string().min(3) });
    expect(messagesOf(zod.compile(mine()).safeParse(ANSWER))).toEqual(ORACLE.compile);
    expect(zod.compile(mine()).safeParse({ n: 1, s: 'abc' })).toEqual({ success: true, data: { n: 1, s: 'abc' } });
    expect(messagesOf(zod.fromJSONSchema(JSON_SCHEMA).safeParse(ANSWER))).toEqual(ORACLE.fromJSONSchema);
    expect(zod.core.compile).toBe(zod.compile);
  });
});
