/**
 * The floor page's worker: what SDK 1.32.2 does with an output schema and an answer, and no more. It reads the case
 * from the fragment (base64url of deflate-raw JSON), runs the schema module (already compiled to CommonJS-style JS),
 * parses the answer with the schema as the server does (`safeParse`), converts it as the server lists it
 * (`z.toJSONSchema` from zod/v4-mini, draft-7, output side) and validates the answer as the v1 client does (the SDK's
 * own AjvJsonSchemaValidator: Ajv 8 with ajv-formats), then posts the client's message.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { inflateSync, strFromU8 } from 'fflate';
import * as zod from 'zod';
import * as z4mini from 'zod/v4-mini';
import { type FloorCase, type FloorEdit, type FloorVerdict, VALID_TEXT } from './protocol.ts';

function decode(fragment: string): FloorCase {
  const b64 = fragment.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return JSON.parse(strFromU8(inflateSync(bytes))) as FloorCase;
}

/** Runs the module's code with `zod` as its one import; its default export is the schema. */
function schemaOf(js: string): zod.ZodType {
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string): unknown => {
    if (name === 'zod' || name === 'zod/v4') return zod;
    throw new Error(`the floor page has no module "${name}"`);
  };
  new Function('require', 'module', 'exports', js)(require, module, module.exports);
  return module.exports['default'] as zod.ZodType;
}

function verdictOf(c: FloorCase): Omit<FloorVerdict, 'edit'> {
  const schema = schemaOf(c.js);
  const answer = JSON.parse(c.answer) as unknown;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return { kind: 'error', text: `the server refuses the answer: ${parsed.error.message}` };
  const listed = z4mini.toJSONSchema(schema as unknown as z4mini.ZodMiniType, { target: 'draft-7', io: 'output' });
  const result = new AjvJsonSchemaValidator().getValidator(listed as unknown as Parameters<AjvJsonSchemaValidator['getValidator']>[0])(answer);
  if (result.valid) return { kind: 'valid', text: VALID_TEXT };
  // The v1 client's McpError (ErrorCode.InvalidParams), as its message reads.
  return { kind: 'invalid', text: `MCP error -32602: Structured content does not match the tool's output schema: ${result.errorMessage}` };
}

/** The case last evaluated: an edit changes its answer and evaluates it all again, from the schema module up. */
let current: FloorCase | null = null;

self.onmessage = (e: MessageEvent<string | FloorEdit>) => {
  const edit = typeof e.data === 'string' ? 0 : e.data.edit;
  let verdict: Omit<FloorVerdict, 'edit'>;
  try {
    if (typeof e.data === 'string') current = decode(e.data);
    else if (current) current = { ...current, answer: e.data.answer };
    if (!current) throw new Error('an edit before the case');
    verdict = verdictOf(current);
  } catch (err) {
    verdict = { kind: 'error', text: err instanceof Error ? err.message : String(err) };
  }
  (globalThis as unknown as { postMessage(message: FloorVerdict): void }).postMessage({ ...verdict, edit });
};
