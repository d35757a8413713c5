/**
 * docs/architecture.md's worked example, followed for real: adding a client is one new file, one catalog line and one
 * registry line. On a copy of src/ the test makes exactly those three edits, then the compiler accepts the copy, the
 * engine's Report carries the new client's verdicts and the Report contract accepts them; without the registry line
 * the compiler refuses it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySrc, edit as editIn, typecheck as typecheckIn } from './src-copy.ts';

const ROOT = join(import.meta.dirname, '..');
const COPY = join(ROOT, 'test', '.generated', 'adding-a-client');

/** Step 1: the client's own file (here a plain draft-07 Ajv with all errors, the validator most servers' clients use). */
const CLIENT_FILE = `/** A fixture client: a plain draft-07 Ajv, all errors. */
import Ajv from 'ajv';
import type { Client } from '../types.ts';

const ajv = new Ajv({ strict: false, allErrors: true });

export const fixtureAjvClient: Client<'fixture-ajv'> = {
  id: 'fixture-ajv',
  verify(listed, result) {
    if (listed === null) return { valid: null, message: null };
    const validate = ajv.compile(listed);
    if (validate(result.structuredContent)) return { valid: true, message: null };
    return { valid: false, message: ajv.errorsText(validate.errors) };
  },
};
`;
/** Step 2: one catalog line. */
const CATALOG_LINE = "  { id: 'fixture-ajv', title: 'Fixture client', short: 'fixture', summary: 'a plain draft-07 Ajv with all errors (test/adding-a-client.test.ts)' },\n";
/** Step 3: one registry line (and its import). */
const REGISTRY_LINE = "  'fixture-ajv': fixtureAjvClient,\n";
const REGISTRY_IMPORT = "import { fixtureAjvClient } from './fixture-ajv.ts';\n";

const edit = (path: string, after: string, insert: string): void => editIn(COPY, path, after, insert);
const typecheck = () => typecheckIn(COPY);

describe('adding a client (docs/architecture.md)', () => {
  beforeAll(() => {
    copySrc(COPY);
    writeFileSync(join(COPY, 'src/engine/clients/fixture-ajv.ts'), CLIENT_FILE);
    edit('src/engine/contract/catalog.ts', "summary: `@modelcontextprotocol/client ${V2_CLIENT} in browsers: @cfworker/json-schema (short-circuit) by $schema; skips isError results; negotiates the case’s protocol` },\n", CATALOG_LINE);
    edit('src/engine/clients/index.ts', "import { sdkV2BrowserClient, sdkV2BrowserClientModern } from './sdk-v2-browser.ts';\n", REGISTRY_IMPORT);
    edit('src/engine/clients/index.ts', "  'sdk-v2-browser': sdkV2BrowserClient,\n", REGISTRY_LINE);
  });
  afterAll(() => rmSync(COPY, { recursive: true, force: true }));

  it('the three edits compile: nothing else in src/ needs to know', () => {
    const result = typecheck();
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it("the Report carries the new client's verdicts, and the contract accepts them", async () => {
    const { evaluate } = (await import(join(COPY, 'src/engine/evaluate.ts'))) as typeof import('../src/engine/evaluate.ts');
    const { ReportSchema } = (await import(join(COPY, 'src/engine/report.ts'))) as typeof import('../src/engine/report.ts');
    const report = await evaluate({ v: 1, role: 'output', tool: 't', schema: 'export default z.object({ id: z.string() })', answer: '{"id":"1","costCenter":"CC-7"}' });
    const raw = report.converters['mcp-sdk-v1']?.policies.raw?.verdicts as Record<string, unknown> | undefined;
    expect(raw?.['fixture-ajv']).toEqual({ valid: false, message: 'data must NOT have additional properties' });
    const strip = report.converters['mcp-sdk-v1']?.policies.strip?.verdicts as Record<string, unknown> | undefined;
    expect(strip?.['fixture-ajv']).toEqual({ valid: true, message: null });
    expect(ReportSchema.safeParse(report).success).toBe(true);
  }, 120_000);

  it('without its registry line the compiler refuses the copy, naming the client', () => {
    const index = join(COPY, 'src/engine/clients/index.ts');
    const text = readFileSync(index, 'utf8');
    writeFileSync(index, text.replace(REGISTRY_LINE, ''));
    try {
      const result = typecheck();
      expect(result.ok).toBe(false);
      expect(result.output).toContain('fixture-ajv');
    } finally {
      writeFileSync(index, text);
    }
  }, 120_000);
});
