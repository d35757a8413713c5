/**
 * docs/architecture.md's worked example "Adding a case field", followed for real: on a copy of src/ the test adds a
 * `title` field with one line in the case module's `CASE_FIELDS`, then the compiler accepts the copy, links, the store,
 * drafts' equality and embed messages carry and check the field, every golden link still opens to the same case and
 * encodes byte for byte, and the engine does not rerun for it; with the second line (in `ENGINE_FIELDS`) the engine
 * reads it: a change is a new run, with its own digest.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import golden from './golden/links.json' with { type: 'json' };
import { copySrc, edit as editIn, typecheck as typecheckIn } from './src-copy.ts';
import type { Case } from '../src/engine/case.ts';

const ROOT = join(import.meta.dirname, '..');
const COPY = join(ROOT, 'test', '.generated', 'adding-a-case-field');
/** A second copy with step 2 as well (modules load once per path, so the two steps are two copies). */
const ENGINE_COPY = join(ROOT, 'test', '.generated', 'adding-an-engine-field');

/** Step 1: the field, one line in CASE_FIELDS (src/engine/case.ts). */
const FIELD_AFTER = '  registered: z.optional(z.string().check(z.maxLength(MAX_TOOL_CHARS))),\n';
const FIELD_LINE = '  /** A title shown above the case. */\n  title: z.optional(z.string()),\n';
/** Step 2 (only when the engine reads the field): one word in ENGINE_FIELDS (src/engine/case/names.ts). */
const ENGINE_AFTER = "'protocol', 'registered'";
const ENGINE_WORD = ", 'title'";

const edit = (path: string, after: string, insert: string, root = COPY): void => editIn(root, path, after, insert);
const typecheck = (root = COPY) => typecheckIn(root);

/** The copy's modules a field reaches: the link format, the store, the embed messages, the case module and the digest. */
async function copyModules(root = COPY) {
  const at = (path: string) => join(root, 'src', path);
  return {
    permalink: (await import(at('state/permalink.ts'))) as typeof import('../src/state/permalink.ts'),
    links: (await import(at('state/linkEncoder.ts'))) as typeof import('../src/state/linkEncoder.ts'),
    store: (await import(at('state/store.ts'))) as typeof import('../src/state/store.ts'),
    messages: (await import(at('ui/embed/messages.ts'))) as typeof import('../src/ui/embed/messages.ts'),
    kase: (await import(at('engine/case.ts'))) as typeof import('../src/engine/case.ts'),
    digest: (await import(at('sandbox/digest.ts'))) as typeof import('../src/sandbox/digest.ts'),
    names: (await import(at('engine/case/names.ts'))) as typeof import('../src/engine/case/names.ts'),
    defaults: (await import(at('state/defaults.ts'))) as typeof import('../src/state/defaults.ts'),
  };
}

/** A case with the new field (the copy's type has it; this file compiles against src/, which does not). */
const titled = (c: Case, title: unknown): Case => ({ ...c, title }) as Case;

describe('adding a case field (docs/architecture.md)', () => {
  beforeAll(() => {
    for (const root of [COPY, ENGINE_COPY]) {
      copySrc(root);
      edit('src/engine/case.ts', FIELD_AFTER, FIELD_LINE, root);
    }
    edit('src/engine/case/names.ts', ENGINE_AFTER, ENGINE_WORD, ENGINE_COPY);
  });
  afterAll(() => {
    for (const root of [COPY, ENGINE_COPY]) rmSync(root, { recursive: true, force: true });
  });

  it('the one line compiles: the types that name the case follow it', () => {
    const result = typecheck();
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('a link carries the field, and every link made before still opens to the same case, byte for byte', async () => {
    const { permalink, links, defaults } = await copyModules();
    const c = titled(defaults.DEFAULT_CASE, 'Invoice lookup');
    expect(permalink.decodePermalink(links.encodePermalink(c))).toStrictEqual({ ok: true, state: c });
    expect(permalink.decodePermalink(links.encodePermalink(titled(defaults.DEFAULT_CASE, 5)))).toEqual({ ok: false, error: 'This link\'s case has the wrong shape: "title" must be a string.' });
    for (const row of golden as { link: string; case: Case }[]) {
      expect(permalink.decodePermalink(row.link)).toStrictEqual({ ok: true, state: row.case });
      expect(links.encodePermalink(row.case)).toBe(row.link);
    }
  }, 120_000);

  it('the store holds it, a case without it clears it, and equality (URL and draft writes) sees it', async () => {
    const { store: s, kase, defaults } = await copyModules();
    const normal = kase.normalizeCase;
    const store = s.createPlaygroundStore(titled(defaults.DEFAULT_CASE, 'A'));
    expect(normal(store.getState())).toStrictEqual(titled(defaults.DEFAULT_CASE, 'A'));
    store.getState().loadCase(defaults.DEFAULT_CASE);
    expect(normal(store.getState())).toStrictEqual(defaults.DEFAULT_CASE);
    expect(kase.sameCase(titled(defaults.DEFAULT_CASE, 'A'), titled(defaults.DEFAULT_CASE, 'B'))).toBe(false);
    expect(kase.sameCase(defaults.DEFAULT_CASE, titled(defaults.DEFAULT_CASE, undefined))).toBe(true);
  }, 120_000);

  it('an embed message carries it, and one of the wrong type is refused, naming the field', async () => {
    const { messages, defaults } = await copyModules();
    const set = (c: unknown) => ({ type: messages.SET_TYPE, case: c });
    expect(messages.parseHostMessage(set(titled(defaults.DEFAULT_CASE, 'A')))).toStrictEqual({ ok: true, case: titled(defaults.DEFAULT_CASE, 'A') });
    expect(messages.parseHostMessage(set(titled(defaults.DEFAULT_CASE, ['A'])))).toMatchObject({ ok: false, reason: expect.stringContaining('"title" must be a string') });
  }, 120_000);

  it('a field the engine does not read is no new run; with its word in ENGINE_FIELDS it is, with its own digest', async () => {
    const ui = await copyModules();
    const [a, b] = [titled(ui.defaults.DEFAULT_CASE, 'A'), titled(ui.defaults.DEFAULT_CASE, 'B')];
    expect(ui.kase.sameCase(a, b, ui.names.ENGINE_FIELDS)).toBe(true);
    expect(ui.kase.engineCaseOf(a)).toStrictEqual(ui.kase.engineCaseOf(ui.defaults.DEFAULT_CASE));
    expect(ui.digest.caseDigest(ui.kase.engineCaseOf(a))).toBe(ui.digest.caseDigest(ui.kase.engineCaseOf(b)));

    expect(typecheck(ENGINE_COPY)).toEqual({ ok: true, output: '' });
    const engine = await copyModules(ENGINE_COPY);
    expect(engine.kase.sameCase(a, b, engine.names.ENGINE_FIELDS)).toBe(false);
    expect(engine.kase.engineCaseOf(a)).toStrictEqual({ ...engine.kase.engineCaseOf(engine.defaults.DEFAULT_CASE), title: 'A' });
    expect(engine.digest.caseDigest(engine.kase.engineCaseOf(a))).not.toBe(engine.digest.caseDigest(engine.kase.engineCaseOf(b)));
    // The engine's own schema reads it too (and a default-world case is the engine case it always was).
    expect(engine.kase.CaseSchema.safeParse(engine.kase.engineCaseOf(a)).data).toMatchObject({ title: 'A' });
    expect(engine.kase.engineCaseOf(engine.defaults.DEFAULT_CASE)).toStrictEqual(ui.kase.engineCaseOf(ui.defaults.DEFAULT_CASE));
  }, 240_000);
});
