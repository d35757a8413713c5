/**
 * `check`'s pure pieces: the command line, each listing finding under the clients' real validators, the
 * JUnit form, and the README documenting every finding id with an example.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCheckArgs } from '../src/check/args.ts';
import { FINDING_IDS, summaryOf, type CheckResult } from '../src/check/findings.ts';
import { schemaFindings, unexplainedListRefusals, type ListedTool, type ListOutcomes } from '../src/check/judge.ts';
import { junitOf } from '../src/check/output.ts';
import { linkFor } from '../src/check/link.ts';
import { importedListing } from '../src/engine/import/listing-source.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import type { JsonSchema } from '../src/engine/report.ts';

const accepted: ListOutcomes = { 'sdk-v1': null, 'sdk-v2-node': null, 'sdk-v2-browser': null };
const sample = { output: {}, input: {} };
const output = (outputSchema: JsonSchema): ListedTool => ({ name: 't', inputSchema: { type: 'object' }, outputSchema });
const found = (tool: ListedTool, refused: ListOutcomes = accepted) => schemaFindings(tool, refused, sample).map((f) => `${f.id}${f.client ? `@${f.client}` : ''}`);

describe('check: listing findings', () => {
  it('an honest listing has none', () => {
    expect(found(output({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }))).toEqual([]);
  });

  it('closed objects and defaulted keys listed as required, with where they are', () => {
    const tool = output({ type: 'object', properties: { n: { type: 'number', default: 1 }, a: { type: 'object', properties: {}, additionalProperties: false } }, required: ['n'], additionalProperties: false });
    const findings = schemaFindings(tool, accepted, sample);
    expect(findings.map((f) => f.id)).toEqual(['closed-object', 'default-required']);
    expect(findings[0]?.message).toContain('2 objects closed (additionalProperties: false) at outputSchema, outputSchema/properties/a');
    expect(findings[1]?.message).toContain('n (outputSchema)');
  });

  it('a non-object root, with the message each refusing client gave', () => {
    const refused = { ...accepted, 'sdk-v1': 'Invalid literal value, expected "object"' };
    const findings = schemaFindings(output({ type: 'array', items: { type: 'string' } }), refused, sample);
    expect(findings[0]).toMatchObject({ id: 'non-object-root', severity: 'error' });
    expect(findings[0]?.message).toContain('type "array"');
    expect(findings[0]?.message).toContain('sdk-v1: Invalid literal value');
  });

  it('an unresolvable $ref: the finding, and the Ajv clients refuse to compile it with their own message', () => {
    const tool = output({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } });
    expect(found(tool)).toEqual(['unresolvable-ref', 'does-not-compile@sdk-v1', 'does-not-compile@sdk-v2-node']);
    const v2 = schemaFindings(tool, accepted, sample).find((f) => f.client === 'sdk-v2-node');
    expect(v2?.message).toMatch(/^outputSchema does not compile in sdk-v2-node: Tool 't' has an invalid outputSchema: can't resolve reference #\/\$defs\/Missing/);
  });

  it('a $ref to a $defs entry, an $anchor or an $id resolves', () => {
    const tool = output({ type: 'object', $defs: { a: { $anchor: 'x', type: 'string' } }, properties: { a: { $ref: '#/$defs/a' }, b: { $ref: '#x' } } });
    expect(found(tool)).not.toContain('unresolvable-ref');
  });

  it('a dialect the v2 clients do not read: each refuses it', () => {
    const tool = output({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' });
    expect(found(tool)).toEqual(['does-not-compile@sdk-v2-node', 'does-not-compile@sdk-v2-browser']);
    expect(schemaFindings(tool, accepted, sample)[0]?.message).toContain('JSON Schema declares an unsupported dialect');
  });

  it('2020-12 keywords that draft-07 reads differently: a dialect mismatch for sdk-v1 only, naming them', () => {
    const tuple = { type: 'object', properties: { pt: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] } } };
    const findings = schemaFindings(output(tuple), accepted, sample);
    expect(findings.map((f) => `${f.id}@${f.client}`)).toEqual(['dialect-mismatch@sdk-v1']);
    expect(findings[0]?.message).toContain('declares 2020-12 (no $schema: the MCP default), but sdk-v1 validates it as draft-07; these keywords read differently there: prefixItems (outputSchema/properties/pt/prefixItems)');
    // Core keywords only: the dialect cannot change a verdict, so no finding.
    expect(found(output({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { type: 'string' } } }))).toEqual([]);
  });

  it('an inputSchema gets the same checks, but a closed input object is no finding', () => {
    const tool: ListedTool = { name: 't', inputSchema: { type: 'object', properties: { n: { type: 'number', default: 1 } }, required: ['n'], additionalProperties: false } };
    expect(found(tool)).toEqual(['default-required']);
  });

  it('untyped schemas where a value is described, with the pointer of each; the root, combinator branches and typed places are not', () => {
    const tool: ListedTool = {
      name: 't',
      inputSchema: {
        type: 'object',
        properties: {
          filter: {},
          sort: { description: 'any order' },
          ok: { enum: [1, 2] },
          ref: { $ref: '#/$defs/a' },
          branches: { type: 'object', allOf: [{ required: ['x'] }] },
          list: { type: 'array', items: {} },
          bag: { type: 'object', additionalProperties: {} },
          'a/b': {},
        },
        $defs: { a: { type: 'string' } },
      },
    };
    const findings = schemaFindings(tool, accepted, sample);
    expect(findings.map((f) => f.id)).toEqual(['untyped-schema']);
    expect(findings[0]).toMatchObject({ severity: 'warning' });
    expect(findings[0]?.message).toContain(
      'inputSchema has 5 schemas with no type (any JSON value passes) at inputSchema/properties/a~1b, inputSchema/properties/bag/additionalProperties, inputSchema/properties/filter, inputSchema/properties/list/items, inputSchema/properties/sort:',
    );
    // An output root with no type is non-object-root's, not this one's.
    expect(found(output({ properties: { a: { type: 'string' } } }))).toEqual(['non-object-root']);
  });

  it('a type union (`type` as an array), in an input or an output, with the pointer to its `type`', () => {
    const tool: ListedTool = {
      name: 't',
      inputSchema: { type: 'object', properties: { nextThoughtNeeded: { type: ['boolean', 'string'] } } },
      outputSchema: { type: 'object', properties: { a: { type: 'array', items: { type: ['string', 'null'] } } } },
    };
    const findings = schemaFindings(tool, accepted, sample);
    expect(findings.map((f) => f.id)).toEqual(['type-union', 'type-union']);
    expect(findings[0]?.message).toContain('outputSchema gives `type` as an array at outputSchema/properties/a/items/type ["string","null"]');
    expect(findings[1]?.message).toContain('inputSchema gives `type` as an array at inputSchema/properties/nextThoughtNeeded/type ["boolean","string"]');
    expect(found(output({ type: 'object', properties: { a: { type: 'string' } } }))).toEqual([]);
  });

  it('a tools/list refusal that no tool finding explains is reported once per client', () => {
    const refused = { ...accepted, 'sdk-v2-node': 'Invalid result for tools/list: boom' };
    expect(unexplainedListRefusals(refused, []).map((f) => `${f.id}@${f.client}`)).toEqual(['list-refused@sdk-v2-node']);
    expect(unexplainedListRefusals(refused, schemaFindings(output({ type: 'string' }), refused, sample))).toEqual([]);
  });
});

describe('check: the command line', () => {
  const read = (files: Record<string, string>) => (path: string) => {
    if (!(path in files)) throw new Error(`ENOENT: no such file ${path}`);
    return files[path] as string;
  };
  const parse = (argv: string[], files: Record<string, string> = {}) => parseCheckArgs(argv, read(files), { TOKEN: 's3cret' });

  it('a stdio command after --, calls from --call and --calls, --env passed through', () => {
    const parsed = parse(['--json', '--call', 'a={"x":1}', '--call', 'b', '--calls', 'c.json', '--env', 'TOKEN', '--env', 'MODE=ci', '--timeout', '5000', '--', 'node', 'server.js', '--port', '1'], { 'c.json': '[{ "tool": "c", "arguments": { "y": [2] } }, { "tool": "d" }]' });
    expect(parsed).toEqual({
      ok: true,
      options: {
        target: { kind: 'stdio', command: 'node', args: ['server.js', '--port', '1'], env: { TOKEN: 's3cret', MODE: 'ci' } },
        calls: [{ tool: 'a', arguments: { x: 1 } }, { tool: 'b', arguments: {} }, { tool: 'c', arguments: { y: [2] } }, { tool: 'd', arguments: {} }],
        json: true,
        junit: null,
        markdown: null,
        baseline: null,
        writeBaseline: null,
        failOn: 'error',
        timeoutMs: 5000,
        playground: 'http://localhost:5173/',
        clients: [],
      },
    });
  });

  it.each([
    [[], 'no server to check'],
    [['--url', 'http://x/mcp', '--', 'node'], 'not both'],
    [['--url', 'ftp://x'], '--url takes an http:// or https:// URL'],
    [['--call', 'a={x:1}', '--url', 'http://x/mcp'], '--call a: the arguments are not JSON'],
    [['--call', 'a=[1]', '--url', 'http://x/mcp'], '--call a: the arguments must be a JSON object'],
    [['--calls', 'missing.json', '--url', 'http://x/mcp'], '--calls missing.json: ENOENT'],
    [['--calls', 'bad.json', '--url', 'http://x/mcp'], '--calls bad.json: entry 0 needs a "tool" name'],
    [['--timeout', '60001', '--url', 'http://x/mcp'], '--timeout takes a whole number of milliseconds from 1 to 60000'],
    [['--bogus', '--url', 'http://x/mcp'], "Unknown option '--bogus'"],
  ])('%j is refused: %s', (argv, said) => {
    const parsed = parse(argv, { 'bad.json': '[{ "arguments": {} }]' });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(said);
  });
});

describe('check: links', () => {
  it("a server's tool name cannot end the comment it is written in: the link's schema is still the listing as given", () => {
    const listed = { type: 'object', properties: { a: { type: 'string' } } } as const;
    for (const tool of ['x\nwhile (true) {}', 'x\u2028globalThis.pwned = 1', 'x\r\nexport default 1']) {
      const opened = decodePermalink(new URL(linkFor('http://localhost:5173/', { tool, role: 'output', listed, answer: { a: 'b' } }) ?? '').hash);
      expect(opened.ok && opened.state.tool).toBe(tool);
      expect(opened.ok && importedListing(opened.state.schema)).toEqual(listed);
      expect(opened.ok && opened.state.schema.split('\n').filter((l) => !l.startsWith('//'))[0]).toBe('export const listing = {');
    }
  });
});

describe('check: JUnit', () => {
  it('one testsuite, one testcase per tool, one failure per failing testcase holding all its errors, every special character escaped', () => {
    const tools: CheckResult['tools'] = [
      { name: 'ok_tool', outputSchema: null, inputSchema: { type: 'object' }, findings: [], calls: [] },
      {
        name: 'bad<tool>',
        outputSchema: { type: 'object' },
        inputSchema: { type: 'object' },
        findings: [
          { id: 'call-refused', severity: 'error', client: 'sdk-v1', message: `"a" & 'b' <c>\u0001`, link: 'http://localhost:5173/#v1.x' },
          { id: 'call-refused', severity: 'error', client: 'sdk-v2-node', message: 'no' },
          { id: 'does-not-compile', severity: 'error', client: 'sdk-v2-browser', message: 'bad' },
          { id: 'closed-object', severity: 'warning', message: 'closed' },
        ],
        calls: [],
      },
      { name: 'warned', outputSchema: null, inputSchema: { type: 'object' }, findings: [{ id: 'type-union', severity: 'warning', message: 'union' }], calls: [] },
    ];
    const xml = junitOf({ server: { name: 's&s', version: '1' }, findings: [], tools, summary: summaryOf([], tools) });
    expect(xml).toContain('<testsuites name="mcp-schema-playground check" tests="3" failures="1">');
    expect(xml).toContain('<testsuite name="s&amp;s 1" tests="3" failures="1" errors="0">');
    expect(xml).toContain('<testcase classname="s&amp;s 1" name="ok_tool"/>');
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain(
      '<failure type="call-refused does-not-compile" message="3 errors: call-refused (sdk-v1), call-refused (sdk-v2-node), does-not-compile (sdk-v2-browser)">' +
        'call-refused (sdk-v1): &quot;a&quot; &amp; &apos;b&apos; &lt;c&gt;\nhttp://localhost:5173/#v1.x\n\ncall-refused (sdk-v2-node): no\n\ndoes-not-compile (sdk-v2-browser): bad</failure>',
    );
    expect(xml).toContain('<system-out>warning closed-object: closed</system-out>');
    expect(xml).toContain('<testcase classname="s&amp;s 1" name="warned">\n      <system-out>warning type-union: union</system-out>');
  });

  it('findings about the server as a whole are a testcase of their own', () => {
    const findings: CheckResult['findings'] = [{ id: 'connect-failed', severity: 'error', client: 'sdk-v1', message: 'down' }];
    const xml = junitOf({ server: { name: 's', version: '1' }, findings, tools: [], summary: summaryOf(findings, []) });
    expect(xml).toContain('<testsuite name="s 1" tests="1" failures="1" errors="0">');
    expect(xml).toContain('<testcase classname="s 1" name="(server)">');
  });
});

describe('check: docs/ci.md', () => {
  it('documents every finding id with an example', () => {
    const section = readFileSync(join(import.meta.dirname, '..', 'docs/ci.md'), 'utf8');
    for (const id of FINDING_IDS) expect(section, id).toMatch(new RegExp(`\\| \`${id}\` \\| (error|warning) \\|[^\\n]+\\|[^\\n]*\`[^\\n]+\\|`));
  });
});
