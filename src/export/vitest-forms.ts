/**
 * The assertions of the two Vitest export forms (vitest.ts): `pin` asserts what the real run had today, `accepts` what a
 * user wants to hold in CI. Each returns the lines inside the test's try block.
 */
import type { Json, Report } from '../engine/report.ts';
import type { ExpandedRealSdkRow as RealSdkRow } from '../engine/values.ts';
import { jsonCode, stringLiteral } from './literal.ts';

/** The identifiers the generated file uses, fresh against the schema source's own names. */
export type Names = Record<
  'expect' | 'test' | 'zod' | 'McpServer' | 'Client' | 'InMemoryTransport' | 'Validator' | 'tool' | 'schema' | 'answer' | 'server' | 'client' | 'toSchema' | 'pickSchema',
  string
>;

/** `pin`: the listing as the real run had it (or its error). */
export function listAssertion(run: RealSdkRow, field: string, n: Names): string[] {
  if (run.listError) return [`await ${n.expect}(${n.client}.listTools()).rejects.toThrow(${stringLiteral(run.listError)});`];
  const listed = `(await ${n.client}.listTools()).tools.find((t) => t.name === ${n.tool})?.${field}`;
  if (run.listed === null) return [`${n.expect}(${listed}).toBeUndefined();`];
  return [`${n.expect}(${listed}).toEqual(${json(run.listed, '    ')});`];
}

/** `pin`: the call's outcome as the real run had it. */
export function callAssertion(run: RealSdkRow, role: Report['role'], n: Names, answerIsObject: boolean): string[] {
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

/** `accepts`: the test's title. */
export function accepted(role: Report['role']): string {
  return role === 'output' ? 'the strict client accepts this answer' : 'the server accepts these arguments';
}

/**
 * The `accepts` form: listed, and the properties of the listing that decide the verdict, derived from the answer in
 * the file (not copied from today's listing); then the call passes and ships the answer as it is.
 */
export function acceptsAssertions(role: Report['role'], field: string, n: Names, answerIsObject: boolean): string[] {
  const what = role === 'output' ? 'answer' : 'arguments';
  const keys = answerIsObject
    ? [
        `const keys = Object.keys(${n.answer});`,
        `${n.expect}(listed, 'listed as an object').toMatchObject({ type: 'object' });`,
        `const declared = Object.keys((listed as { properties?: object }).properties ?? {});`,
        `if ((listed as { additionalProperties?: unknown }).additionalProperties === false) {`,
        `  ${n.expect}(keys.filter((k) => !declared.includes(k)), 'keys of the ${what} the listing does not declare').toEqual([]);`,
        '}',
        `${n.expect}(((listed as { required?: string[] }).required ?? []).filter((k) => !keys.includes(k)), 'required keys the ${what} lacks').toEqual([]);`,
      ]
    : [];
  const call = `${n.client}.callTool({ name: ${n.tool}, arguments: ${role === 'input' ? objectTyped(n.answer, answerIsObject) : '{}'} })`;
  return [
    `const listed = (await ${n.client}.listTools()).tools.find((t) => t.name === ${n.tool})?.${field};`,
    `${n.expect}(listed, 'the tool lists an ${field}').toBeDefined();`,
    ...keys,
    role === 'output'
      ? '// tools/call: the client validates structuredContent against that listing; it throws if it refuses it.'
      : "// tools/call: the server parses the arguments with the schema; it answers isError if it refuses them.",
    `const result = await ${call};`,
    `${n.expect}(result.isError ?? false).toBe(false);`,
    ...(role === 'output' ? [`${n.expect}(result.structuredContent).toEqual(${n.answer});`] : []),
  ];
}

/** The SDK types structuredContent and arguments as objects; a case about another JSON value needs a cast. */
export function objectTyped(name: string, isObject: boolean): string {
  return isObject ? name : `${name} as unknown as Record<string, unknown>`;
}

/** `pin`: the test's title, today's outcome. */
export function summary(run: RealSdkRow, role: Report['role']): string {
  const listing = run.listError ? 'tools/list fails' : run.listed === null ? 'nothing listed' : 'the schema is listed';
  if (run.callError) return `${listing}; the client throws on tools/call`;
  if (run.isError) return `${listing}; the server answers isError`;
  return `${listing}; tools/call ${role === 'output' ? 'passes' : 'reaches the handler'}`;
}

/** A JSON value as a TypeScript expression; JSON.parse where a `__proto__` key would set a prototype in a literal. */
export function json(value: Json | null, indent: string): string {
  const text = JSON.stringify(value, null, 2);
  if (/"__proto__"\s*:/.test(text)) return `JSON.parse(${stringLiteral(JSON.stringify(value))})`;
  return jsonCode(text).replace(/\n/g, `\n${indent}`);
}
