/** Embed mode: options from the URL, the postMessage protocol, and the "Open in playground" link. */
import { describe, expect, it } from 'vitest';
import { MAX_SET_CHARS, openInPlaygroundUrl, parseHostMessage, resizeMessage, SET_TYPE } from '../src/ui/embed/messages.ts';
import { parseEmbedOptions } from '../src/ui/embed/options.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const DEFAULTS = { embed: false, panes: null, readonly: false, theme: 'auto' };

describe('parseEmbedOptions', () => {
  it('reads the documented example', () => {
    expect(parseEmbedOptions('?embed&panes=listed,verdict&readonly&theme=dark')).toEqual({ embed: true, panes: ['listed', 'verdict'], readonly: true, theme: 'dark' });
  });

  it('defaults to the full app when there is no query', () => {
    expect(parseEmbedOptions('')).toEqual(DEFAULTS);
    expect(parseEmbedOptions('?')).toEqual(DEFAULTS);
    expect(parseEmbedOptions('?other=1')).toEqual(DEFAULTS);
  });

  it.each([
    ['?embed', true],
    ['?embed=', true],
    ['?embed=1', true],
    ['?embed=true', true],
    ['?embed=0', false],
    ['?embed=false', false],
    ['?embed=OFF', false],
    ['?embedded', false],
  ])('%s → embed %s', (search, embed) => {
    expect(parseEmbedOptions(search).embed).toBe(embed);
  });

  it('keeps known panes in the order given, once each, and ignores unknown ones', () => {
    expect(parseEmbedOptions('?panes=verdict,%20Listed%20,verdict,nope,real-sdk').panes).toEqual(['verdict', 'listed', 'real-sdk']);
  });

  it('shows every pane when none of the named panes exists, or none is named', () => {
    expect(parseEmbedOptions('?panes=nope,,').panes).toBeNull();
    expect(parseEmbedOptions('?panes=').panes).toBeNull();
    expect(parseEmbedOptions('?panes').panes).toBeNull();
  });

  it('takes light, dark and auto in any case, and auto for anything else', () => {
    expect(parseEmbedOptions('?theme=LIGHT').theme).toBe('light');
    expect(parseEmbedOptions('?theme=dark').theme).toBe('dark');
    expect(parseEmbedOptions('?theme=auto').theme).toBe('auto');
    expect(parseEmbedOptions('?theme=solarized').theme).toBe('auto');
    expect(parseEmbedOptions('?theme=').theme).toBe('auto');
  });

  it('reads the first of repeated parameters, and survives malformed escapes', () => {
    expect(parseEmbedOptions('?theme=dark&theme=light').theme).toBe('dark');
    expect(parseEmbedOptions('?readonly=%E0%A4%A&theme=%ZZ')).toEqual({ ...DEFAULTS, readonly: true });
  });
});

const CASE = { role: 'output', tool: 't', schema: 'export default z.string();', answer: '"x"', converter: 'zod', client: 'sdk-v2-node' } as const;
const set = (c: unknown) => ({ type: SET_TYPE, case: c });

describe('parseHostMessage', () => {
  it('accepts a well-formed set message, with or without v: 1', () => {
    expect(parseHostMessage(set(CASE))).toEqual({ ok: true, case: CASE });
    expect(parseHostMessage(set({ v: 1, ...CASE }))).toEqual({ ok: true, case: CASE });
  });

  it('returns only the case fields', () => {
    expect(parseHostMessage(set({ ...CASE, extra: 'x' }))).toEqual({ ok: true, case: CASE });
  });

  it.each([['a string', 'hello'], ['null', null], ['an array', [SET_TYPE]], ['another type', { type: 'mcp-schema-playground:resize', height: 1 }], ['no type', { case: CASE }], ['a near miss', { type: 'mcp-schema-playground:SET', case: CASE }]])(
    'ignores %s silently (not a playground set message)',
    (_, data) => {
      expect(parseHostMessage(data)).toEqual({ ok: false, reason: null });
    },
  );

  it.each([
    ['a missing case', { type: SET_TYPE }, '"case" must be an object'],
    ['a case that is a string', set('#v1.abc'), '"case" must be an object'],
    ['a case that is an array', set([CASE]), '"case" must be an object'],
    ['an unknown role', set({ ...CASE, role: 'both' }), 'the case has the wrong shape: "role" must be one of output, input'],
    ['a missing answer', set({ ...CASE, answer: undefined }), '"answer" must be a string'],
    ['a schema that is not a string', set({ ...CASE, schema: 5 }), '"schema" must be a string'],
    ['an unknown converter', set({ ...CASE, converter: 'mine' }), '"converter" must be one of'],
    ['an unknown client', set({ ...CASE, client: 'curl' }), '"client" must be one of'],
    ['another version', set({ ...CASE, v: 2 }), '"case.v" must be 1 when given'],
    ['a value JSON cannot hold', set({ ...CASE, tool: 10n }), 'not JSON'],
  ])('rejects %s, saying why', (_, data, says) => {
    const result = parseHostMessage(data);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(says);
    expect(!result.ok && result.reason).toMatch(/^Ignored a mcp-schema-playground:set message: .*[^.]\.$/);
  });

  it('rejects an oversize case before encoding it, and accepts one just under the limit', () => {
    const big = 'x'.repeat(MAX_SET_CHARS);
    expect(parseHostMessage(set({ ...CASE, schema: big, answer: '1' }))).toMatchObject({ ok: false, reason: expect.stringContaining('more than 1,000,000 characters') });
    expect(parseHostMessage(set({ ...CASE, tool: '', schema: big.slice(2), answer: '1' })).ok).toBe(true);
  });

  it('never takes a field from a prototype, and a __proto__ key changes nothing', () => {
    const inherited = Object.assign(Object.create({ schema: 'inherited' }) as object, { ...CASE, schema: undefined });
    delete (inherited as { schema?: unknown }).schema;
    expect(parseHostMessage(set(inherited)).ok).toBe(false);
    const json = JSON.parse(`{"type":"${SET_TYPE}","case":{"__proto__":{"schema":"polluted"},"role":"output","tool":"t","answer":"1","converter":"zod","client":"sdk-v1"}}`) as unknown;
    expect(parseHostMessage(json)).toMatchObject({ ok: false, reason: expect.stringContaining('"schema" must be a string') });
    const withProto = JSON.parse(`{"type":"${SET_TYPE}","__proto__":{"x":1},"case":${JSON.stringify(CASE).replace('{', '{"__proto__":{"role":"input"},')}}`) as unknown;
    expect(parseHostMessage(withProto)).toEqual({ ok: true, case: CASE });
    expect(({} as Record<string, unknown>)['schema']).toBeUndefined();
  });

  it('rejects a message whose type or case is only inherited', () => {
    expect(parseHostMessage(Object.create({ type: SET_TYPE, case: CASE }))).toEqual({ ok: false, reason: null });
    const caseOnProto = Object.assign(Object.create({ case: CASE }) as object, { type: SET_TYPE });
    expect(parseHostMessage(caseOnProto).ok).toBe(false);
  });
});

describe('resizeMessage', () => {
  it('rounds the height up', () => {
    expect(resizeMessage(412.2)).toEqual({ type: 'mcp-schema-playground:resize', height: 413 });
  });

  it('has no message for a zero, negative or non-finite height (a host applying 0 would collapse the iframe)', () => {
    for (const height of [0, 0.4 - 0.4, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(resizeMessage(height)).toBeNull();
  });
});

describe('openInPlaygroundUrl', () => {
  const hash = encodePermalink(DEFAULT_CASE);

  it('drops the embed options, keeps the rest of the URL, and carries the case', () => {
    const url = openInPlaygroundUrl(`https://example.dev/play/?embed&panes=listed&readonly&theme=dark&lang=en${hash}`, hash);
    expect(url).toBe(`https://example.dev/play/?lang=en${hash}`);
    expect(decodePermalink(new URL(url).hash)).toEqual({ ok: true, state: DEFAULT_CASE });
  });

  it('replaces whatever fragment the embed had, with or without a leading #', () => {
    expect(openInPlaygroundUrl('http://localhost:5173/?embed#example/copilot-extra-key', hash)).toBe(`http://localhost:5173/${hash}`);
    expect(openInPlaygroundUrl('http://localhost:5173/?embed', hash.slice(1))).toBe(`http://localhost:5173/${hash}`);
  });
});
