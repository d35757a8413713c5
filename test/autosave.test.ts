/**
 * Drafts: the case kept in localStorage by the store's persist middleware (src/state/persistence), seen through the
 * store and the storage: round trip, the drafts earlier builds saved, holds, and storage that is full, throws or is missing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import fixtures from './fixtures/drafts/v1-drafts.json' with { type: 'json' };
import { DRAFT_KEY, DRAFT_VERSION, heldLinkKey } from '../src/state/persistence/draftFormat.ts';
import { browserStorage } from '../src/state/persistence/storages.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { type Case, normalizeCase } from '../src/engine/case.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase } from '../src/examples/links.ts';
import type { Evaluator } from '../src/sandbox/protocol.ts';
import { boot, FakeStorage, reopened } from './persistence-harness.ts';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
const security = () => new DOMException('Access is denied for this document.', 'SecurityError');
const FULL = "Autosave is off: this browser's storage is full.";
const UNAVAILABLE = "Autosave is off: this browser's storage is unavailable.";
const edited: Case = { ...DEFAULT_CASE, schema: 'export default z.string();', answer: '"x"' };
/** A case past the 4 MB a link may unpack to (5 MB of answer). */
const huge: Case = { ...edited, answer: `"${'x'.repeat(5 * 1024 * 1024)}"` };

/** Opens the app over `storage`, with fake timers, and types `c` (its answer and schema). */
function editTo(storage: Storage | null | 'none', c: Case = edited, hash = '', timers: Parameters<typeof vi.useFakeTimers>[0] = {}) {
  vi.useFakeTimers(timers);
  const page = boot(storage, hash);
  page.store.getState().loadCase(c, null, { linked: false });
  return page;
}

describe('the drafts format', () => {
  afterEach(() => vi.useRealTimers());

  it('stores the case as its permalink in persist’s envelope, at this build’s version, under the draft key', () => {
    const storage = new FakeStorage();
    const { stop } = editTo(storage);
    vi.advanceTimersByTime(500);
    stop();
    expect([...storage.items.keys()]).toEqual([DRAFT_KEY]);
    expect(JSON.parse(storage.items.get(DRAFT_KEY) ?? '')).toEqual({ state: { link: encodePermalink(edited) }, version: DRAFT_VERSION });
    expect(reopened(storage)).toEqual({ case: edited, held: null, previous: null });
  });

  describe.each(Object.entries(fixtures.drafts))('a draft an earlier build saved (%s) still opens', (name, fixture) => {
    // Each as the link decoder gives it back (a named version set comes back whole).
    const cases = Object.fromEntries(Object.entries(fixture.cases).map(([k, c]) => [k, normalizeCase(c as Case)]));
    it('with its case, its hold and the draft it offers back', () => {
      const storage = new FakeStorage(fixture.storage);
      const opened = reopened(storage);
      expect(opened.case).toEqual(cases['draft']);
      expect(opened.held).toBe(name === 'held-crash' ? 'crash' : name === 'held-timeout-with-previous' || name === 'older-timed-out' ? 'timeout' : null);
      expect(opened.previous).toEqual(cases['previous'] ?? null);
      // Opening it writes nothing: the bytes stay until the draft changes.
      expect(storage.writes).toBe(0);
    });
  });

  it("a link an earlier build held beside the draft is held when opened again, and the draft stays", () => {
    const fixture = fixtures.drafts['held-link'];
    const storage = new FakeStorage(fixture.storage);
    const link = fixture.cases.link as Case;
    const { store, stop } = boot(storage, encodePermalink(link));
    expect(store.getState()).toMatchObject({ holdReason: 'timeout', linked: true, previousDraft: fixture.cases.draft });
    stop();
    expect(reopened(storage).case).toEqual(fixture.cases.draft);
  });

  it('rewrites an earlier build’s draft in this version once it changes, and its hold stays while the engine case does', () => {
    const fixture = fixtures.drafts['held-timeout-with-previous'];
    const storage = new FakeStorage(fixture.storage);
    vi.useFakeTimers();
    const { store, stop } = boot(storage);
    store.getState().setField('client', 'sdk-v2-node');
    vi.advanceTimersByTime(500);
    stop();
    const saved = JSON.parse(storage.items.get(DRAFT_KEY) ?? '');
    expect(saved).toEqual({ state: { link: encodePermalink({ ...fixture.cases.draft, client: 'sdk-v2-node' } as Case), held: 'timeout', previous: expect.stringMatching(/^#v1\./) }, version: DRAFT_VERSION });
    expect(reopened(storage)).toEqual({ case: { ...fixture.cases.draft, client: 'sdk-v2-node' }, held: 'timeout', previous: normalizeCase(fixture.cases.previous as Case) });
  });

  it('has nothing to restore in empty storage', () => {
    expect(reopened(new FakeStorage())).toEqual({ case: DEFAULT_CASE, held: null, previous: null });
  });

  it.each([
    ['not JSON', '{"state":'],
    ['JSON null', 'null'],
    ['a later version', JSON.stringify({ state: { link: encodePermalink(edited) }, version: DRAFT_VERSION + 1 })],
    ['an unknown flat version', JSON.stringify({ v: 2, link: encodePermalink(edited), timedOut: false })],
    ['no link', JSON.stringify({ state: { held: 'timeout' }, version: DRAFT_VERSION })],
    ['a damaged link', JSON.stringify({ state: { link: '#v1.@@@' }, version: DRAFT_VERSION })],
    ['a version 1 draft with a damaged link', JSON.stringify({ v: 1, link: '#v1.@@@', timedOut: false })],
    ['a link of the wrong shape', JSON.stringify({ state: { link: encodePermalink({ ...edited, role: 'nope' } as unknown as Case) }, version: DRAFT_VERSION })],
  ])('ignores stored data that is %s', (_, text) => {
    expect(reopened(new FakeStorage({ [DRAFT_KEY]: text }))).toEqual({ case: DEFAULT_CASE, held: null, previous: null });
  });
});

describe('the store wired to the drafts', () => {
  afterEach(() => vi.useRealTimers());

  it('saves the latest case once per interval, and at once when the page goes away', () => {
    const storage = new FakeStorage();
    vi.useFakeTimers();
    const { store, browser } = boot(storage);
    for (let i = 0; i < 20; i++) store.getState().setField('answer', `{"i":${i}}`);
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(500);
    expect(storage.writes).toBe(1);
    expect(reopened(storage).case.answer).toBe('{"i":19}');
    store.getState().setField('answer', '{"last":true}');
    browser.pagehide();
    expect(reopened(storage).case.answer).toBe('{"last":true}');
  });

  it('saves nothing for a fresh case that is run but never edited, even when the page goes away', () => {
    const storage = new FakeStorage();
    vi.useFakeTimers();
    const { store, browser } = boot(storage);
    store.getState().setRun({ kind: 'evaluating' });
    store.getState().setRun({ kind: 'done', ms: 1 });
    vi.advanceTimersByTime(5000);
    browser.pagehide();
    expect(storage.writes).toBe(0);
    store.getState().setField('answer', '{"edited":true}');
    browser.pagehide();
    expect(reopened(storage).case.answer).toBe('{"edited":true}');
  });

  it('waits for a run in flight to land before saving, but saves at once when the page goes away', () => {
    const storage = new FakeStorage();
    vi.useFakeTimers();
    const { store, browser } = boot(storage);
    store.getState().setField('answer', '{"a":1}');
    store.getState().setRun({ kind: 'evaluating' });
    vi.advanceTimersByTime(5000);
    expect(storage.writes).toBe(0);
    store.getState().setRun({ kind: 'done', ms: 3 });
    vi.advanceTimersByTime(100);
    expect(reopened(storage).case.answer).toBe('{"a":1}');
    store.getState().setField('answer', '{"a":2}');
    store.getState().setRun({ kind: 'evaluating' });
    vi.advanceTimersByTime(5000);
    browser.pagehide();
    expect(reopened(storage).case.answer).toBe('{"a":2}');
  });

  it('does not write again when nothing changed, nor when the page goes away with no change since the last save', () => {
    const storage = new FakeStorage();
    const { store, browser } = editTo(storage);
    vi.advanceTimersByTime(500);
    store.getState().setField('answer', '"y"');
    store.getState().setField('answer', edited.answer);
    store.getState().setToast('Link copied');
    vi.advanceTimersByTime(5000);
    browser.pagehide();
    expect(storage.writes).toBe(1);
  });

  it('holds the case that timed out (saved at once), restores it held, and clears the hold once it ran', () => {
    const storage = new FakeStorage();
    vi.useFakeTimers();
    const { store } = boot(storage);
    store.getState().setField('schema', 'while (true) {}');
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    const looping = { ...DEFAULT_CASE, schema: 'while (true) {}' };
    expect(reopened(storage)).toEqual({ case: looping, held: 'timeout', previous: null });
    store.getState().setRun({ kind: 'done', ms: 5 });
    vi.advanceTimersByTime(500);
    expect(reopened(storage).held).toBeNull();
  });

  it('keeps the hold while only the converter or client changes, and drops it once the case itself changes', () => {
    const storage = new FakeStorage();
    const { store } = editTo(storage);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    store.getState().setField('converter', 'zod');
    store.getState().setField('client', 'sdk-v2-node');
    vi.advanceTimersByTime(500);
    expect(reopened(storage).held).toBe('timeout');
    store.getState().setField('answer', '"y"');
    vi.advanceTimersByTime(500);
    expect(reopened(storage)).toEqual({ case: { ...edited, converter: 'zod', client: 'sdk-v2-node', answer: '"y"' }, held: null, previous: null });
  });

  it('reports a failing storage through storageNote, and clears it once a save works', () => {
    const storage = new FakeStorage();
    const { store } = editTo(storage);
    storage.failWith = quota();
    store.getState().setField('answer', '{"a":1}');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBe(FULL);
    storage.failWith = null;
    store.getState().setField('answer', '{"a":2}');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBeNull();
  });

  it('says storage is full instead of throwing, keeps the last good save, and saves again once there is room', () => {
    const storage = new FakeStorage();
    const { store } = editTo(storage);
    vi.advanceTimersByTime(500);
    storage.failWith = quota();
    storage.onlyWrites = true;
    store.getState().setField('answer', '"big"');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBe(FULL);
    expect(reopened(storage).case).toEqual(edited);
    storage.failWith = null;
    store.getState().setField('answer', '"bigger"');
    vi.advanceTimersByTime(500);
    expect(reopened(storage).case.answer).toBe('"bigger"');
  });

  it('recognises the old Firefox quota error by its code', () => {
    const storage = new FakeStorage();
    storage.failWith = Object.assign(new Error('quota'), { code: 1014 });
    storage.onlyWrites = true;
    const { store } = editTo(storage);
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBe(FULL);
  });

  it('says storage is unavailable when every access throws (SecurityError), and opens the fresh case', () => {
    const storage = new FakeStorage();
    storage.failWith = security();
    const { store } = editTo(storage);
    expect(store.getState().previousDraft).toBeNull();
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBe(UNAVAILABLE);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    expect(store.getState().storageNote).toBe(UNAVAILABLE);
  });

  it('is off, saying so, without storage; an embed keeps no drafts and says nothing', () => {
    const off = editTo(null);
    vi.advanceTimersByTime(500);
    expect(off.store.getState().storageNote).toBe(UNAVAILABLE);
    const embed = editTo('none');
    vi.advanceTimersByTime(500);
    expect(embed.store.getState().storageNote).toBeNull();
  });

  it('keeps the storage note through changes that write nothing (a run landing), until a write works', () => {
    const storage = new FakeStorage();
    const { store } = editTo(storage);
    storage.failWith = quota();
    store.getState().setField('answer', '{"a":1}');
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBe(FULL);
    // The run of that case lands: there is no hold to clear, so nothing is written and nothing said about storage.
    store.getState().setRun({ kind: 'evaluating' });
    store.getState().setRun({ kind: 'done', ms: 5 });
    vi.advanceTimersByTime(500);
    expect(store.getState().storageNote).toBe(FULL);
    // A case too large to save is not storage's fault either: the note stays, and nothing is written.
    store.getState().setField('answer', huge.answer);
    vi.advanceTimersByTime(500);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    expect(store.getState().storageNote).toBe(FULL);
    expect(storage.writes).toBe(0);
  });

  it('does not save a case too large for a link, without encoding it, and keeps the last good save', () => {
    const storage = new FakeStorage();
    // Only the timers are faked, so performance.now measures the writes.
    const { store } = editTo(storage, edited, '', { toFake: ['setTimeout', 'clearTimeout'] });
    vi.advanceTimersByTime(500);
    const started = performance.now();
    store.getState().setField('answer', huge.answer);
    vi.advanceTimersByTime(500);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    // Refused by its size alone: nothing is deflated.
    expect(performance.now() - started).toBeLessThan(200);
    expect(storage.writes).toBe(1);
    expect(store.getState().storageNote).toBeNull();
    expect(reopened(storage)).toEqual({ case: edited, held: null, previous: null });
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

describe('a link never replaces the saved draft until edited; a case that crashed the page is held', () => {
  afterEach(() => vi.useRealTimers());
  const draft: Case = { ...DEFAULT_CASE, answer: '{"my":"draft"}' };
  const linkCase: Case = { ...DEFAULT_CASE, schema: "import { z } from 'zod';\nwhile (true) {}\nexport default z.object({});\n" };

  function savedDraft(): FakeStorage {
    const storage = new FakeStorage();
    editTo(storage, draft).stop();
    vi.useRealTimers();
    return storage;
  }
  function open(storage: FakeStorage, hash: string) {
    vi.useFakeTimers();
    return boot(storage, hash);
  }

  it('a link that times out leaves the draft saved, and is held on its next open (the draft is not)', () => {
    const storage = savedDraft();
    const first = open(storage, encodePermalink(linkCase));
    expect(first.store.getState()).toMatchObject({ ...linkCase, linked: true, previousDraft: draft, holdReason: null });
    first.store.getState().setRun({ kind: 'evaluating' });
    first.store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    first.stop();
    expect(reopened(storage)).toEqual({ case: draft, held: null, previous: null });
    open(storage, encodePermalink(linkCase)).stop();
    expect(open(storage, encodePermalink(linkCase)).store.getState()).toMatchObject({ ...linkCase, holdReason: 'timeout' });
    expect(open(storage, '').store.getState()).toMatchObject({ ...draft, holdReason: null, previousDraft: null });
    expect(storage.items.has(heldLinkKey(DRAFT_KEY))).toBe(true);
  });

  it('a link run that then finishes clears its hold', () => {
    const storage = savedDraft();
    const first = open(storage, encodePermalink(linkCase));
    first.store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    first.stop();
    const second = open(storage, encodePermalink(linkCase));
    second.store.getState().setRun({ kind: 'done', ms: 3 });
    second.stop();
    expect(open(storage, encodePermalink(linkCase)).store.getState().holdReason).toBeNull();
    expect(storage.items.has(heldLinkKey(DRAFT_KEY))).toBe(false);
  });

  it("an edit to the link's case saves it, keeping the draft as the previous draft; Restore previous draft brings it back", () => {
    const storage = savedDraft();
    const { store, stop } = open(storage, encodePermalink(linkCase));
    vi.advanceTimersByTime(5000);
    expect(reopened(storage).case).toEqual(draft);
    store.getState().setField('answer', '{"edited":"link"}');
    vi.advanceTimersByTime(500);
    const editedLink = { ...linkCase, answer: '{"edited":"link"}' };
    expect(reopened(storage)).toEqual({ case: editedLink, held: null, previous: draft });
    stop();
    // A plain open later: the edited case, with the previous draft still offered.
    const later = open(storage, '');
    expect(later.store.getState()).toMatchObject({ ...editedLink, linked: false, previousDraft: draft });
    later.store.getState().restorePreviousDraft();
    expect(later.store.getState()).toMatchObject({ answer: draft.answer, schema: draft.schema, previousDraft: editedLink });
    vi.advanceTimersByTime(500);
    expect(reopened(storage)).toEqual({ case: draft, held: null, previous: editedLink });
  });

  it('a link pasted into the open app: the case being edited is saved as the draft at once, and the link case is not', () => {
    const storage = new FakeStorage();
    const { store, stop } = open(storage, '');
    store.getState().setField('answer', draft.answer);
    store.getState().loadCase(linkCase, null, { linked: true });
    expect(reopened(storage)).toEqual({ case: draft, held: null, previous: null });
    vi.advanceTimersByTime(5000);
    store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    expect(reopened(storage)).toEqual({ case: draft, held: null, previous: null });
    expect(store.getState().previousDraft).toEqual(draft);
    stop();
  });

  it('an example picked from the gallery is opened like a link: the draft (tool, converter, client, versions) stays saved and comes back', () => {
    const storage = new FakeStorage();
    const { store, stop } = open(storage, '');
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
    expect(reopened(storage)).toEqual({ case: mine, held: null, previous: null });
    // This tab offers the draft back, whole.
    expect(store.getState().previousDraft).toEqual(mine);
    store.getState().restorePreviousDraft();
    expect(normalizeCase(store.getState())).toEqual(mine);
    stop();
  });

  it('two tabs over one storage: a link held in one never rewrites the draft the other saved since', () => {
    const storage = savedDraft();
    const linkTab = open(storage, encodePermalink(linkCase));
    const draftTab = boot(storage, '');
    draftTab.store.getState().setField('answer', '{"from":"the other tab"}');
    vi.advanceTimersByTime(500);
    linkTab.store.getState().setRun({ kind: 'timeout', budgetMs: 2000 });
    linkTab.stop();
    draftTab.stop();
    expect(reopened(storage)).toEqual({ case: { ...draft, answer: '{"from":"the other tab"}' }, held: null, previous: null });
    expect(open(storage, encodePermalink(linkCase)).store.getState().holdReason).toBe('timeout');
  });

  it('a case whose report crashed the page is held on the next open (the draft, or a link beside it)', () => {
    const storage = new FakeStorage();
    const own = open(storage, '');
    own.store.getState().setField('answer', draft.answer);
    own.store.getState().setRun({ kind: 'done', ms: 3 });
    own.store.getState().noteUiCrash('Objects are not valid as a React child');
    own.stop();
    expect(open(storage, '').store.getState()).toMatchObject({ ...draft, holdReason: 'crash' });
    const link = open(storage, encodePermalink(linkCase));
    link.store.getState().noteUiCrash('boom');
    link.stop();
    expect(open(storage, encodePermalink(linkCase)).store.getState()).toMatchObject({ ...linkCase, holdReason: 'crash' });
    expect(reopened(storage).case).toEqual(draft);
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
