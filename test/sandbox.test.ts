/** The sandbox's pure rules: the case digest the page checks replies by, and which cases need a fresh realm. */
import { describe, expect, it } from 'vitest';
import { acceptsReply, caseDigest } from '../src/sandbox/digest.ts';
import { needsFreshRealm } from '../src/sandbox/policy.ts';

const base = { v: 1, role: 'output', tool: 'get_invoice', schema: "import { z } from 'zod';\nexport default z.object({ a: z.string() });\n", answer: '{"a":"x"}' };

describe('caseDigest', () => {
  it('is the same for a case and its structured clone (what the worker receives)', () => {
    expect(caseDigest(structuredClone(base))).toBe(caseDigest(base));
  });

  it.each([
    ['role', { role: 'input' }],
    ['tool', { tool: 'get_invoices' }],
    ['schema', { schema: base.schema.replace('a:', 'b:') }],
    ['answer', { answer: '{"a":"y"}' }],
    ['a character moved between schema and answer', { schema: base.schema.slice(0, -1), answer: `\n${base.answer}` }],
    ['a missing role (the engine defaults it)', { role: undefined }],
    ['picked versions (another world)', { versions: { zod: '3.25.76' } }],
    ['answer form', { answerForm: 'result' }],
    ['generation request', { generate: { want: 'sample', converter: 'mcp-sdk-v1', client: 'sdk-v1', budgetMs: 2000 } }],
  ])('differs when the %s differs', (_, change) => {
    expect(caseDigest({ ...base, ...change })).not.toBe(caseDigest(base));
  });

  it('ignores what the engine does not read (UI choices)', () => {
    expect(caseDigest({ ...base, converter: 'frontmcp', client: 'sdk-v1' })).toBe(caseDigest(base));
  });

  it('digests garbage without throwing', () => {
    for (const c of [null, undefined, 42, 'x', [], { schema: 1, answer: {} }]) expect(caseDigest(c)).toMatch(/^[0-9a-z]+$/);
  });
});

describe('acceptsReply', () => {
  const sent = { id: 7, digest: caseDigest(base) };

  it('accepts the reply for the id and case sent', () => {
    expect(acceptsReply(sent, { id: 7, digest: caseDigest(structuredClone(base)) })).toBe(true);
  });

  it('drops a reply for another case under the same id (forged or crossed)', () => {
    expect(acceptsReply(sent, { id: 7, digest: caseDigest({ ...base, schema: 'forged' }) })).toBe(false);
  });

  it('drops a reply for another id, one without a digest, and any reply when nothing was sent', () => {
    expect(acceptsReply(sent, { id: 8, digest: sent.digest })).toBe(false);
    expect(acceptsReply(sent, { id: 7 })).toBe(false);
    expect(acceptsReply(undefined, { id: 7, digest: sent.digest })).toBe(false);
  });
});

describe('needsFreshRealm', () => {
  it('lets a worker that ran nothing take any case', () => {
    expect(needsFreshRealm(null, base)).toBe(false);
  });

  it('keeps a worker for its own schema text (answer, role or tool edits)', () => {
    expect(needsFreshRealm(base.schema, { ...base, answer: '{}', role: 'input', tool: 't' })).toBe(false);
  });

  it('never lets another schema text run in a worker that ran one', () => {
    expect(needsFreshRealm(base.schema, { ...base, schema: `${base.schema} ` })).toBe(true);
    expect(needsFreshRealm(base.schema, { v: 1 })).toBe(true);
    expect(needsFreshRealm('', { ...base, schema: 'x' })).toBe(true);
  });
});
