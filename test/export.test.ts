/** Export: the Markdown bug report, and the Vitest reproduction run for real against the published SDKs. */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../src/engine/evaluate.ts';
import type { Report } from '../src/engine/report.ts';
import { EXAMPLES, type Example } from '../src/examples/index.ts';
import { bugReportMarkdown, FOLD_JSON_LINES, MAX_BLOCK_CHARS } from '../src/export/markdown.ts';
import { schemaModule } from '../src/export/schema-module.ts';
import { vitestReproduction } from '../src/export/vitest.ts';
import { policy, report, sdkRow } from './report-stub.ts';
import { reproductionUnavailable } from '../src/export/availability.ts';

const REPO = join(import.meta.dirname, '..');
const example = (id: string): Example => {
  const found = EXAMPLES.find((e) => e.id === id);
  if (!found) throw new Error(`no example ${id}`);
  return found;
};

/** No import (the playground puts `z` in scope), names the test file uses itself, and a final expression as the schema. */
const TRICKY = {
  id: 'tricky-source',
  case: { v: 1, role: 'output', tool: 'tricky', schema: 'const Client = z.object({ a: z.string() });\nconst test = 1;\nClient\n', answer: '{ "a": "x", "b": 1 }\n' },
} as const;

/** An exported empty raw shape: the SDKs register it as z.object({}), and so must the generated test. */
const EMPTY_SHAPE = {
  id: 'empty-shape',
  case: { v: 1, role: 'output', tool: 'empty', schema: "import { z } from 'zod';\nexport default {};\n", answer: '{ "extra": 1 }\n' },
} as const;

const reports = new Map<string, Report>();
beforeAll(async () => {
  for (const id of ['copilot-extra-key', 'default-listed-required', 'loose-object-keeps']) reports.set(id, await evaluate(example(id).case));
  for (const c of [TRICKY, EMPTY_SHAPE]) reports.set(c.id, await evaluate(c.case));
}, 60_000);
const reportOf = (id: string): Report => {
  const r = reports.get(id);
  if (!r) throw new Error(`no report for ${id}`);
  return r;
};

const PASS = { valid: true, message: null };
const opts = { converter: 'zod', client: 'sdk-v1', permalink: 'http://localhost:5173/#v1.x' } as const;

describe('bugReportMarkdown', () => {
  it('reports the Copilot case: title, permalink, schema, answer, listing, each policy and both real SDKs', () => {
    const ex = example('copilot-extra-key');
    const md = bugReportMarkdown(ex.case, reportOf(ex.id), { converter: 'mcp-sdk-v1', client: 'sdk-v1', permalink: 'http://localhost:5173/#v1.abc' });
    const lines = md.split('\n');
    expect(lines[0]).toBe('# `get_invoice`: sdk-v1 rejects the answer (mcp-sdk-v1 listing, raw policy)');
    expect(md).toContain('Open the case in MCP Schema Playground: <http://localhost:5173/#v1.abc>');
    expect(md).toContain(`## Schema (outputSchema)\n\n\`\`\`ts\n${ex.case.schema.trimEnd()}\n\`\`\``);
    expect(md).toContain(`## Answer\n\n\`\`\`json\n${ex.case.answer.trimEnd()}\n\`\`\``);
    // A long listing is folded, so the verdicts are not pages below the headline; the block inside is the same.
    expect(md).toMatch(/## Listed outputSchema \(mcp-sdk-v1\)\n\n<details><summary>The listing \(\d+ lines of JSON\)<\/summary>\n\n```json\n\{\n {2}"type": "object",[^]*?\n```\n\n<\/details>\n/);
    expect(lines).toContain(
      "| raw | costCenter, lines\\[\\].margin | FAIL | MCP error -32602: Structured content does not match the tool's output schema: data must NOT have additional properties, data/lines/0 must NOT have additional properties |",
    );
    expect(lines).toContain('| strip | costCenter, lines\\[\\].margin | PASS |  |');
    expect(lines.find((l) => l.startsWith('| fail |'))).toMatch(/^\| fail \| costCenter, lines\\\[\\\]\.margin \| not validated \| refused by the server: INVALID\\_OUTPUT: /);
    expect(md).toContain("**@modelcontextprotocol/sdk 1.32.2** (SDK v1)\n\n- `tools/list` lists an outputSchema.\n- `tools/call`: the client throws:\n\n  ```text\n  MCP error -32602: Structured content");
    expect(md).toContain('**@modelcontextprotocol/server 2.4.0** (SDK v2)');
    expect(md.endsWith('## Versions\n\n- @cfworker/json-schema 4.1.6\n- @modelcontextprotocol/client 2.4.0\n- @modelcontextprotocol/sdk 1.32.2\n- @modelcontextprotocol/server 2.4.0\n- ajv 8.20.0\n- zod 4.6.7\n')).toBe(true);
  });

  it('is deterministic: the same arguments give the same text, whatever order the versions were recorded in', () => {
    const a = report({ versions: { zod: '1', ajv: '2' } });
    const b = report({ versions: { ajv: '2', zod: '1' } });
    expect(bugReportMarkdown({ schema: 's', answer: '{}' }, a, opts)).toBe(bugReportMarkdown({ schema: 's', answer: '{}' }, b, opts));
  });

  it('escapes table cells: pipes, newlines and inline Markdown stay text', () => {
    const message = 'a | b\nsecond line with `code`, *stars*, <b>html</b> & $x$';
    const r = report({
      converters: {
        zod: { listed: {}, listError: null, warning: null, policies: { raw: policy({ undeclared: ['a|b', 'c_d'], verdicts: { 'sdk-v1': { valid: false, message }, 'sdk-v2-node': PASS, 'sdk-v2-browser': PASS } }) } },
      },
    });
    const row = bugReportMarkdown({ schema: 's', answer: '{}' }, r, opts).split('\n').find((l) => l.startsWith('| raw |'));
    expect(row).toBe('| raw | a\\|b, c\\_d | FAIL | a \\| b<br>second line with \\`code\\`, \\*stars\\*, \\<b\\>html\\</b\\> \\& \\$x\\$ |');
    // Exactly the four column separators remain unescaped.
    expect(row?.replace(/\\\|/g, '').split('|')).toHaveLength(6);
  });

  it('says why a client does not validate: the refusal, or no listed schema', () => {
    const r = report({
      converters: {
        zod: {
          listed: null,
          listError: null,
          warning: null,
          policies: {
            raw: policy({ verdicts: { 'sdk-v1': { valid: null, message: null }, 'sdk-v2-node': PASS, 'sdk-v2-browser': PASS } }),
            fail: policy({ refused: 'INVALID_OUTPUT', verdicts: { 'sdk-v1': { valid: null, message: null }, 'sdk-v2-node': PASS, 'sdk-v2-browser': PASS } }),
          },
        },
      },
    });
    const md = bugReportMarkdown({ schema: 's', answer: '{}' }, r, opts);
    expect(md).toContain('| raw | none | not validated | no outputSchema is listed, so the client does not validate |');
    expect(md).toContain('| fail | none | not validated | refused by the server: INVALID\\_OUTPUT |');
    expect(md).toContain('No outputSchema is listed.');
  });

  it('quotes listing errors and warnings verbatim', () => {
    const r = report({ converters: { zod: { listed: null, listError: 'Date cannot be represented in JSON Schema', warning: 'schema left out', policies: {} } } });
    const md = bugReportMarkdown({ schema: 's', answer: '{}' }, r, opts);
    expect(md.split('\n')[0]).toBe('# `t`: tools/list fails under zod');
    expect(md).toContain('`tools/list` fails:\n\n```text\nDate cannot be represented in JSON Schema\n```\n\nWarning:\n\n```text\nschema left out\n```');
    expect(md).not.toContain('| Policy |');
  });

  it('fences a schema that holds backticks with a longer fence, and a tool name with backticks in a longer code span', () => {
    const schema = 'const doc = `a ``` b`;\nexport default z.string().describe(doc);';
    const md = bugReportMarkdown({ schema, answer: '{}' }, report({ tool: 'a`b' }), opts);
    expect(md.split('\n')[0]).toMatch(/^# ``a`b``: /);
    expect(md).toContain(`\`\`\`\`ts\n${schema}\n\`\`\`\``);
  });

  it('cuts an answer past the limit at a line end, with a note, and keeps short ones whole', () => {
    const big = `[\n${Array.from({ length: 3000 }, (_, i) => `  ${JSON.stringify({ i, pad: 'x'.repeat(10) })}`).join(',\n')}\n]`;
    expect(big.length).toBeGreaterThan(MAX_BLOCK_CHARS);
    const md = bugReportMarkdown({ schema: 's', answer: big }, report(), opts);
    const body = /## Answer\n\n(?:<details>.*\n\n)?```json\n([^]*?)\n```/.exec(md)?.[1] ?? '';
    expect(body.length).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
    expect(body.length).toBeGreaterThan(MAX_BLOCK_CHARS * 0.8);
    expect(big.startsWith(`${body}\n`)).toBe(true);
    expect(md).toContain(`_The answer is cut here: ${body.length.toLocaleString('en-US')} of its ${big.length.toLocaleString('en-US')} characters are shown; the permalink holds all of it._`);
    expect(bugReportMarkdown({ schema: 's', answer: '{"a":1}' }, report(), opts)).not.toContain('is cut here');
  });

  it('folds a JSON block over FOLD_JSON_LINES lines in <details> that names it, and leaves a short one open', () => {
    const long = JSON.stringify(Object.fromEntries(Array.from({ length: FOLD_JSON_LINES + 1 }, (_, i) => [`k${i}`, i])), null, 2);
    const md = bugReportMarkdown({ schema: 's', answer: long }, report(), opts);
    expect(md).toContain(`## Answer\n\n<details><summary>The answer (${FOLD_JSON_LINES + 3} lines of JSON)</summary>\n\n\`\`\`json\n${long}\n\`\`\`\n\n</details>`);
    expect(bugReportMarkdown({ schema: 's', answer: '{\n  "a": 1\n}' }, report(), opts)).not.toContain('<details>');
  });

  it('never cuts a surrogate pair in half', () => {
    const answer = `"${'😀'.repeat(MAX_BLOCK_CHARS)}"`;
    const body = /## Answer\n\n(?:<details>.*\n\n)?```json\n([^]*?)\n```/.exec(bugReportMarkdown({ schema: 's', answer }, report(), opts))?.[1] ?? '';
    expect(body.length).toBeGreaterThan(0);
    expect(body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('reports a schema that does not load with its position', () => {
    const r = report({ load: { ok: false, error: { message: 'Syntax error: Unexpected token', line: 2, column: 5 } }, converters: {}, realSdk: { v1: null, v2: null } });
    const md = bugReportMarkdown({ schema: 's', answer: '{}' }, r, opts);
    expect(md.split('\n')[0]).toBe('# `t`: the schema does not load');
    expect(md).toContain('**The schema does not load:**\n\n```text\nSyntax error: Unexpected token (line 2, column 5)\n```');
    expect(md).toContain('**@modelcontextprotocol/sdk 1.32.2** (SDK v1)\n\nDid not run.');
  });

  it('names the answer problem as the engine found it: malformed JSON, or valid JSON nested too deeply', async () => {
    const cases = [
      { answer: '{"a": }', headline: 'the answer is not valid JSON' },
      { answer: `${'['.repeat(600)}${']'.repeat(600)}`, headline: 'the answer nests too deeply' },
    ];
    for (const c of cases) {
      const r = await evaluate({ v: 1, role: 'output', tool: 't', schema: 'z.any()', answer: c.answer });
      expect(r.answer.ok).toBe(false);
      const md = bugReportMarkdown({ schema: 'z.any()', answer: c.answer }, r, opts);
      expect(md.split('\n')[0]).toBe(`# \`t\`: ${c.headline}`);
      expect(reproductionUnavailable(r, 'v1')).toMatch(new RegExp(`^${c.headline.replace('the', 'The')} \\(`));
    }
  });
});

describe('schemaModule (the schema source inside a test file)', () => {
  const pick = (source: string, role: 'output' | 'input' = 'output') => {
    const { code, needsZ, named, exported, lastFirst } = schemaModule(source, role);
    return { code, needsZ, named, exported, lastFirst };
  };

  it('binds export default to a name and keeps the user\'s zod import', () => {
    expect(pick('import { z } from "zod";\nexport default z.object({ a: z.string() });\n')).toEqual({
      code: 'import { z } from "zod";\nconst defaultExport = z.object({ a: z.string() });\n',
      needsZ: false,
      named: 'defaultExport',
      exported: [],
      lastFirst: [],
    });
    expect(pick('import * as z from "zod";\nexport default z.string();').needsZ).toBe(false);
    expect(pick('import { z as zz } from "zod";\nexport default zz.string();').needsZ).toBe(false);
  });

  it('imports z where the source relies on the playground having it in scope', () => {
    expect(pick('export default z.string();').needsZ).toBe(true);
    expect(pick('// import { z } from "zod"\nconst s = "import { z }";\nexport default z.string();').needsZ).toBe(true);
  });

  it('follows load.ts: default export, then module.exports, then the role\'s named export', () => {
    const both = 'export const outputSchema = z.object({});\nexport const inputSchema = z.string();\n';
    expect(pick(both, 'input')).toMatchObject({ code: both, named: 'inputSchema' });
    expect(pick(both, 'output')).toMatchObject({ named: 'outputSchema' });
    expect(pick('const A = z.string();\nexport { A as default };\n')).toMatchObject({ named: 'A' });
    expect(pick('module.exports = z.string()\n')).toEqual({ code: 'const moduleExports = z.string()\n', needsZ: true, named: 'moduleExports', exported: [], lastFirst: [] });
  });

  it('leaves the rest to run time: the exported values, then the final expression and the bindings, last first', () => {
    expect(pick('export function helper() {}\nexport const Thing = z.string();\n')).toMatchObject({ named: null, exported: ['helper', 'Thing'], lastFirst: ['Thing'] });
    expect(pick('const A = z.string(), B = z.number();\nconst C = [1, 2], D = 3;\n').lastFirst).toEqual(['D', 'C', 'B', 'A']);
    expect(pick('const A = z.string(); A')).toMatchObject({ code: 'const A = z.string(); const lastValue = A', lastFirst: ['lastValue', 'A'] });
  });

  it('ignores comments and strings, and does not take a continued statement for a final expression', () => {
    expect(pick('// export default nope\nconst s = "export default";\nz.object({\n  a: z.string(),\n})\n')).toMatchObject({
      code: '// export default nope\nconst s = "export default";\nconst lastValue = z.object({\n  a: z.string(),\n})\n',
      lastFirst: ['lastValue', 's'],
    });
    expect(pick('const A =\n  z.string()\n')).toMatchObject({ code: 'const A =\n  z.string()\n', lastFirst: ['A'] });
  });

  it('never reuses a name the source mentions', () => {
    const m = schemaModule('const defaultExport = 1;\nexport default z.string();', 'output');
    expect(m.named).toBe('defaultExport_');
    expect(m.fresh('defaultExport')).toBe('defaultExport__');
    expect(m.fresh('other')).toBe('other');
    expect(m.fresh('other')).toBe('other_');
  });
});

describe('vitestReproduction', () => {
  it('refuses, with a reason, when there is nothing to reproduce', () => {
    const bad = report({ load: { ok: false, error: { message: 'boom' } } });
    expect(reproductionUnavailable(bad, 'v1')).toMatch(/^The schema does not load \(boom\)/);
    expect(() => vitestReproduction({ schema: 's', answer: '{}' }, bad, { sdk: 'v1' })).toThrow('The schema does not load');
    expect(reproductionUnavailable(report(), 'v2')).toBe('SDK v2 did not run for this case.');
    expect(reproductionUnavailable(report({ realSdk: { v1: { ...sdkRow, callError: 'The SDK did not answer within 5000 ms' }, v2: null } }), 'v1')).toMatch(/hang/);
    expect(reproductionUnavailable(report(), 'v1')).toBeNull();
  });

  it('imports only vitest, zod and the SDK packages', () => {
    for (const [id, sdk] of [['copilot-extra-key', 'v1'], ['default-listed-required', 'v2']] as const) {
      const file = vitestReproduction(example(id).case, reportOf(id), { sdk });
      const modules = [...file.matchAll(/^import .* from ['"]([^'"]+)['"];?$/gm)].map((m) => m[1]);
      expect(modules.length).toBeGreaterThan(3);
      for (const m of modules) expect(m).toMatch(/^(vitest|zod|@modelcontextprotocol\/(sdk\/[\w/.]+|server|client(\/validators\/ajv)?))$/);
    }
  });

  it('the accepts form checks the listing by what decides the verdict, not by its whole text or today\'s error', () => {
    const file = vitestReproduction(example('copilot-extra-key').case, reportOf('copilot-extra-key'), { sdk: 'v1', form: 'accepts' });
    expect(file).toContain('test("SDK v1: the strict client accepts this answer", async () => {');
    expect(file).not.toContain('rejects.toThrow');
    expect(file).not.toContain('"$schema"');
    expect(file.split('\n').length).toBeLessThan(90);
  });

  it('generated tests typecheck, pass against the real SDKs and fail once the answer no longer gives that verdict; the accepts form is red until the answer passes', { timeout: 240_000 }, async () => {
    const pinned = [
      // The two gallery cases: a client error (v1) and a required .default() field (v2).
      { ...example('copilot-extra-key'), sdk: 'v1', mutate: (a: string) => a.replace('  "costCenter": "CC-7",\n', '').replace(', "margin": 0.3', '') },
      { ...example('default-listed-required'), sdk: 'v2', mutate: (a: string) => a.replace('"id": "1"', '"id": "1", "count": 1') },
      // A passing call: the assertion is structuredContent equality.
      { ...example('loose-object-keeps'), sdk: 'v2', mutate: (a: string) => a.replace('"x": 2', '"x": 3') },
      { ...TRICKY, sdk: 'v1', mutate: (a: string) => a.replace(', "b": 1', '') },
      { ...EMPTY_SHAPE, sdk: 'v1', mutate: (a: string) => a.replace('"extra": 1', '') },
    ] as const;
    // The accepts form: red on today's answer where the client refuses it, green once the answer is one it accepts (and
    // the reverse for a case that passes today). `mutate` makes the answer the other kind.
    const accepts = [
      { ...example('copilot-extra-key'), sdk: 'v1', today: 'failed', mutate: (a: string) => a.replace('  "costCenter": "CC-7",\n', '').replace(', "margin": 0.3', '') },
      { ...example('default-listed-required'), sdk: 'v2', today: 'failed', mutate: (a: string) => a.replace('"id": "1"', '"id": "1", "count": 1') },
      { ...example('loose-object-keeps'), sdk: 'v2', today: 'passed', mutate: (a: string) => a.replace('"id": "u1"', '"id": 1') },
    ] as const;
    const cases = [...pinned.map((c) => ({ ...c, form: 'pin' as const, today: 'passed', mutant: 'failed' })), ...accepts.map((c) => ({ ...c, form: 'accepts' as const, mutant: c.today === 'passed' ? 'failed' : 'passed' }))];
    const dir = join(REPO, 'test', '.generated', `export-${process.pid}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    try {
      // The generated files share one module graph per worker (isolate: false): each imports the SDKs, and 16 files
      // each importing them in a fork of its own cost about 6 s more here. Each file's own result is still read apart.
      writeFileSync(join(dir, 'vitest.config.mts'), `export default { test: { include: ['*.repro.ts'], testTimeout: 30000, isolate: false } };\n`);
      for (const c of cases) {
        const file = vitestReproduction(c.case, reportOf(c.id), { sdk: c.sdk, form: c.form });
        const mutated = c.mutate(c.case.answer);
        expect(mutated).not.toBe(c.case.answer);
        const withMutant = file.replace(`= ${c.case.answer.trim()};`, `= ${mutated.trim()};`);
        expect(withMutant).not.toBe(file);
        writeFileSync(join(dir, `${c.id}.${c.sdk}.${c.form}.repro.ts`), file);
        writeFileSync(join(dir, `${c.id}.${c.sdk}.${c.form}.mutant.repro.ts`), withMutant);
      }
      expect(await typecheck(dir)).toBe('');
      const results = await runVitest(dir);
      for (const c of cases) {
        expect(results.get(`${c.id}.${c.sdk}.${c.form}.repro.ts`), `${c.id} ${c.sdk} ${c.form}`).toEqual([c.today]);
        expect(results.get(`${c.id}.${c.sdk}.${c.form}.mutant.repro.ts`), `${c.id} ${c.sdk} ${c.form} mutant`).toEqual([c.mutant]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Type-checks the generated files in `dir` with the repository's compiler options; resolves to tsc's output ('' when clean). */
async function typecheck(dir: string): Promise<string> {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(REPO, 'tsconfig.json'), include: ['*.repro.ts'] }));
  const out: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => out.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => out.push(d.toString()));
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  return out.join('');
}

/** Runs Vitest in a child process on `dir`; resolves file name → the status of each of its tests. */
async function runVitest(dir: string): Promise<Map<string, string[]>> {
  const out = join(dir, 'results.json');
  // The outer run's VITEST* variables would make the child think it is a worker of this run.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const args = [join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir, '--config', join(dir, 'vitest.config.mts'), '--reporter=json', `--outputFile=${out}`];
  const stderr: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  let json: { testResults: Array<{ name: string; assertionResults: Array<{ status: string }> }> };
  try {
    json = JSON.parse(readFileSync(out, 'utf8')) as typeof json;
  } catch {
    throw new Error(`vitest wrote no results:\n${stderr.join('')}`);
  }
  return new Map(json.testResults.map((t) => [t.name.slice(dir.length + 1), t.assertionResults.map((a) => a.status)]));
}
