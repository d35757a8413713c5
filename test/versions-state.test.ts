/**
 * Versions and answer forms in the case: links, the store, the case sent to the evaluator,
 * drafts and the embed's `set` carry them, and leave them out when they are the defaults.
 */
import fc from 'fast-check';
import { deflateSync, inflateSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { shallow } from 'zustand/shallow';
import { ANSWER_FORM_IDS, DEFAULT_VERSIONS, SDK_VERSION_IDS, SERVER_VERSION_IDS, ZOD_VERSION_IDS, type Versions } from '../src/engine/contract/versions.ts';
import type { Evaluator } from '../src/sandbox/protocol.ts';
import { type Case, caseVersions, engineCaseOf, fillCase, normalizeCase } from '../src/engine/case.ts';
import { describeWorld } from '../src/state/caseChoices.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startLiveEvaluation } from '../src/state/liveEvaluation.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { createLinkEncoder, encodePermalink } from '../src/state/linkEncoder.ts';
import { DRAFT_KEY, draftText } from '../src/state/persistence/draftFormat.ts';
import { FakeStorage, reopened } from './persistence-harness.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { parseHostMessage, SET_TYPE } from '../src/ui/embed/messages.ts';

const ZOD3: Versions = { ...DEFAULT_VERSIONS, zod: '3.25.76' };
const OLD_WORLD: Case = { ...DEFAULT_CASE, versions: { ...ZOD3, sdk: '1.20.2' }, answerForm: 'result' };

/** The JSON a link holds. */
function payloadOf(link: string): Record<string, unknown> {
  const bytes = Buffer.from(link.replace(/^#v1\./, ''), 'base64url');
  return JSON.parse(new TextDecoder().decode(inflateSync(bytes))) as Record<string, unknown>;
}

function linkOfJson(value: unknown): string {
  return `#v1.${Buffer.from(deflateSync(new TextEncoder().encode(JSON.stringify(value)))).toString('base64url')}`;
}

describe('links', () => {
  it('round-trips every version world and answer form', () => {
    const arb = fc.record({ zod: fc.constantFrom(...ZOD_VERSION_IDS), sdk: fc.constantFrom(...SDK_VERSION_IDS), server: fc.constantFrom(...SERVER_VERSION_IDS) });
    fc.assert(
      fc.property(arb, fc.constantFrom(...ANSWER_FORM_IDS), (versions, answerForm) => {
        const decoded = decodePermalink(encodePermalink({ ...DEFAULT_CASE, versions, answerForm }));
        if (!decoded.ok) throw new Error(decoded.error);
        expect(caseVersions(decoded.state)).toEqual(versions);
        expect(fillCase(decoded.state).answerForm).toBe(answerForm);
      }),
      { seed: 10, numRuns: 40 },
    );
  });

  it('a case naming the default versions and form is the same link, byte for byte, as one naming none', () => {
    expect(encodePermalink({ ...DEFAULT_CASE, versions: DEFAULT_VERSIONS, answerForm: 'structuredContent' })).toBe(encodePermalink(DEFAULT_CASE));
    expect(decodePermalink(encodePermalink({ ...DEFAULT_CASE, versions: DEFAULT_VERSIONS }))).toStrictEqual({ ok: true, state: DEFAULT_CASE });
  });

  it('writes only the versions that differ from the defaults, after the v1 fields', () => {
    const payload = payloadOf(encodePermalink(OLD_WORLD));
    expect(Object.keys(payload)).toEqual(['v', 'role', 'tool', 'schema', 'answer', 'converter', 'client', 'versions', 'answerForm']);
    expect(payload['versions']).toEqual({ zod: '3.25.76', sdk: '1.20.2' });
    expect(decodePermalink(encodePermalink(OLD_WORLD))).toStrictEqual({ ok: true, state: OLD_WORLD });
  });

  it('opens a link naming some versions with the defaults for the others', () => {
    const link = linkOfJson({ v: 1, role: 'output', tool: 't', schema: 's', answer: 'a', converter: 'zod', client: 'sdk-v1', versions: { sdk: '1.20.2' } });
    expect(decodePermalink(link)).toMatchObject({ ok: true, state: { versions: { zod: '4.6.7', sdk: '1.20.2', server: '2.4.0' } } });
  });

  it('refuses an unknown version with the versions it has', () => {
    const base = { v: 1, role: 'output', tool: 't', schema: 's', answer: 'a', converter: 'zod', client: 'sdk-v1' };
    expect(decodePermalink(linkOfJson({ ...base, versions: { zod: '5.0.0' } }))).toEqual({
      ok: false,
      error: `This link's case has the wrong shape: "versions.zod" "5.0.0" is not a version this playground has (it has ${ZOD_VERSION_IDS.join(', ')}).`,
    });
    expect(decodePermalink(linkOfJson({ ...base, versions: { zodd: '3.25.76' } }))).toMatchObject({ ok: false, error: expect.stringContaining('"versions" has no "zodd"') });
    expect(decodePermalink(linkOfJson({ ...base, versions: '3.25.76' }))).toMatchObject({ ok: false, error: expect.stringContaining('"versions" must be an object') });
    expect(decodePermalink(linkOfJson({ ...base, answerForm: 'guess' }))).toMatchObject({ ok: false, error: expect.stringContaining('"answerForm" must be one of structuredContent, result') });
  });
});

describe('the store and the evaluator', () => {
  it('keeps picked versions, sends them to the evaluator, and drops them from the case once back to the defaults', () => {
    const store = createPlaygroundStore(DEFAULT_CASE);
    store.getState().setVersions({ zod: '3.25.76' });
    store.getState().setField('answerForm', 'result');
    expect(engineCaseOf(store.getState())).toMatchObject({ versions: ZOD3, answerForm: 'result' });
    expect(normalizeCase(store.getState())).toStrictEqual({ ...DEFAULT_CASE, versions: ZOD3, answerForm: 'result' });
    store.getState().setVersions(DEFAULT_VERSIONS);
    store.getState().setField('answerForm', 'structuredContent');
    expect(normalizeCase(store.getState())).toStrictEqual(DEFAULT_CASE);
    expect(engineCaseOf(store.getState())).toStrictEqual({ v: 1, role: DEFAULT_CASE.role, tool: DEFAULT_CASE.tool, schema: DEFAULT_CASE.schema, answer: DEFAULT_CASE.answer });
  });

  it('opens a case with versions (a link, an example) into the store', () => {
    const store = createPlaygroundStore(DEFAULT_CASE);
    store.getState().loadCase(OLD_WORLD);
    expect(normalizeCase(store.getState())).toStrictEqual(OLD_WORLD);
    store.getState().loadCase(DEFAULT_CASE);
    expect(store.getState().versions).toEqual(DEFAULT_VERSIONS);
  });

  it('selects the same case, field for field, from an unchanged state with versions (useShallow in the embed bar loops otherwise)', () => {
    const store = createPlaygroundStore(OLD_WORLD);
    expect(shallow(normalizeCase(store.getState()), normalizeCase(store.getState()))).toBe(true);
    // A message may carry more keys than a case has: the store keeps only the version keys, once.
    store.getState().loadCase({ ...OLD_WORLD, versions: { ...ZOD3, extra: 'x' } as Versions });
    expect(Object.keys(store.getState().versions)).toEqual(['zod', 'sdk', 'server']);
    expect(shallow(normalizeCase(store.getState()), normalizeCase(store.getState()))).toBe(true);
    store.getState().setVersions({ sdk: '1.20.2' });
    expect(shallow(normalizeCase(store.getState()), normalizeCase(store.getState()))).toBe(true);
  });

  it('runs the case again when a version or the answer form is picked', async () => {
    const sent: unknown[] = [];
    const evaluator = { evaluate: vi.fn(async (c: unknown) => (sent.push(c), { kind: 'stale' as const })), dispose() {} };
    const store = createPlaygroundStore(DEFAULT_CASE);
    const live = startLiveEvaluation(store, evaluator as unknown as Evaluator);
    store.getState().setVersions({ sdk: '1.20.2' });
    store.getState().setField('answerForm', 'result');
    store.getState().setVersions({ sdk: '1.20.2' });
    live.stop();
    expect(sent).toHaveLength(3);
    expect(sent[1]).toMatchObject({ versions: { sdk: '1.20.2' } });
    expect(sent[2]).toMatchObject({ versions: { sdk: '1.20.2' }, answerForm: 'result' });
  });

  it('says which non-default world a case runs', () => {
    expect(describeWorld(DEFAULT_CASE)).toBe('');
    expect(describeWorld(OLD_WORLD)).toBe('zod 3.25.76 · SDK 1.20.2 · whole result');
  });
});

/** Storage holding `c` as the draft, as the app writes it. */
function savedDraft(c: Case): Storage {
  const text = draftText({ case: c, held: null, previous: null }, createLinkEncoder());
  if (!text.ok) throw new Error(text.message);
  return new FakeStorage({ [DRAFT_KEY]: text.text });
}

describe('drafts and the embed', () => {
  it('a draft keeps the versions and the answer form', () => {
    expect(reopened(savedDraft(OLD_WORLD)).case).toStrictEqual(OLD_WORLD);
  });

  it('an embed `set` takes versions and an answer form, optionally, and refuses unknown ones', () => {
    expect(parseHostMessage({ type: SET_TYPE, case: OLD_WORLD })).toStrictEqual({ ok: true, case: OLD_WORLD });
    expect(parseHostMessage({ type: SET_TYPE, case: DEFAULT_CASE })).toStrictEqual({ ok: true, case: DEFAULT_CASE });
    expect(parseHostMessage({ type: SET_TYPE, case: { ...DEFAULT_CASE, versions: { sdk: '0.1' } } })).toMatchObject({ ok: false, reason: expect.stringContaining('"versions.sdk" "0.1" is not a version') });
  });
});

describe('the protocol era: picked, linked, saved and sent to the engine', () => {
  const MODERN: Case = { ...DEFAULT_CASE, protocol: '2026-07-28' };

  it('a link carries the era after the other fields, only when it is not the default, and round-trips it', () => {
    expect(encodePermalink({ ...DEFAULT_CASE, protocol: '2025-11-25' })).toBe(encodePermalink(DEFAULT_CASE));
    const link = encodePermalink({ ...OLD_WORLD, protocol: '2026-07-28' });
    expect(Object.keys(payloadOf(link))).toEqual(['v', 'role', 'tool', 'schema', 'answer', 'converter', 'client', 'versions', 'answerForm', 'protocol']);
    expect(decodePermalink(link)).toStrictEqual({ ok: true, state: { ...OLD_WORLD, protocol: '2026-07-28' } });
    expect(decodePermalink(encodePermalink(DEFAULT_CASE))).toStrictEqual({ ok: true, state: DEFAULT_CASE });
  });

  it('refuses an unknown era with the eras it has', () => {
    const base = { v: 1, role: 'output', tool: 't', schema: 's', answer: 'a', converter: 'zod', client: 'sdk-v1' };
    expect(decodePermalink(linkOfJson({ ...base, protocol: '2024-11-05' }))).toMatchObject({ ok: false, error: expect.stringContaining('"protocol" must be one of 2025-11-25, 2026-07-28') });
  });

  it('the store sends the era to the evaluator, runs again when it is picked, and drops it once back to the default', async () => {
    const sent: unknown[] = [];
    const evaluator = { evaluate: vi.fn(async (c: unknown) => (sent.push(c), { kind: 'stale' as const })), dispose() {} };
    const store = createPlaygroundStore(DEFAULT_CASE);
    const live = startLiveEvaluation(store, evaluator as unknown as Evaluator);
    store.getState().setField('protocol', '2026-07-28');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ protocol: '2026-07-28' });
    expect(describeWorld(store.getState())).toBe('protocol 2026-07-28');
    store.getState().setField('protocol', '2025-11-25');
    expect(normalizeCase(store.getState())).toStrictEqual(DEFAULT_CASE);
    expect(engineCaseOf(store.getState())).not.toHaveProperty('protocol');
    live.stop();
  });

  it('drafts and the embed `set` keep the era', () => {
    expect(reopened(savedDraft(MODERN)).case).toStrictEqual(MODERN);
    expect(parseHostMessage({ type: SET_TYPE, case: MODERN })).toStrictEqual({ ok: true, case: MODERN });
  });
});
