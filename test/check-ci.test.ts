/**
 * `check`'s CI pieces, pure: the baseline (a new finding fails, a known one does not, a fixed one is listed), the
 * exit code under --fail-on, and the Markdown report read back by marked (a GFM parser) and linkedom: every table row
 * keeps its cells, and a message is shown as the text it is, whatever it holds.
 */
import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { parseCheckArgs } from '../src/check/args.ts';
import { applyBaseline, baselineText, parseBaseline } from '../src/check/baseline.ts';
import { summaryOf, type CheckResult, type Finding, type ToolRecord } from '../src/check/findings.ts';
import { exitCode } from '../src/check/main.ts';
import { markdownOf } from '../src/check/markdown.ts';

const toolWith = (name: string, findings: Finding[]): ToolRecord => ({ name, outputSchema: { type: 'object' }, inputSchema: { type: 'object' }, findings, calls: [] });
const resultOf = (tools: ToolRecord[], serverFindings: Finding[] = []): CheckResult => ({ server: { name: 'srv', version: '1.0.0' }, findings: serverFindings, tools, summary: summaryOf(serverFindings, tools) });
const refused: Finding = { id: 'call-refused', severity: 'error', client: 'sdk-v1', message: 'sdk-v1 refuses it', link: 'http://localhost:5173/#v1.abc' };
const closed: Finding = { id: 'closed-object', severity: 'warning', message: 'closed' };
const union: Finding = { id: 'type-union', severity: 'warning', message: 'union' };

describe('check: baseline', () => {
  // The run a team adopted the check on: get_invoice refused by sdk-v1, get_user closed, get_order refused by sdk-v1.
  const before = resultOf([toolWith('get_invoice', [refused]), toolWith('get_user', [closed]), toolWith('get_order', [refused])]);
  const known = parseBaseline(baselineText(before));

  it('written and read back: one entry per tool, finding id and client', () => {
    expect(known).toEqual([
      { tool: 'get_invoice', id: 'call-refused', client: 'sdk-v1' },
      { tool: 'get_order', id: 'call-refused', client: 'sdk-v1' },
      { tool: 'get_user', id: 'closed-object', client: null },
    ]);
    expect(exitCode(before, 'error')).toBe(1);
  });

  it('a baselined finding does not fail the run, a new one does, a fixed one is listed as fixed', () => {
    if (typeof known === 'string') throw new Error(known);
    // Now: get_invoice still refused (known), get_order fixed, a new sdk-v2-node refusal on get_invoice, a new warning.
    const now = resultOf([toolWith('get_invoice', [refused, { ...refused, client: 'sdk-v2-node' }]), toolWith('get_user', [closed, union]), toolWith('get_order', [])]);
    const judged = applyBaseline(now, known);
    expect(judged.baseline).toEqual({ known: 2, new: { errors: 1, warnings: 1 }, fixed: [{ tool: 'get_order', id: 'call-refused', client: 'sdk-v1' }] });
    expect(judged.tools[0]?.findings.map((f) => f.known ?? false)).toEqual([true, false]);
    expect(exitCode(judged, 'error')).toBe(1);
    // Only the known ones left: the run passes, even at --fail-on warning.
    const onlyKnown = applyBaseline(resultOf([toolWith('get_invoice', [refused]), toolWith('get_user', [closed])]), known);
    expect(exitCode(onlyKnown, 'error')).toBe(0);
    expect(exitCode(onlyKnown, 'warning')).toBe(0);
    expect(onlyKnown.baseline.fixed).toEqual([{ tool: 'get_order', id: 'call-refused', client: 'sdk-v1' }]);
  });

  it('--fail-on warning fails on a new warning, error does not', () => {
    const warned = resultOf([toolWith('get_user', [closed])]);
    expect(exitCode(warned, 'error')).toBe(0);
    expect(exitCode(warned, 'warning')).toBe(1);
  });

  it('a file that is not a baseline is refused with what was expected', () => {
    expect(parseBaseline('[]')).toMatch(/^not a baseline: expected \{ "format": "mcp-schema-playground check baseline"/);
    expect(parseBaseline('{')).toMatch(/^not JSON: /);
    const bad = JSON.stringify({ format: 'mcp-schema-playground check baseline', version: 1, findings: [{ tool: 't', id: 'nope', client: null }] });
    expect(parseBaseline(bad)).toMatch(/^findings\[0\]: expected \{ "tool": string \| null, "id": one of call-refused, /);
  });
});

describe('check: the command line for CI', () => {
  const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseCheckArgs(argv, () => '[]', env);
  it('--markdown, --baseline, --write-baseline, --fail-on; the playground from --playground, else MCP_SCHEMA_PLAYGROUND_URL', () => {
    const parsed = parse(['--markdown', 'r.md', '--baseline', 'b.json', '--write-baseline', 'n.json', '--fail-on', 'warning', '--url', 'http://x/mcp'], { MCP_SCHEMA_PLAYGROUND_URL: 'https://play.example/' });
    expect(parsed.ok && parsed.options).toMatchObject({ markdown: 'r.md', baseline: 'b.json', writeBaseline: 'n.json', failOn: 'warning', playground: 'https://play.example/' });
    expect(parse(['--playground', 'https://mine.example/p/', '--url', 'http://x/mcp'], { MCP_SCHEMA_PLAYGROUND_URL: 'https://play.example/' })).toMatchObject({ ok: true, options: { playground: 'https://mine.example/p/' } });
    expect(parse(['--url', 'http://x/mcp'])).toMatchObject({ ok: true, options: { playground: 'http://localhost:5173/', failOn: 'error', markdown: null, baseline: null, writeBaseline: null } });
    expect(parse(['--fail-on', 'info', '--url', 'http://x/mcp'])).toEqual({ ok: false, error: '--fail-on takes error or warning; got info' });
    expect(parse(['--url', 'http://x/mcp'], { MCP_SCHEMA_PLAYGROUND_URL: 'javascript:alert(1)' })).toEqual({ ok: false, error: 'MCP_SCHEMA_PLAYGROUND_URL takes an http:// or https:// URL; got javascript:alert(1)' });
  });
});

/** The Markdown as GitHub would show it: marked (GFM tables, inline HTML) into a DOM. */
function rendered(markdown: string) {
  const html = marked.parse(markdown, { gfm: true, async: false }) as string;
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
}
/** What a reader sees of a cell's text (the zero-width space that keeps `@` from mentioning is invisible; an indent is no-break spaces). */
const seen = (node: { textContent: string | null }) => (node.textContent ?? '').replace(/\u200b/g, '').replace(/\u00a0/g, ' ');

describe('check: the Markdown report', () => {
  it('a headline with the counts, a table per tool with findings, the clean tools on one line, the fixed ones in a table', () => {
    const base = parseBaseline(baselineText(resultOf([toolWith('get_order', [refused]), toolWith('get_invoice', [refused])])));
    if (typeof base === 'string') throw new Error(base);
    const result = applyBaseline(resultOf([toolWith('get_invoice', [refused, closed]), toolWith('get_user', []), toolWith('get_order', [])]), base);
    const md = markdownOf(result);
    expect(md).toContain('## MCP schema check: srv 1\\.0\\.0');
    expect(md).toContain('**0 new errors, 1 new warning** (1 error, 1 warning in 3 tools; the baseline knows 1, 1 fixed)');
    const doc = rendered(md);
    const tables = [...doc.querySelectorAll('table')];
    expect(tables).toHaveLength(2);
    const rows = [...(tables[0]?.querySelectorAll('tbody tr') ?? [])].map((tr) => [...tr.querySelectorAll('td')].map(seen));
    expect(rows).toEqual([
      ['❌ error (known)', 'call-refused', 'sdk-v1', 'sdk-v1 refuses it', 'open in the playground'],
      ['⚠️ warning (new)', 'closed-object', '', 'closed', ''],
    ]);
    expect(tables[0]?.querySelector('a')?.getAttribute('href')).toBe('http://localhost:5173/#v1.abc');
    expect(md).toContain('No findings: `get_user`, `get_order`.');
    expect([...(tables[1]?.querySelectorAll('tbody td') ?? [])].map(seen)).toEqual(['get_order', 'call-refused', 'sdk-v1']);
  });

  it('a long or multi-line message is folded in <details>: its first line shows, the whole opens', () => {
    const long = `${'x'.repeat(300)} end`;
    const doc = rendered(markdownOf(resultOf([toolWith('t', [{ ...refused, message: long }, { ...refused, client: 'sdk-v2-node', message: 'first line\n{ "json": true }' }])])));
    const details = [...doc.querySelectorAll('td details')];
    expect(details).toHaveLength(2);
    expect(seen(details[0]?.querySelector('summary') ?? { textContent: '' })).toBe(`${'x'.repeat(160)}…`);
    expect(seen(details[0] ?? { textContent: '' })).toBe(`${'x'.repeat(160)}…${long}`);
    expect(details[1]?.querySelector('br')).not.toBeNull();
    expect(seen(details[1] ?? { textContent: '' })).toBe('first line…first line{ "json": true }');
  });

  it('whatever a message or a tool name holds, its row keeps five cells, it makes no element or link of its own, and it reads as it was sent', () => {
    const NASTY = ['|', '\\|', '`', '```', '<script>alert(1)</script>', '</details>', '<b>', '&amp;', '*', '_', '[a](javascript:alert(1))', '![i](http://x/i.png)', '@octocat', '#1', '~~', ':smile:', 'http://example.com', 'www.example.com', '@org/pkg', 'a@b.co', '\\', '\n', '\r\n', '\r', '<!--', '-->', '- ', '1. ', '> ', '{{', '$x$'];
    const message = fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(message, message, (said, name) => {
        const doc = rendered(markdownOf(resultOf([toolWith(name, [{ ...refused, message: said }])])));
        // The tool's name in its heading's code span: a backtick shows as ˋ, a line break as a space (a code span trims one
        // edge space when both ends have one); a blank name is said in words.
        if (name.trim() === '') expect(seen(doc.querySelector('h3') ?? { textContent: '' })).toContain('(a tool with a blank name)');
        else expect(doc.querySelector('h3 code')?.textContent).toBe(name.replace(/`/g, 'ˋ').replace(/\r\n|\r|\n/g, ' ').replace(/^ (.*) $/s, '$1'));
        const cells = [...doc.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')]);
        expect(cells).toHaveLength(1);
        expect(cells[0]).toHaveLength(5);
        const cell = cells[0]?.[3];
        // Only the report's own markup: <details>, <summary>, <br>.
        expect([...(cell?.querySelectorAll('*') ?? [])].map((e) => e.tagName.toLowerCase()).filter((t) => !['details', 'summary', 'br'].includes(t))).toEqual([]);
        const shown = cell?.querySelector('details') ? seen(cell.querySelector('details') ?? { textContent: '' }).slice(seen(cell.querySelector('summary') ?? { textContent: '' }).length) : seen(cell ?? { textContent: '' });
        // A line break shows as <br> (no text); a mention cannot form (@ is followed by a zero-width space).
        expect(shown).toBe(said.replace(/\r\n|\r|\n/g, ''));
      }),
      { numRuns: 300 },
    );
  });
});
