/** Autosave over a fake Storage: round trip, the timed-out flag, and storage that is full, throws or is missing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_KEY, browserStorage, createAutosave } from '../src/state/persistence/drafts.ts';
import { throttle } from '../src/state/persistence/writer.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { startingPoint } from '../src/state/initial.ts';
import { startAutosave } from '../src/state/persistence/draftSaver.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase } from '../src/examples/links.ts';
import type { Evaluator } from '../src/sandbox/protocol.ts';
import { type Case, normalizeCase } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

/** An in-memory Storage; `failWith` makes every access throw it (setItem only, with `onlyWrites`). */
class FakeStorage implements Storage {
  readonly items = new Map<string, string>();
  writes = 0;
  failWith: unknown = null;
  onlyWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    if (this.failWith && !this.onlyWrites) throw this.failWith;
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWith) throw this.failWith;
    this.writes++;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    if (this.failWith) throw this.failWith;
    this.items.delete(key);
  }
}

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
const security = () => new DOMException('Access is denied for this document.', 'SecurityError');
const FULL = { ok: false, reason: 'full', message: "Autosave is off: this browser's storage is full." };
const UNAVAILABLE = { ok: false, reason: 'unavailable', message: "Autosave is off: this browser's storage is unavailable." };
const WRITTEN = { ok: true, written: true };
const UNCHANGED = { ok: true, written: false };
const edited: Case = { ...DEFAULT_CASE, schema: 'export default z.string();', answer: '"x"' };
/** A case past the 4 MB a link may unpack to (5 MB of answer). */
const huge: Case = { ...edited, answer: `"${'x'.repeat(5 * 1024 * 1024)}"` };
const TOO_LARGE = { ok: false, reason: 'too-large', message: 'This case is too large for a link (5.0 MB > 4 MB); it is not autosaved.' };

describe('createAutosave', () => {
  it('restores what it saved, in a new session over the same storage, under the default key', () => {
    const storage = new FakeStorage();
    expect(createAutosave(storage).save(edited)).toEqual(WRITTEN);
    expect([...storage.items.keys()]).toEqual([AUTOSAVE_KEY]);
    expect(createAutosave(storage).load()).toEqual({ state: edited, held: null, previous: null });
  });

  it('stores versioned JSON holding the case as its permalink', () => {
    const storage = new FakeStorage();
    createAutosave(storage, 'k').save(edited);
    expect(JSON.parse(storage.items.get('k') ?? '')).toEqual({ v: 1, link: encodePermalink(edited), timedOut: false });
  });

  it('has nothing to restore in empty storage', () => {
    expect(createAutosave(new FakeStorage()).load()).toBeNull();
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['JSON null', 'null'],
    ['another version', JSON.stringify({ v: 2, link: encodePermalink(edited), timedOut: false })],
    ['no link', JSON.stringify({ v: 1, timedOut: true })],
    ['a damaged link', JSON.stringify({ v: 1, link: '#v1.@@@', timedOut: false })],
    ['a link of the wrong shape', JSON.stringify({ v: 1, link: encodePermalink({ ...edited, role: 'nope' } as unknown as Case), timedOut: false })],
  ])('ignores stored data that is %s', (_, text) => {
    const storage = new FakeStorage();
    storage.items.set(AUTOSAVE_KEY, text);
    expect(createAutosave(storage).load()).toBeNull();
  });

  it('restores a timed-out case flagged, so the UI does not run it; a run that finishes clears the flag', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    a.save(edited);
    expect(a.hold(edited, 'timeout')).toEqual(WRITTEN);
    expect(createAutosave(storage).load()).toEqual({ state: edited, held: 'timeout', previous: null });
    const b = createAutosave(storage);
    b.load();
    expect(b.markRan(edited)).toEqual(WRITTEN);
    expect(b.markRan(edited)).toEqual(UNCHANGED);
    expect(createAutosave(storage).load()).toEqual({ state: edited, held: null, previous: null });
  });

  it('keeps the flag while only the converter or client changes, and drops it once the case itself changes', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    a.save(edited);
    a.hold(edited, 'timeout');
    a.save({ ...edited, converter: 'zod', client: 'sdk-v2-node' });
    expect(createAutosave(storage).load()?.held).toBe('timeout');
    a.save({ ...edited, answer: '"y"' });
    expect(createAutosave(storage).load()).toEqual({ state: { ...edited, answer: '"y"' }, held: null, previous: null });
  });

  it('ignores a late timeout or run of a case that is no longer the saved one', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    a.save(edited);
    a.save({ ...edited, schema: 'export default z.number();' });
    expect(a.hold(edited, 'timeout')).toEqual(UNCHANGED);
    expect(createAutosave(storage).load()).toEqual({ state: { ...edited, schema: 'export default z.number();' }, held: null, previous: null });
    a.hold({ ...edited, schema: 'export default z.number();' }, 'timeout');
    a.markRan(edited);
    expect(createAutosave(storage).load()?.held).toBe('timeout');
  });

  it('flags a case that timed out before anything was saved (a restored link)', () => {
    const storage = new FakeStorage();
    createAutosave(storage).hold(edited, 'timeout');
    expect(createAutosave(storage).load()).toEqual({ state: edited, held: 'timeout', previous: null });
  });

  it('does not write again when nothing changed', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    expect(a.save(edited)).toEqual(WRITTEN);
    expect(a.save({ ...edited })).toEqual(UNCHANGED);
    expect(a.markRan(edited)).toEqual(UNCHANGED);
    expect(storage.writes).toBe(1);
  });

  it('says storage is full instead of throwing, keeps the last good save, and saves again once there is room', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    a.save(edited);
    storage.failWith = quota();
    storage.onlyWrites = true;
    expect(a.save({ ...edited, answer: '"big"' })).toEqual(FULL);
    expect(createAutosave(storage).load()?.state).toEqual(edited);
    storage.failWith = null;
    expect(a.save({ ...edited, answer: '"big"' })).toEqual(WRITTEN);
    expect(createAutosave(storage).load()?.state.answer).toBe('"big"');
  });

  it('recognises the old Firefox quota error by its code', () => {
    const storage = new FakeStorage();
    storage.failWith = Object.assign(new Error('quota'), { code: 1014 });
    expect(createAutosave(storage).save(edited)).toEqual(FULL);
  });

  it('says storage is unavailable when every access throws (SecurityError), and load gives nothing', () => {
    const storage = new FakeStorage();
    storage.failWith = security();
    const a = createAutosave(storage);
    expect(a.load()).toBeNull();
    expect(a.save(edited)).toEqual(UNAVAILABLE);
    expect(a.hold(edited, 'timeout')).toEqual(UNAVAILABLE);
    expect(a.clear()).toEqual(UNAVAILABLE);
  });

  it('is off, saying so, without storage', () => {
    const a = createAutosave(null);
    expect(a.load()).toBeNull();
    expect(a.save(edited)).toEqual(UNAVAILABLE);
    expect(a.clear()).toEqual(UNAVAILABLE);
  });

  it('clear forgets the case', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    a.save(edited);
    expect(a.clear()).toEqual(WRITTEN);
    expect(createAutosave(storage).load()).toBeNull();
    expect(a.save(edited)).toEqual(WRITTEN);
    expect(storage.writes).toBe(2);
  });

  it('does not save a case too large for a link, says so, and keeps the last good save', () => {
    const storage = new FakeStorage();
    const a = createAutosave(storage);
    a.save(edited);
    const started = performance.now();
    expect(a.save(huge)).toEqual(TOO_LARGE);
    expect(a.hold(huge, 'timeout')).toEqual(UNCHANGED);
    expect(createAutosave(storage).hold(huge, 'timeout')).toEqual(TOO_LARGE);
    // Refused by its size alone: nothing is deflated.
    expect(performance.now() - started).toBeLessThan(200);
    expect(storage.writes).toBe(1);
    expect(createAutosave(storage).load()).toEqual({ state: edited, held: null, previous: null });
  });
});

describe('browserStorage', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('is the global localStorage, null where there is none, and null where touching it throws', () => {
    const storage = new FakeStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    expect(browserStorage()).toBe(storage);
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(browserStorage()).toBeNull();
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw security();
      },
    });
    expect(browserStorage()).toBeNull();
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs once per interval with the latest arguments; flush runs a pending call now; cancel drops it', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const t = throttle((n: number) => calls.push(n), 100);
    t(1);
    t(2);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([2]);
    t(3);
    t.flush();
    expect(calls).toEqual([2, 3]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([2, 3]);
    t(4);
    t.cancel();
    vi.advanceTimersByTime(100);
    t.flush();
    expect(calls).toEqual([2, 3]);
  });
});

describe('startAutosave: the store wired to the autosave', () => {
  afterEach(() => vi.useRealTimers());

  function setup(storage = new FakeStorage()) {
    vi.useFakeTimers();
    const store = createPlaygroundStore(DEFAULT_CASE);
    const autosave = createAutosave(storage);
    autosave.load();
    const hide = new Set<() => void>();
    const page = { addEventListener: (_t: 'pagehide', l: () => void) => void hide.add(l), removeEventListener: (_t: 'pagehide', l: () => void) => void hide.delete(l) };
    const stop = startAutosave(store, autosave, page, 500);
    return { store, storage, stop, pagehide: () => hide.forEach((l) => l()) };
  }

  it('saves the latest case once per interval, and at once when the page goes away', () => {
    const { store, storage, pagehide } = setup();
    for (let i = 0; i < 20; i++) store.getState().setField('answer', `{"i":${i}}`);
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(500);
    expect(storage.writes).toBe(1);
    expect(createAutosave(storage).load()?.state.answer).toBe('{"i":19}');
    store.getState().setField('answer', '{"last":true}');
    pagehide();
    expect(createAutosave(storage).load()?.state.answer).toBe('{"last":true}');
  });

  it('waits for a run in flight to land before saving, but saves at once when the page goes away', () => {
    const { store, storage, pagehide } = setup();
    store.getState().setField('answer', '{"a":1}');
    store.getState().setRun({ kind: 'evaluating' });
    vi.advanceTimersByTime(5000);
    expect(storage.writes).toBe(0);
    store.getState().setRun({ kind: 'done', ms: 3 });
    vi.advanceTimersByTime(100);
    expect(createAutosave(storage).load()?.state.answer).toBe('{"a":1}');
    store.getState().setField('answer', '{"a":2}');
    store.getState().setRun({ kind: 'evaluating' });
    vi.advanceTimersByTime(5000);
    pagehide();
    expect(createAutosave(storage).load()?.state.answer).toBe('{"a":2}');
  });

  it('writes nothing when the page goes away with no change since the last save', () => {
    const { storage, pagehide } = setup();
    pagehide();
    expect(storage.writes).toBe(0);
  });

  it('flags the case that timed out (saving it first), and clears the flag once it ran', () => {
    const { store, storage } = setup();
    store.getState().setField('schema', 'while (true) {}');
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    expect(createAutosave(storage).load()).toEqual({ state: { ...DEFAULT_CASE, schema: 'while (true) {}' }, held: 'timeout', previous: null });
    store.getState().setRun({ kind: 'done', ms: 5 });
    expect(createAutosave(storage).load()?.held).toBeNull();
  });

  it('reports a failing storage through storageNote, and clears it once a save works', () => {
    const storage = new FakeStorage();
    const { store } = setup(storage);
    storage.failWith = new DOMException('full', 'QuotaExceededError');
    store.getState().setField('answer', '{"a":1}');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toMatch(/full/);
    storage.failWith = null;
    store.getState().setField('answer', '{"a":2}');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBeNull();
  });

  it('keeps the storage note through calls that write nothing (a run landing), until a write works', () => {
    const storage = new FakeStorage();
    const { store } = setup(storage);
    storage.failWith = new DOMException('full', 'QuotaExceededError');
    store.getState().setField('answer', '{"a":1}');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toMatch(/full/);
    // The run of that case lands: markRan has no flag to clear, so it writes nothing and says nothing about storage.
    store.getState().setRun({ kind: 'evaluating' });
    store.getState().setRun({ kind: 'done', ms: 5 });
    expect(store.getState().storageNote).toMatch(/full/);
    // A case too large to save is not storage's fault either: the note stays, and nothing is written.
    store.getState().setField('answer', huge.answer);
    vi.advanceTimersByTime(500);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    expect(store.getState().storageNote).toMatch(/full/);
    expect(storage.writes).toBe(0);
  });
});

describe('a link never replaces the saved draft until edited; a case that crashed the page is held', () => {
  afterEach(() => vi.useRealTimers());
  const draft: Case = { ...DEFAULT_CASE, answer: '{"my":"draft"}' };
  const linkCase: Case = { ...DEFAULT_CASE, schema: "import { z } from 'zod';\nwhile (true) {}\nexport default z.object({});\n" };
  const noPage = { addEventListener: () => {}, removeEventListener: () => {} };

  /** Boots as main.tsx does: the starting point from the location and the storage, the store, autosave. */
  function boot(storage: FakeStorage, hash: string) {
    vi.useFakeTimers();
    const autosave = createAutosave(storage);
    const start = startingPoint({ hash }, DEFAULT_CASE, autosave.load(), autosave.heldLink());
    const store = createPlaygroundStore(start.state, null, { linked: start.linked, previousDraft: start.previousDraft, holdReason: start.held });
    const stop = startAutosave(store, autosave, noPage, 500);
    return { store, start, stop };
  }
  function savedDraft(): FakeStorage {
    const storage = new FakeStorage();
    createAutosave(storage).save(draft);
    return storage;
  }

  it('a link that times out leaves the draft saved, and is held on its next open (the draft is not)', () => {
    const storage = savedDraft();
    const first = boot(storage, encodePermalink(linkCase));
    expect(first.start).toMatchObject({ state: linkCase, linked: true, previousDraft: draft, held: null });
    first.store.getState().setRun({ kind: 'evaluating' });
    first.store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    first.stop();
    expect(createAutosave(storage).load()).toEqual({ state: draft, held: null, previous: null });
    boot(storage, encodePermalink(linkCase)).stop();
    expect(boot(storage, encodePermalink(linkCase)).start).toMatchObject({ state: linkCase, held: 'timeout' });
    expect(boot(storage, '').start).toMatchObject({ state: draft, held: null, previousDraft: null });
  });

  it('a link run that then finishes clears its hold', () => {
    const storage = savedDraft();
    const first = boot(storage, encodePermalink(linkCase));
    first.store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    first.stop();
    const second = boot(storage, encodePermalink(linkCase));
    second.store.getState().setRun({ kind: 'done', ms: 3 });
    second.stop();
    expect(boot(storage, encodePermalink(linkCase)).start.held).toBeNull();
  });

  it("an edit to the link's case saves it, keeping the draft as the previous draft; Restore previous draft brings it back", () => {
    const storage = savedDraft();
    const { store, stop } = boot(storage, encodePermalink(linkCase));
    vi.advanceTimersByTime(5000);
    expect(createAutosave(storage).load()?.state).toEqual(draft);
    store.getState().setField('answer', '{"edited":"link"}');
    vi.advanceTimersByTime(500);
    const edited = { ...linkCase, answer: '{"edited":"link"}' };
    expect(createAutosave(storage).load()).toEqual({ state: edited, held: null, previous: draft });
    stop();
    // A plain open later: the edited case, with the previous draft still offered.
    const later = boot(storage, '');
    expect(later.start).toMatchObject({ state: edited, linked: false, previousDraft: draft });
    later.store.getState().restorePreviousDraft();
    expect(later.store.getState()).toMatchObject({ answer: draft.answer, schema: draft.schema, previousDraft: edited });
    vi.advanceTimersByTime(500);
    expect(createAutosave(storage).load()).toEqual({ state: draft, held: null, previous: edited });
  });

  it('a link pasted into the open app: the case being edited is saved as the draft, and the link case is not', () => {
    const storage = new FakeStorage();
    const { store, stop } = boot(storage, '');
    store.getState().setField('answer', draft.answer);
    store.getState().loadCase(linkCase, null, { linked: true });
    vi.advanceTimersByTime(5000);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    expect(createAutosave(storage).load()).toEqual({ state: draft, held: null, previous: null });
    expect(store.getState().previousDraft).toEqual(draft);
    stop();
  });

  it('an example picked from the gallery is opened like a link: the draft (tool, converter, client, versions) stays saved and comes back', () => {
    const storage = new FakeStorage();
    const { store, stop } = boot(storage, '');
    store.getState().setField('tool', 'my_tool');
    store.getState().setField('converter', 'frontmcp');
    store.getState().setField('client', 'sdk-v2-browser');
    store.getState().setVersions({ sdk: '1.20.2' });
    const mine = normalizeCase(store.getState());
    vi.advanceTimersByTime(500);
    const example = EXAMPLES.find((e) => e.case.versions !== undefined)!;
    // What the Examples menu does.
    store.getState().loadCase(exampleCase(example), example.id);
    vi.advanceTimersByTime(5000);
    expect(createAutosave(storage).load()).toEqual({ state: mine, held: null, previous: null });
    // A new tab at `/` opens the draft, not the example.
    expect(boot(storage, '').start).toMatchObject({ state: mine, linked: false });
    // This tab offers the draft back, whole.
    expect(store.getState().previousDraft).toEqual(mine);
    store.getState().restorePreviousDraft();
    expect(normalizeCase(store.getState())).toEqual(mine);
    stop();
  });

  it('a case whose report crashed the page is held on the next open (the draft, or a link beside it)', () => {
    const storage = new FakeStorage();
    const own = boot(storage, '');
    own.store.getState().setField('answer', draft.answer);
    own.store.getState().setRun({ kind: 'done', ms: 3 });
    own.store.getState().noteUiCrash('Objects are not valid as a React child');
    own.stop();
    expect(boot(storage, '').start).toMatchObject({ state: draft, held: 'crash' });
    const link = boot(storage, encodePermalink(linkCase));
    link.store.getState().noteUiCrash('boom');
    link.stop();
    expect(boot(storage, encodePermalink(linkCase)).start).toMatchObject({ state: linkCase, held: 'crash' });
    expect(createAutosave(storage).load()?.state).toEqual(draft);
  });
});

describe('live evaluation of a held case', () => {
  it('does not run until asked (or edited), then runs', async () => {
    const store = createPlaygroundStore(DEFAULT_CASE);
    const cases: string[] = [];
    const evaluator = { evaluate: async (c: { schema: string }) => (cases.push(c.schema), { kind: 'timeout' as const, budgetMs: 2000 }) };
    const live = startLiveEvaluation(store, evaluator as unknown as Evaluator, { hold: true });
    expect(store.getState().run).toEqual({ kind: 'held' });
    expect(cases).toEqual([]);
    live.run();
    await vi.waitFor(() => expect(store.getState().run).toEqual({ kind: 'timeout', budgetMs: 2000 }));
    store.getState().setField('schema', 'edited');
    expect(cases).toEqual([DEFAULT_CASE.schema, 'edited']);
    live.stop();
  });
});
