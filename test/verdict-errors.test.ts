/**
 * Verdicts carry the validator's structured errors. The oracle: the errors, written the way each provider writes them
 * (Ajv's errorsText; cfworker's `#<pointer>: <error>` joined with `; `), are exactly the verdict's message, and every
 * path resolves in the value the client validated. Cases: hand-picked edge cases, and every fixture's report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sdkV2 } from '../src/engine/chunks.ts';
import { CLIENT_REGISTRY as CLIENTS } from '../src/engine/clients/index.ts';
import { CAP_MARK, MAX_MESSAGE_ERRORS } from '../src/engine/caps.ts';
import { evaluate } from '../src/engine/evaluate.ts';
import { shipsOf } from '../src/engine/values.ts';
import { type Json, type JsonSchema, type Report, type Verdict } from '../src/engine/report.ts';
import { loadFixtures } from './fixtures.ts';
import { CLIENT_IDS, type ClientId } from '../src/engine/contract/catalog.ts';

// The v2 clients' providers come with the v2 chunk, which evaluate() loads for a case; these tests call clients directly.
beforeAll(() => sdkV2.load());

const PREFIX = "Structured content does not match the tool's output schema: ";
// The input role says the same validation in its own words (src/engine/clients/argument-words.ts).
const INPUT_PREFIX = "The arguments do not match the tool's inputSchema: ";

/** The provider's message rebuilt from the structured errors alone. */
function spelled(client: ClientId, errors: NonNullable<Verdict['errors']>): string {
  if (client === 'sdk-v2-browser') return errors.map((e) => `#${encodeURI(e.path)}: ${e.message}`).join('; ');
  return errors.map((e) => `data${e.path} ${e.message}`).join(', ');
}

/** The value a JSON Pointer reaches, or undefined. */
function resolve(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let at = value;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, seg)) return undefined;
    at = (at as Record<string, unknown>)[seg];
  }
  return at;
}

/** Checks one failing validation verdict against its message and the shipped value. */
function checkVerdict(client: ClientId, verdict: Verdict, shipped: unknown): void {
  const prefix = verdict.message?.startsWith(INPUT_PREFIX) ? INPUT_PREFIX : PREFIX;
  const at = verdict.message?.indexOf(prefix) ?? -1;
  if (verdict.valid !== false || at < 0) {
    expect(verdict.errors, 'only a validation carries errors').toBeUndefined();
    return;
  }
  const errors = verdict.errors ?? [];
  expect(errors.length).toBeGreaterThan(0);
  const said = verdict.message?.slice(at + prefix.length) ?? '';
  const cut = said.indexOf(CAP_MARK);
  if (cut < 0) expect(spelled(client, errors)).toBe(said);
  else {
    // A capped message keeps its first errors; so do the structured errors.
    expect(errors.length).toBeLessThanOrEqual(MAX_MESSAGE_ERRORS);
    expect(spelled(client, errors).startsWith(said.slice(0, cut))).toBe(true);
  }
  for (const e of errors) {
    expect(resolve(shipped, e.path), `${e.path} in the shipped value`).not.toBeUndefined();
    const extra = e.params['additionalProperty'];
    if (typeof extra === 'string') expect(Object.keys(resolve(shipped, e.path) as object)).toContain(extra);
  }
}

const id = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } satisfies JsonSchema;
const CASES: Array<{ name: string; listed: JsonSchema; sc: Json }> = [
  { name: 'extra keys', listed: id, sc: { id: '1', x: 2, y: 3 } },
  { name: 'keys that need escaping', listed: id, sc: { id: '1', 'a/b': 1, 'c~d': 2, 'e%f é #?': 3 } },
  { name: 'nested, under escaped keys', listed: { type: 'object', properties: { 'a/b~': { type: 'array', items: id } } }, sc: { 'a/b~': [{ id: 1, m: 2 }, { id: '2' }] } },
  { name: 'missing required', listed: id, sc: {} },
  { name: 'wrapped result', listed: { type: 'object', properties: { result: { type: 'array', items: { type: 'number' } } }, required: ['result'] }, sc: { result: [1, 'x'] } },
  { name: 'recursive $ref', listed: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#' } } }, additionalProperties: false }, sc: { kids: [{ kids: [], x: 1 }] } },
  { name: '$id schema', listed: { ...id, $id: 'urn:example:errors' }, sc: { id: 2 } },
  { name: 'format and enum', listed: { type: 'object', properties: { d: { type: 'string', format: 'date-time' }, e: { enum: ['a', 'b'] } } }, sc: { d: 'nope', e: 'c' } },
];

describe.each(CASES)('$name', ({ listed, sc }) => {
  it.each(CLIENT_IDS)('%s: the errors spell the message and point into the value', (client) => {
    const verdict = CLIENTS[client].verify(listed, { structuredContent: sc, isError: false }, 't');
    expect(verdict.valid).toBe(false);
    checkVerdict(client, verdict, sc);
  });
});

it('Ajv names the extra key in params; cfworker points at it', () => {
  const sc = { id: '1', 'a/b': 1 };
  const v1 = CLIENTS['sdk-v1'].verify(id, { structuredContent: sc, isError: false }, 't');
  expect(v1.errors).toEqual([{ path: '', keyword: 'additionalProperties', params: { additionalProperty: 'a/b' }, message: 'must NOT have additional properties' }]);
  const browser = CLIENTS['sdk-v2-browser'].verify(id, { structuredContent: sc, isError: false }, 't');
  expect(browser.errors?.map((e) => [e.path, e.keyword])).toEqual([['', 'additionalProperties'], ['/a~1b', 'false']]);
});

it('a verdict that is no validation carries no errors (schema that does not compile, result the parse refuses)', () => {
  const bad = { type: 'object', properties: { id: { type: 'string', pattern: '(' } } } satisfies JsonSchema;
  for (const client of CLIENT_IDS) {
    expect(CLIENTS[client].verify(bad, { structuredContent: { id: '1' }, isError: false }, 't').errors).toBeUndefined();
    expect(CLIENTS[client].verify(id, { structuredContent: null, isError: false }, 't').errors).toBeUndefined();
  }
});

describe('every fixture', () => {
  it.each(loadFixtures())('$file', async (fx) => {
    const report: Report = await evaluate(fx.case);
    for (const row of Object.values(report.converters)) {
      for (const policy of Object.values(row.policies)) {
        for (const client of CLIENT_IDS) {
          const verdict = policy.verdicts[client];
          if (verdict) checkVerdict(client, verdict, shipsOf(report, policy));
        }
      }
    }
  });
});

it('a verdict keeps the first MAX_MESSAGE_ERRORS errors, in the message order', () => {
  const sc: Record<string, Json> = { id: '1' };
  for (let i = 0; i < 120; i++) sc[`k${i}`] = i;
  for (const client of CLIENT_IDS) {
    const verdict = CLIENTS[client].verify(id, { structuredContent: sc, isError: false }, 't');
    const errors = verdict.errors ?? [];
    expect(errors).toHaveLength(MAX_MESSAGE_ERRORS);
    const said = verdict.message ?? '';
    expect(said.slice(said.indexOf(PREFIX) + PREFIX.length).startsWith(`${spelled(client, errors)}${client === 'sdk-v2-browser' ? '; ' : ', '}`)).toBe(true);
  }
});

it('cfworker: past 64 KB of message the second run is skipped and the verdict keeps its message alone', () => {
  const sc: Record<string, Json> = { id: '1' };
  for (let i = 0; i < 2000; i++) sc[`key-${i}`] = i;
  const verdict = CLIENTS['sdk-v2-browser'].verify(id, { structuredContent: sc, isError: false }, 't');
  expect(verdict.message?.length).toBeGreaterThan(64 * 1024);
  expect(verdict.errors).toBeUndefined();
  expect(CLIENTS['sdk-v1'].verify(id, { structuredContent: sc, isError: false }, 't').errors).toHaveLength(MAX_MESSAGE_ERRORS);
});

it('params keep what is small: a huge enum is left out of each error, the refused key stays', () => {
  const allowed = Array.from({ length: 5000 }, (_, i) => `value-${i}`);
  const listed = { type: 'object', properties: { e: { enum: allowed } }, additionalProperties: false } satisfies JsonSchema;
  const verdict = CLIENTS['sdk-v1'].verify(listed, { structuredContent: { e: 'nope', x: 1 }, isError: false }, 't');
  expect(verdict.errors?.map((e) => [e.keyword, e.params])).toEqual([
    ['additionalProperties', { additionalProperty: 'x' }],
    ['enum', {}],
  ]);
  const small = CLIENTS['sdk-v1'].verify({ ...listed, properties: { e: { enum: ['a', 'b'] } } }, { structuredContent: { e: 'nope' }, isError: false }, 't');
  expect(small.errors?.[0]?.params).toEqual({ allowedValues: ['a', 'b'] });
});
