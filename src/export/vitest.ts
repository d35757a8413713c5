/**
 * Exports a case as a ready-to-run Vitest file for one published SDK, with the same wiring as src/engine/real-sdk.ts
 * (McpServer + Client over InMemoryTransport, tools/list then tools/call), in one of two forms:
 * - `accepts`, the test to keep in CI: the strict client accepts this answer (the server these arguments). It stays red
 *   until the schema or the answer is fixed, and checks the listing only by what decides that (listed, an object,
 *   every answer key declared or the object open, every required key present), so an unrelated change does not break it.
 * - `pin`: pins what the playground's real run had today, the exact error and the whole listing.
 * The file imports only vitest, zod and the SDK packages.
 */
import { REAL_SDK_ENTRIES, titleOf } from '../engine/contract/catalog.ts';
import type { Json, RealSdkRow, Report } from '../engine/report.ts';
import { reproductionUnavailable, type ReproForm, type ReproSdk } from './availability.ts';
import { jsonCode, stringLiteral } from './literal.ts';
import { accepted, acceptsAssertions, callAssertion, json, listAssertion, objectTyped, summary, type Names } from './vitest-forms.ts';
import { schemaModule, type SchemaModule } from './schema-module.ts';
import { realRunOf } from '../engine/values.ts';
import type { Case } from '../engine/case.ts';

/** What the export needs of a case (the store's case, or a Case). */
export type ReproCase = Pick<Case, 'schema' | 'answer'>;


const PACKAGES: Record<ReproSdk, string[]> = {
  v1: ['@modelcontextprotocol/sdk'],
  v2: ['@modelcontextprotocol/server', '@modelcontextprotocol/client'],
};

/** The Vitest file (TypeScript) for `report.realSdk[sdk]` (default form: `pin`). Throws when `reproductionUnavailable` says why not. */
export function vitestReproduction(c: ReproCase, report: Report, opts: { sdk: ReproSdk; form?: ReproForm }): string {
  const pin = (opts.form ?? 'pin') === 'pin';
  const why = reproductionUnavailable(report, opts.sdk);
  const run = realRunOf(report, opts.sdk);
  if (why || !run) throw new Error(why ?? 'Nothing to reproduce.');
  const mod = schemaModule(c.schema, report.role);
  const n = names(mod);
  const versions = PACKAGES[opts.sdk].map((p) => `${p} ${versionOf(report, p)}`);
  const field = report.role === 'output' ? 'outputSchema' : 'inputSchema';
  const answer = JSON.parse(c.answer) as Json;
  const answerIsObject = typeof answer === 'object' && answer !== null && !Array.isArray(answer);
  return [
    // No case text in comments: a line break in it (U+2028 too) would end the comment and turn the rest into code.
    pin
      ? `// Reproduces what ${versions.join(' + ')} did with the tool named in ${n.tool} below, as MCP Schema Playground ran it.`
      : `// Checks that ${versions.join(' + ')} accepts the tool named in ${n.tool} below and its ${report.role === 'output' ? 'answer' : 'arguments'}; red until it does.`,
    `// Needs vitest, zod ${versionOf(report, 'zod')} and ${versions.join(', ')}; run: npx vitest run <this file>`,
    `import { ${as('expect', n.expect)}, ${as('test', n.test)} } from 'vitest';`,
    `import * as ${n.zod} from 'zod';`,
    ...sdkImports(opts.sdk, n),
    ...(mod.needsZ ? [`import { z } from 'zod';`] : []),
    '',
    '// ---- The schema, as written in the playground ----',
    mod.code.trimEnd(),
    '// ---- End of the schema ----',
    '',
    `const ${n.tool} = ${stringLiteral(report.tool)};`,
    `const ${n.schema} = ${schemaExpression(mod, n)};`,
    report.role === 'output'
      ? `/** The tool's answer: the SDKs ship it as structuredContent as it is. */`
      : `/** The call's arguments. */`,
    `const ${n.answer} = ${answerExpression(c.answer)};`,
    '',
    `${n.test}(${stringLiteral(`${titleOf(REAL_SDK_ENTRIES, opts.sdk)}: ${pin ? summary(run, report.role) : accepted(report.role)}`)}, async () => {`,
    ...session(opts.sdk, report.role, n, answerIsObject),
    '  try {',
    `    // tools/list first, as the playground's run does: a client validates structuredContent only against schemas it listed.`,
    ...(pin
      ? [...listAssertion(run, field, n), ...callAssertion(run, report.role, n, answerIsObject)]
      : acceptsAssertions(report.role, field, n, answerIsObject)
    ).map((l) => `    ${l}`),
    '  } finally {',
    `    await ${n.client}.close();`,
    `    await ${n.server}.close();`,
    '  }',
    '});',
    '',
    ...helpers(n),
  ].join('\n');
}

function names(mod: SchemaModule): Names {
  const keys: Array<keyof Names> = ['expect', 'test', 'zod', 'McpServer', 'Client', 'InMemoryTransport', 'tool', 'schema', 'answer', 'server', 'client', 'toSchema', 'pickSchema'];
  const out = Object.fromEntries(keys.map((k) => [k, mod.fresh(k === 'tool' ? 'TOOL' : k)])) as Names;
  out.Validator = mod.fresh('AjvJsonSchemaValidator');
  return out;
}

/** An import specifier: `name`, or `name as local` where the source already uses the name. */
function as(name: string, local: string): string {
  return name === local ? name : `${name} as ${local}`;
}

function sdkImports(sdk: ReproSdk, n: Names): string[] {
  if (sdk === 'v1') {
    return [
      `import { ${as('McpServer', n.McpServer)} } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { ${as('Client', n.Client)} } from '@modelcontextprotocol/sdk/client/index.js';`,
      `import { ${as('InMemoryTransport', n.InMemoryTransport)} } from '@modelcontextprotocol/sdk/inMemory.js';`,
    ];
  }
  return [
    `import { ${as('McpServer', n.McpServer)}, ${as('InMemoryTransport', n.InMemoryTransport)} } from '@modelcontextprotocol/server';`,
    `import { ${as('Client', n.Client)} } from '@modelcontextprotocol/client';`,
    `import { ${as('AjvJsonSchemaValidator', n.Validator)} } from '@modelcontextprotocol/client/validators/ajv';`,
  ];
}

function schemaExpression(mod: SchemaModule, n: Names): string {
  if (mod.named) return `${n.pickSchema}([], [${mod.named}], true)`;
  return `${n.pickSchema}([${mod.exported.join(', ')}], [${mod.lastFirst.join(', ')}])`;
}

function session(sdk: ReproSdk, role: Report['role'], n: Names, answerIsObject: boolean): string[] {
  const info = `{ name: 'mcp-schema-playground', version: '1.0.0' }`;
  const handler =
    role === 'output'
      ? `() => ({ structuredContent: ${objectTyped(n.answer, answerIsObject)}, content: [{ type: 'text' as const, text: JSON.stringify(${n.answer}) }] })`
      : `(args: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(args) }] })`;
  const config = role === 'output' ? `{ outputSchema: ${n.schema} }` : `{ inputSchema: ${n.schema} }`;
  return [
    `  const ${n.server} = new ${n.McpServer}(${info});`,
    `  ${n.server}.registerTool(${n.tool}, ${config}, ${handler});`,
    sdk === 'v1'
      ? `  const ${n.client} = new ${n.Client}(${info});`
      : `  // Pinned to Ajv, the v2 client's default in Node, as in the playground.\n  const ${n.client} = new ${n.Client}(${info}, { jsonSchemaValidator: new ${n.Validator}() });`,
    `  const [clientSide, serverSide] = ${n.InMemoryTransport}.createLinkedPair();`,
    `  await ${n.server}.connect(serverSide);`,
    `  await ${n.client}.connect(clientSide);`,
  ];
}

function helpers(n: Names): string[] {
  return [
    `/** The playground's rule: a zod schema, or a raw shape ({ a: z.string() }) read as z.object(shape); a named {} is z.object({}), as the SDKs take it. */`,
    `function ${n.toSchema}(value: unknown, named = false): ${n.zod}.ZodType | null {`,
    `  if (value instanceof ${n.zod}.ZodType) return value;`,
    `  if (typeof value !== 'object' || value === null || ![Object.prototype, null].includes(Object.getPrototypeOf(value))) return null;`,
    `  const values = Object.values(value);`,
    `  return (named || values.length > 0) && values.every((v) => v instanceof ${n.zod}.ZodType) ? ${n.zod}.object(value as Record<string, ${n.zod}.ZodType>) : null;`,
    '}',
    '',
    `/** The playground's rules: the only exported zod schema, else the first of \`lastFirst\` that is one (\`named\`: the source names it). */`,
    `function ${n.pickSchema}(exported: unknown[], lastFirst: unknown[], named = false): ${n.zod}.ZodType {`,
    `  const schemas = [...new Set(exported)].flatMap((v) => ${n.toSchema}(v) ?? []);`,
    `  if (schemas.length === 1 && schemas[0]) return schemas[0];`,
    `  for (const value of lastFirst) {`,
    `    const schema = ${n.toSchema}(value, named);`,
    `    if (schema) return schema;`,
    '  }',
    `  throw new Error('No zod schema found in the source above');`,
    '}',
    '',
  ];
}

/** A version the report names, if it reads as one; anything else could carry text into a comment. */
function versionOf(report: Report, pkg: string): string {
  const v = report.versions[pkg];
  return v !== undefined && /^[\w.+-]{1,64}$/.test(v) ? v : '(unknown version)';
}

/** The answer as the user wrote it (JSON is an expression), unless a `__proto__` key would set a prototype in a literal. */
function answerExpression(text: string): string {
  return /"__proto__"\s*:/.test(text) ? json(JSON.parse(text) as Json, '') : jsonCode(text.trim());
}
