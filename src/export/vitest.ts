/**
 * Exports a case as a ready-to-run Vitest file that reproduces what one published SDK really did with it: the same
 * wiring as src/engine/real-sdk.ts (McpServer + Client over InMemoryTransport, tools/list then tools/call), asserting
 * the outcome the playground's real run had. The file imports only vitest, zod and the SDK packages.
 */
import { REAL_SDK_ENTRIES, titleOf, type RealSdkId } from '../engine/contract/catalog.ts';
import type { Json, RealSdkRow, Report } from '../engine/report.ts';
import type { PlaygroundCase } from '../state/permalink.ts';
import { answerProblem, capitalized } from '../ui/answerProblem.ts';
import { isElided } from '../sandbox/elide.ts';
import { jsonCode, stringLiteral } from './literal.ts';
import { schemaModule, type SchemaModule } from './schema-module.ts';
import { checkToolName } from '../engine/tool-name.ts';

/** What the export needs of a case (the store's case, or a PlaygroundCase). */
export type ReproCase = Pick<PlaygroundCase, 'schema' | 'answer'>;

/** Which published SDK the test drives. */
export type ReproSdk = RealSdkId;

const PACKAGES: Record<ReproSdk, string[]> = {
  v1: ['@modelcontextprotocol/sdk'],
  v2: ['@modelcontextprotocol/server', '@modelcontextprotocol/client'],
};

/** Why no test can be exported for this report, or null when one can. */
export function reproductionUnavailable(report: Report, sdk: ReproSdk): string | null {
  if (!report.load.ok) return `The schema does not load (${report.load.error.message}), so there is nothing to reproduce.`;
  if (!report.answer.ok) return `${capitalized(answerProblem(report.role, report.answer.error))} (${report.answer.error.message}), so there is nothing to reproduce.`;
  const refusal = checkToolName(report.tool).refusal;
  if (refusal) return refusal;
  const run = report.realSdk[sdk];
  if (!run) return `${titleOf(REAL_SDK_ENTRIES, sdk)} did not run for this case.`;
  if (isElided(run.structuredContent)) return 'The answer is too large for a test file here (its result was not brought to the page).';
  if (run.callError?.startsWith('The SDK did not answer within') || run.listError?.startsWith('The SDK did not answer')) {
    return `${titleOf(REAL_SDK_ENTRIES, sdk)} did not answer in time, and a test of that would hang.`;
  }
  return null;
}

/** The Vitest file (TypeScript) reproducing `report.realSdk[sdk]`. Throws when `reproductionUnavailable` says why not. */
export function vitestReproduction(c: ReproCase, report: Report, opts: { sdk: ReproSdk }): string {
  const why = reproductionUnavailable(report, opts.sdk);
  const run = report.realSdk[opts.sdk];
  if (why || !run) throw new Error(why ?? 'Nothing to reproduce.');
  const mod = schemaModule(c.schema, report.role);
  const n = names(mod);
  const versions = PACKAGES[opts.sdk].map((p) => `${p} ${versionOf(report, p)}`);
  const field = report.role === 'output' ? 'outputSchema' : 'inputSchema';
  const answer = JSON.parse(c.answer) as Json;
  const answerIsObject = typeof answer === 'object' && answer !== null && !Array.isArray(answer);
  return [
    // No case text in comments: a line break in it (U+2028 too) would end the comment and turn the rest into code.
    `// Reproduces what ${versions.join(' + ')} did with the tool named in ${n.tool} below, as MCP Schema Playground ran it.`,
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
    `${n.test}(${stringLiteral(`${titleOf(REAL_SDK_ENTRIES, opts.sdk)}: ${summary(run, report.role)}`)}, async () => {`,
    ...session(opts.sdk, report.role, n, answerIsObject),
    '  try {',
    `    // tools/list first, as the playground's run does: a client validates structuredContent only against schemas it listed.`,
    ...listAssertion(run, field, n).map((l) => `    ${l}`),
    ...callAssertion(run, report.role, n, answerIsObject).map((l) => `    ${l}`),
    '  } finally {',
    `    await ${n.client}.close();`,
    `    await ${n.server}.close();`,
    '  }',
    '});',
    '',
    ...helpers(n),
  ].join('\n');
}

type Names = Record<
  'expect' | 'test' | 'zod' | 'McpServer' | 'Client' | 'InMemoryTransport' | 'Validator' | 'tool' | 'schema' | 'answer' | 'server' | 'client' | 'toSchema' | 'pickSchema',
  string
>;

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

function listAssertion(run: RealSdkRow, field: string, n: Names): string[] {
  if (run.listError) return [`await ${n.expect}(${n.client}.listTools()).rejects.toThrow(${stringLiteral(run.listError)});`];
  const listed = `(await ${n.client}.listTools()).tools.find((t) => t.name === ${n.tool})?.${field}`;
  if (run.listed === null) return [`${n.expect}(${listed}).toBeUndefined();`];
  return [`${n.expect}(${listed}).toEqual(${json(run.listed, '    ')});`];
}

function callAssertion(run: RealSdkRow, role: Report['role'], n: Names, answerIsObject: boolean): string[] {
  const call = `${n.client}.callTool({ name: ${n.tool}, arguments: ${role === 'input' ? objectTyped(n.answer, answerIsObject) : '{}'} })`;
  if (run.callError) return [`await ${n.expect}(${call}).rejects.toThrow(${stringLiteral(run.callError)});`];
  // v1 types a call result as a union with the old `toolResult` shape, whose content is unknown.
  const text = `(result.content as Array<{ type: string }>).find((c) => c.type === 'text')`;
  const lines = [`const result = await ${call};`];
  if (run.isError) lines.push(`${n.expect}(result.isError).toBe(true);`);
  else lines.push(`${n.expect}(result.isError ?? false).toBe(false);`);
  if ((run.isError || role === 'input') && run.text === null) lines.push(`${n.expect}(${text}).toBeUndefined();`);
  else if (run.isError || role === 'input') lines.push(`${n.expect}(${text}).toEqual({ type: 'text', text: ${run.text === null ? 'null' : stringLiteral(run.text)} });`);
  else lines.push(`${n.expect}(result.structuredContent ?? null).toEqual(${json(run.structuredContent, '    ')});`);
  return lines;
}

/** The SDK types structuredContent and arguments as objects; a case about another JSON value needs a cast. */
function objectTyped(name: string, isObject: boolean): string {
  return isObject ? name : `${name} as unknown as Record<string, unknown>`;
}

function summary(run: RealSdkRow, role: Report['role']): string {
  const listing = run.listError ? 'tools/list fails' : run.listed === null ? 'nothing listed' : 'the schema is listed';
  if (run.callError) return `${listing}; the client throws on tools/call`;
  if (run.isError) return `${listing}; the server answers isError`;
  return `${listing}; tools/call ${role === 'output' ? 'passes' : 'reaches the handler'}`;
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

/** A JSON value as a TypeScript expression; JSON.parse where a `__proto__` key would set a prototype in a literal. */
function json(value: Json | null, indent: string): string {
  const text = JSON.stringify(value, null, 2);
  if (/"__proto__"\s*:/.test(text)) return `JSON.parse(${stringLiteral(JSON.stringify(value))})`;
  return jsonCode(text).replace(/\n/g, `\n${indent}`);
}
