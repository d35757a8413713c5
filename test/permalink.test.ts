import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Case, normalizeCase } from '../src/engine/case.ts';
import { CLIENT_IDS, CONVERTER_IDS, ROLES } from '../src/engine/contract/catalog.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase, exampleLink } from '../src/examples/links.ts';
import { decodePermalink, getInitialState, readLink } from '../src/state/permalink.ts';
import { createLinkEncoder, describeTooLarge, encodePermalink, MAX_DECODED_BYTES, tooLargeForLink } from '../src/state/linkEncoder.ts';
import { boot, fakeBrowser, FakeStorage } from './persistence-harness.ts';
import { DRAFT_KEY, draftText } from '../src/state/persistence/draftFormat.ts';

const arbCase: fc.Arbitrary<Case> = fc.record({
  role: fc.constantFrom(...ROLES),
  tool: fc.string({ unit: 'binary' }),
  schema: fc.string({ unit: 'binary' }),
  // 'binary' covers astral characters; arbitrary UTF-16 units add lone surrogates.
  answer: fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) })),
  converter: fc.constantFrom(...CONVERTER_IDS),
  client: fc.constantFrom(...CLIENT_IDS),
});

/** Builds a link from any JSON-able value, the way a (possibly buggy or future) writer would. */
function linkOf(value: unknown, version = 1): string {
  const bytes = deflateSync(new TextEncoder().encode(JSON.stringify(value)));
  return `#v${version}.${Buffer.from(bytes).toString('base64url')}`;
}

describe('round trip', () => {
  it('decodes what it encodes, for arbitrary unicode (astral characters, lone surrogates)', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const link = encodePermalink(c);
        expect(link).toMatch(/^#v1\.[A-Za-z0-9_-]+$/);
        expect(decodePermalink(link)).toEqual({ ok: true, state: c });
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });

  it('keeps lone surrogates exactly', () => {
    const c = { ...DEFAULT_CASE, answer: '{"a":"\ud800 x \udfff 𝄞"}' };
    expect(decodePermalink(encodePermalink(c))).toEqual({ ok: true, state: c });
  });

  it('carries a 1 MB case', () => {
    const lines = Array.from({ length: 22_000 }, (_, i) => `{"sku":"S-${i}","qty":${i % 7},"note":"línea ${i} ✓"}`);
    const c = { ...DEFAULT_CASE, answer: `{"lines":[${lines.join(',\n')}]}` };
    expect(c.answer.length).toBeGreaterThan(1_000_000);
    const link = encodePermalink(c);
    expect(decodePermalink(link)).toEqual({ ok: true, state: c });
  });

  it('accepts the fragment with or without #', () => {
    expect(decodePermalink(encodePermalink(DEFAULT_CASE).slice(1))).toEqual({ ok: true, state: DEFAULT_CASE });
  });
});

describe('tooLargeForLink: a case whose link would not open is known before it is encoded', () => {
  it('agrees with the decoder: null exactly when the link opens under the cap', () => {
    fc.assert(
      fc.property(arbCase, fc.integer({ min: 0, max: 700 }), (c, cap) => {
        const opens = decodePermalink(encodePermalink(c), cap).ok;
        const tooLarge = tooLargeForLink(c, cap);
        expect(tooLarge === null, JSON.stringify({ cap, tooLarge })).toBe(opens);
        if (tooLarge) expect(tooLarge.bytes).toBeGreaterThan(cap);
      }),
      { seed: 20261130, numRuns: 500 },
    );
  });

  it('measures escapes and multibyte text, not characters, near the cap', () => {
    // 700,000 characters that JSON writes as 6 bytes each (\u0001): 4.2 MB once unpacked, though far fewer characters.
    const escaped = { ...DEFAULT_CASE, answer: '\u0001'.repeat(700_000) };
    expect(tooLargeForLink(escaped)).toEqual({ bytes: expect.any(Number), maxBytes: MAX_DECODED_BYTES });
    expect(decodePermalink(encodePermalink(escaped)).ok).toBe(false);
    const plain = { ...DEFAULT_CASE, answer: 'x'.repeat(700_000) };
    expect(tooLargeForLink(plain)).toBeNull();
  });

  it('refuses a 10 MB case by its length alone, at once', () => {
    const big = { ...DEFAULT_CASE, answer: 'x'.repeat(10 * 1024 * 1024) };
    const started = performance.now();
    const tooLarge = tooLargeForLink(big);
    expect(performance.now() - started).toBeLessThan(50);
    expect(tooLarge).toEqual({ bytes: big.tool.length + big.schema.length + big.answer.length, maxBytes: MAX_DECODED_BYTES });
    expect(describeTooLarge(tooLarge ?? { bytes: 0, maxBytes: 0 })).toBe('This case is too large for a link (10.0 MB > 4 MB)');
  });

  it('never says a size that rounds down to the cap', () => {
    expect(describeTooLarge({ bytes: MAX_DECODED_BYTES + 1, maxBytes: MAX_DECODED_BYTES })).toBe('This case is too large for a link (4.01 MB > 4 MB)');
  });
});

describe('golden links: links issued once must open the same case forever', () => {
  it('v1: the Copilot case as first shipped', () => {
    expect(
      decodePermalink(
        '#v1.ZZDLTsMwEEV_xfKmrdRETQEhwgq6YsOSDUbITabFNLGDPQk0Uf6dmSQqj3phj888fK872cg0WUrvCpCpdDVWNcqlROcKuu8BX41tnMmAYMjeoNSETVk5j6ITrejFzrtSzFqXz26VVRa-hlwOO10XKNrYbd8hw3mnrBAmT4kE9Mbu54slI3SoC6a2LrfgJ1oYC4Gp9l4f54zEv1m8wqE-G8jrA4-_R8bG4inbjwHv_YIkkzFtwyd4MjYMVtLkSqZ0Pjw-Rcnqcq3k0KLoW0gs55L1TXw1wcwF3IBF8GPXZhNdnzoGI8yfx9c7YqR6rLyLEiqkgPQyWXNcar83lq-r-CIR_ST7T-P98MJPI5Vx1QtZGgxlzjbgSRF5KrMqCvkhahJOFIaUEp1I_w0',
      ),
    ).toEqual({
      ok: true,
      state: {
        role: 'output',
        tool: 'get_invoice',
        schema:
          "import { z } from 'zod';\n\nexport default z.object({\n  id: z.string(),\n  total: z.number(),\n  lines: z.array(\n    z.object({\n      sku: z.string(),\n      qty: z.number().int(),\n    }),\n  ),\n});\n",
        answer:
          '{\n  "id": "INV-1042",\n  "total": 129.5,\n  "costCenter": "CC-7",\n  "lines": [\n    { "sku": "A-1", "qty": 2, "margin": 0.31 },\n    { "sku": "B-7", "qty": 1 }\n  ]\n}\n',
        converter: 'mcp-sdk-v1',
        client: 'sdk-v1',
      },
    });
  });

  it('v1: an input case with non-ASCII text', () => {
    expect(
      decodePermalink(
        '#v1.LY87UsNADIavolETe8bOEEpzlW38kPHCPhKt1mbscccNKGgCHR2nokjNEbLOpPz1f9I3WnDE6lAge0NYoXbHKFigeG9SDFRzO6Qc2oFsvQH26FlggRlW6Nlb2M2-2z0pR2-3pqO-jkZg3vvmhVrJFjhVKQVh7Z6zvACjrZZt5KJtiLN8f9_JDg85rHm6lYy1CxNxMi4KTworhckDf-cP-P96_4bL58_l_KtwTWjr3UgsN3rSTKVwlKGPZuuMJifbK91rOT6WDfspJHK9Ag',
      ),
    ).toEqual({
      ok: true,
      state: {
        role: 'input',
        tool: 'search',
        schema: "import { z } from 'zod';\nexport default z.object({ q: z.string(), limit: z.number().default(10) });\n",
        answer: '{"q":"zod ✓ 𝄞 日本"}',
        converter: 'wire-truthful',
        client: 'sdk-v2-browser',
      },
    });
  });

  it('v1: a case with an empty answer', () => {
    expect(
      decodePermalink(
        '#v1.JYxBDoMwDAS_YvkCSFCpPdKv9JImRtAmMQoGKlD-XgM3z6w1Oy7Y3mtM7Alb5FnGWbBGYfbKa09RabI9BaM8hJGTwA4bZOgSByg2dsXzFel3Lo46M3uB7cbvD1kpdzgarQpnhMoKcqXf2jRxWilpU2_LcaEkJwY7NpP7NsvjGPxAUdReponsCPMf',
      ),
    ).toEqual({
      ok: true,
      state: {
        role: 'output',
        tool: 'when',
        schema: "import { z } from 'zod';\nexport default z.object({ when: z.date() });\n",
        answer: '',
        converter: 'mcp-sdk-v2',
        client: 'sdk-v2-node',
      },
    });
  });
});

describe('links that cannot be opened say why', () => {
  const good = encodePermalink(DEFAULT_CASE);

  it.each([1, 2, 3, 10, 100])('a link missing its last %i characters', (cut) => {
    expect(decodePermalink(good.slice(0, -cut))).toEqual({ ok: false, error: expect.stringContaining('truncated') });
  });

  it('an unknown, newer version', () => {
    expect(decodePermalink(linkOf({ v: 9 }, 9))).toEqual({
      ok: false,
      error: expect.stringContaining('This link was made by a newer version of the playground (v9)'),
    });
  });

  it('not a playground link at all', () => {
    expect(decodePermalink('#section-2')).toEqual({ ok: false, error: expect.stringContaining('#v1.') });
  });

  it('characters base64url never has', () => {
    expect(decodePermalink('#v1.abc$def')).toEqual({ ok: false, error: expect.stringContaining('damaged') });
  });

  it('data that is not deflate', () => {
    expect(decodePermalink(`#v1.${Buffer.from('hello there, not deflate at all').toString('base64url')}`)).toEqual({
      ok: false,
      error: expect.stringMatching(/truncated or damaged|damaged/),
    });
  });

  it('valid deflate of invalid JSON', () => {
    const link = `#v1.${Buffer.from(deflateSync(new TextEncoder().encode('{"v":1,'))).toString('base64url')}`;
    expect(decodePermalink(link)).toEqual({ ok: false, error: expect.stringContaining('not valid JSON') });
  });

  it.each([
    ['an array', []],
    ['a missing schema', { ...DEFAULT_CASE, v: 1, schema: undefined }],
    ['an unknown converter', { ...DEFAULT_CASE, v: 1, converter: 'nope' }],
    ['an unknown role', { ...DEFAULT_CASE, v: 1, role: 'both' }],
  ])('the wrong shape: %s', (_, value) => {
    expect(decodePermalink(linkOf(value))).toEqual({ ok: false, error: expect.stringContaining('wrong shape') });
  });

  it('a deflate bomb is refused without inflating it all', () => {
    // 64 MB of zeros compress to about 64 KB.
    const bomb = deflateSync(new Uint8Array(64 * 1024 * 1024));
    const link = `#v1.${Buffer.from(bomb).toString('base64url')}`;
    const before = process.memoryUsage().arrayBuffers;
    const r = decodePermalink(link);
    expect(r).toEqual({ ok: false, error: expect.stringContaining('more than 4 MB') });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
  });

  it('the cap is configurable and exact', () => {
    const link = linkOf({ ...DEFAULT_CASE, v: 1 });
    const size = new TextEncoder().encode(JSON.stringify({ ...DEFAULT_CASE, v: 1 })).length;
    expect(decodePermalink(link, size).ok).toBe(true);
    expect(decodePermalink(link, size - 1).ok).toBe(false);
  });
});

describe('getInitialState', () => {
  const fallback = { ...DEFAULT_CASE, tool: 'fallback' };

  it('no fragment: the fallback, no message', () => {
    expect(getInitialState({ hash: '' }, fallback)).toEqual({ state: fallback, error: null, example: null });
  });

  it('a good link: its case', () => {
    expect(getInitialState({ hash: encodePermalink(DEFAULT_CASE) }, fallback)).toEqual({ state: DEFAULT_CASE, error: null, example: null });
  });

  it('a bad link: the fallback and the reason', () => {
    expect(getInitialState({ hash: '#v1.AAAA' }, fallback)).toEqual({ state: fallback, error: expect.stringContaining('link'), example: null });
  });

  it('an example link: the example\'s case and its id, for every gallery example', () => {
    for (const example of EXAMPLES) {
      expect(getInitialState({ hash: exampleLink(example.id) }, fallback)).toEqual({ state: exampleCase(example), error: null, example: example.id });
    }
    expect(exampleCase(EXAMPLES[0]!)).toMatchObject({ converter: EXAMPLES[0]!.case.converter, schema: EXAMPLES[0]!.case.schema });
  });

  it('an unknown or garbled example id: the fallback and a sentence naming it', () => {
    expect(getInitialState({ hash: '#example/no-such-example' }, fallback)).toEqual({
      state: fallback,
      error: 'This link names an example ("no-such-example") this playground does not have.',
      example: null,
    });
    expect(getInitialState({ hash: '#example/%E0%A4%A' }, fallback)).toMatchObject({ state: fallback, error: expect.stringContaining('does not have') });
  });
});

describe('readLink', () => {
  it('reads v1 links and example links, with or without the #', () => {
    expect(readLink(encodePermalink(DEFAULT_CASE).slice(1))).toEqual({ ok: true, state: DEFAULT_CASE, example: null });
    const first = EXAMPLES[0]!;
    expect(readLink(exampleLink(first.id).slice(1))).toEqual({ ok: true, state: exampleCase(first), example: first.id });
  });
});

describe('the starting case: the link, else the draft, and a held run for a case that timed out', () => {
  const saved = { ...DEFAULT_CASE, answer: '{"saved":true}' };
  /** Storage holding `saved` as the draft, held or not. */
  const withDraft = (held: 'timeout' | null) => {
    const text = draftText({ case: saved, held, previous: null }, createLinkEncoder());
    if (!text.ok) throw new Error(text.message);
    return new FakeStorage({ [DRAFT_KEY]: text.text });
  };
  const started = (storage: Storage, hash: string) => {
    const s = boot(storage, hash).store.getState();
    return { state: normalizeCase(s), banner: s.banner, exampleId: s.exampleId, held: s.holdReason, linked: s.linked, previousDraft: s.previousDraft };
  };

  it('no link: the saved draft; held only when it timed out', () => {
    expect(started(withDraft(null), '')).toEqual({ state: saved, banner: null, exampleId: null, held: null, linked: false, previousDraft: null });
    expect(started(withDraft('timeout'), '')).toMatchObject({ state: saved, held: 'timeout' });
    expect(started(new FakeStorage(), '')).toEqual({ state: DEFAULT_CASE, banner: null, exampleId: null, held: null, linked: false, previousDraft: null });
  });

  it('a link wins over the draft; it is held when it is the case that timed out (a reload after a hang)', () => {
    const other = { ...DEFAULT_CASE, answer: '{"other":true}' };
    expect(started(withDraft('timeout'), encodePermalink(other))).toMatchObject({ state: other, held: null, linked: true, previousDraft: saved });
    expect(started(withDraft('timeout'), encodePermalink({ ...saved, client: 'sdk-v2-node' }))).toMatchObject({ held: 'timeout' });
  });

  it('an example link: its case, and which example it is', () => {
    const first = EXAMPLES[0]!;
    expect(started(new FakeStorage(), exampleLink(first.id))).toMatchObject({ state: exampleCase(first), exampleId: first.id, linked: true });
  });

  it('a bad link: the fresh case and the reason, whatever was saved', () => {
    expect(started(withDraft(null), '#example/nope')).toMatchObject({
      state: DEFAULT_CASE,
      banner: { tone: 'error', text: expect.stringMatching(/"nope".*A fresh case was opened instead\.$/) },
      held: null,
      previousDraft: saved,
    });
  });
});

describe('URL sync: the fragment follows the case, throttled, only on change', () => {
  afterEach(() => vi.useRealTimers());

  /** A fake window without pushState, at `/app/?embed`; the store opened in it without drafts. */
  function fakeWindow(hash = '') {
    const win = fakeBrowser(hash, { push: false, pathname: '/app/', search: '?embed' });
    return { win, writes: win.writes };
  }
  const sync = (win: ReturnType<typeof fakeBrowser>) => boot('none', win);

  it('coalesces a burst of edits into one trailing write per second', () => {
    vi.useFakeTimers();
    const { win, writes } = fakeWindow();
    const { store } = sync(win);
    for (let i = 0; i < 50; i++) store.getState().setField('answer', `{"i":${i}}`);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual([encodePermalink({ ...DEFAULT_CASE, answer: '{"i":49}' })]);
  });

  it('waits for a run in flight to land before writing, and writes the case as it is then', () => {
    vi.useFakeTimers();
    const { win, writes } = fakeWindow();
    const { store } = sync(win);
    store.getState().setField('answer', '{"a":1}');
    store.getState().setRun({ kind: 'evaluating' });
    vi.advanceTimersByTime(5000);
    expect(writes).toEqual([]);
    store.getState().setField('answer', '{"a":2}');
    store.getState().setRun({ kind: 'done', ms: 3 });
    vi.advanceTimersByTime(100);
    expect(writes).toEqual([encodePermalink({ ...DEFAULT_CASE, answer: '{"a":2}' })]);
    // Not waiting any more: the next change is written after the usual second.
    store.getState().setField('answer', '{"a":3}');
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveLength(2);
  });

  it('writes nothing when the case did not change or changed back', () => {
    vi.useFakeTimers();
    const { win, writes } = fakeWindow(encodePermalink(DEFAULT_CASE));
    const { store } = sync(win);
    store.getState().setToast('Link copied');
    store.getState().setField('tool', 'other');
    store.getState().setField('tool', DEFAULT_CASE.tool);
    vi.advanceTimersByTime(5000);
    expect(writes).toEqual([]);
  });

  it('clears the fragment while the case is too large for a link, without encoding it, and writes the link again after', () => {
    // Only the timers are faked, so performance.now measures the flush.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { win, writes } = fakeWindow(encodePermalink(DEFAULT_CASE));
    const { store, flushLink } = sync(win);
    store.getState().setField('answer', 'x'.repeat(10 * 1024 * 1024));
    const started = performance.now();
    vi.advanceTimersByTime(1000);
    flushLink();
    // Deflating 10 MB takes seconds; refusing it takes nothing.
    expect(performance.now() - started).toBeLessThan(200);
    // The page's own path and query, without a fragment: the address bar then holds no older case.
    expect(writes).toEqual(['/app/?embed']);
    expect(win.location.hash).toBe('');
    store.getState().setField('answer', '{"small":true}');
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual(['/app/?embed', encodePermalink({ ...DEFAULT_CASE, answer: '{"small":true}' })]);
  });

  it('opens a link navigated to in the open app, and keeps the case when that link is bad', () => {
    const { win } = fakeWindow();
    const other = { ...DEFAULT_CASE, answer: '{"other":true}', client: 'sdk-v2-node' as const };
    const { store } = sync(win);
    win.navigate(encodePermalink(other));
    expect(store.getState().answer).toBe('{"other":true}');
    expect(store.getState().client).toBe('sdk-v2-node');
    win.navigate('#v1.@@@');
    expect(store.getState().answer).toBe('{"other":true}');
    expect(store.getState().banner?.text).toMatch(/damaged.*The case you were editing is unchanged/);
  });

  it('opens a link navigated to even when a pending write of the edited case lands before the hashchange event', () => {
    vi.useFakeTimers();
    const { win, writes } = fakeWindow();
    const { store } = sync(win);
    store.getState().setField('answer', '{"edited":true}');
    const example = EXAMPLES[2]!;
    // The throttled write runs between the navigation and its event: the address bar then holds the edited case.
    win.navigateLate(exampleLink(example.id), () => vi.advanceTimersByTime(1000));
    // The link goes back in the address bar (the next row).
    expect(writes).toEqual([encodePermalink({ ...DEFAULT_CASE, answer: '{"edited":true}' }), exampleLink(example.id)]);
    expect(store.getState()).toMatchObject({ ...exampleCase(example), exampleId: example.id });
  });

  it('puts a link navigated to back in the address bar when a pending write of the edited case lands before its event', () => {
    vi.useFakeTimers();
    const { win, writes } = fakeWindow();
    const { store } = sync(win);
    store.getState().setField('answer', '{"edited":true}');
    const link = encodePermalink({ ...DEFAULT_CASE, answer: '{"linked":true}' });
    win.navigateLate(link, () => vi.advanceTimersByTime(1000));
    expect(store.getState().answer).toBe('{"linked":true}');
    // The address bar holds the case on screen at once, so a reload or a copied URL opens it (before, it kept the edited
    // case's link for good: the write of the linked case was skipped as equal to the last link written).
    expect(win.location.hash).toBe(link);
    vi.advanceTimersByTime(5000);
    expect(writes).toEqual([encodePermalink({ ...DEFAULT_CASE, answer: '{"edited":true}' }), link]);
    expect(win.location.hash).toBe(link);
  });

  it('opens the link last written again once the case was edited, even before the edit reached the address bar', () => {
    vi.useFakeTimers();
    const link = encodePermalink(DEFAULT_CASE);
    const { win, writes } = fakeWindow(link);
    const { store } = sync(win);
    store.getState().setField('answer', '{"edited":true}');
    // Within the write's throttle the address bar still holds `link`; the user goes there (through another fragment).
    win.navigate('#');
    win.navigate(link);
    expect(store.getState().answer).toBe(DEFAULT_CASE.answer);
    vi.advanceTimersByTime(1000);
    // Nothing to write: the case is the link's again.
    expect(writes).toEqual([]);
  });

  it('opens an example link navigated to, remembering which example it is', () => {
    const { win } = fakeWindow();
    const example = EXAMPLES[2]!;
    const { store } = sync(win);
    win.navigate(exampleLink(example.id));
    expect(store.getState()).toMatchObject({ ...exampleCase(example), exampleId: example.id });
  });
});
