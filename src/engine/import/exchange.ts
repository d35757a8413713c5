/**
 * Reading a pasted MCP exchange: JSON-RPC envelopes or bare results of tools/list and tools/call (what MCP Inspector
 * and server logs show: one JSON value, an array of them, several one after the other, or one per line), or a bare
 * JSON Schema. Pure and zod-free (the page runs it); the case it fills carries the listing as given (listing-source.ts).
 */
import { parseAnswer, positionOf } from '../answer.ts';
import type { FilledCase } from '../case.ts';
import type { ErrorInfo, Json, JsonSchema } from '../report.ts';
import { isSchemaNode } from '../lib/schema-walk.ts';
import { importedListing, listingSource } from './listing-source.ts';
import type { Role } from '../contract/catalog.ts';

/** A tool as tools/list lists it. */
interface ListedTool {
  name: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
}

/** What the paste fills: role, tool, the schema text (the imported listing) and, when it had one, the answer. */
export interface ImportedCase extends Pick<FilledCase, 'role' | 'schema'> {
  tool: string | null;
  /** The answer (or arguments) as JSON text, or null when the paste had none (the case keeps its own). */
  answer: string | null;
  /** What the import noticed and the user should know (e.g. an isError result). */
  notes: string[];
}

/** What was found in the messages. */
interface Found {
  tools: ListedTool[] | null;
  call: { name: string | null; args: Json | undefined } | null;
  result: { structured: Json | undefined; isError: boolean; text: string | null } | null;
  schema: JsonSchema | null;
}

/**
 * What an import gives: the case, or the sentence saying why there is none; `choose` lists the tools a pasted tools/list
 * offers when nothing in the paste says which one (a tools/call would): ask the user, then import again with `tool`.
 */
export type ImportResult = { ok: true; imported: ImportedCase } | { ok: false; message: string; choose?: readonly string[] };

/** The case a pasted exchange fills (`tool`: the tools/list's tool to take, by name), or the sentence saying why it cannot. */
export function importExchange(text: string, opts: { tool?: string } = {}): ImportResult {
  const messages = messagesOf(text);
  if (!messages.ok) return { ok: false, message: `Not JSON ${messages.at}: paste a tools/list or tools/call message (JSON-RPC or its result), or a JSON Schema.` };
  const found: Found = { tools: null, call: null, result: null, schema: null };
  for (const m of messages.values) if (isSchemaNode(m)) read(m, found);
  return fill(found, opts.tool);
}

/**
 * The pasted values: one JSON value, or several one after the other (pretty-printed or one per line, as MCP Inspector
 * and logs show them), an array's items each a message; else a log's JSON lines, skipping its other lines. When
 * neither reads, where the first value fails (`at line 3, column 5 (comma expected)`).
 */
function messagesOf(text: string): { ok: true; values: Json[] } | { ok: false; at: string } {
  const values: Json[] = [];
  for (let start = skipSpace(text, 0); start < text.length; start = skipSpace(text, start)) {
    const end = valueEnd(text, start);
    const parsed = parseAnswer(text.slice(start, end));
    if (!parsed.ok) {
      const lines = text.split('\n').filter((l) => l.trim().startsWith('{'));
      const logged = lines.flatMap((l) => (parseAnswer(l).ok ? [JSON.parse(l) as Json] : []));
      if (lines.length > 0 && logged.length === lines.length) return { ok: true, values: logged };
      return { ok: false, at: where(text, start, parsed.error) };
    }
    values.push(...(Array.isArray(parsed.value) ? parsed.value : [parsed.value]));
    start = end;
  }
  return { ok: true, values };
}

/** `at line L, column C (what)`, a segment's error placed in the whole text. */
function where(text: string, start: number, error: ErrorInfo): string {
  const what = error.message.replace(/^Malformed JSON: /, '');
  if (error.line === undefined || error.column === undefined) return `(${what})`;
  const base = positionOf(text, start);
  const line = base.line + error.line - 1;
  const column = error.line === 1 ? base.column + error.column - 1 : error.column;
  return `at line ${line}, column ${column} (${what})`;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

/** Where the JSON value starting at `start` ends: after its closing bracket (strings skipped), or the text's end. */
function valueEnd(text: string, start: number): number {
  if (text[start] !== '{' && text[start] !== '[') return text.length;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (ch === '{' || ch === '[') {
      depth++;
    } else if ((ch === '}' || ch === ']') && --depth === 0) {
      return i + 1;
    }
  }
  return text.length;
}

function read(m: { [key: string]: Json }, found: Found): void {
  const params = isSchemaNode(m['params']) ? m['params'] : null;
  if (m['method'] === 'tools/call') found.call = { name: typeof params?.['name'] === 'string' ? params['name'] : null, args: params?.['arguments'] };
  if (typeof m['method'] === 'string') return;
  const enveloped = 'jsonrpc' in m || 'id' in m;
  const result = enveloped ? m['result'] : m;
  if (!isSchemaNode(result)) return;
  if (Array.isArray(result['tools'])) found.tools = result['tools'].filter(isTool);
  else if ('structuredContent' in result || Array.isArray(result['content'])) found.result = resultOf(result);
  else if (!enveloped) found.schema = importedListing(JSON.stringify(result));
}

function isTool(t: Json): t is Json & ListedTool {
  return isSchemaNode(t) && typeof t['name'] === 'string';
}

function resultOf(result: { [key: string]: Json }): NonNullable<Found['result']> {
  const content = Array.isArray(result['content']) ? result['content'] : [];
  const block = content.find((b) => isSchemaNode(b) && b['type'] === 'text' && typeof b['text'] === 'string');
  return { structured: result['structuredContent'], isError: result['isError'] === true, text: isSchemaNode(block) ? (block['text'] as string) : null };
}

function fill(found: Found, chosen: string | undefined): ImportResult {
  const tools = found.tools ?? [];
  const called = found.call?.name ?? null;
  const listed = () => tools.map((t) => t.name).join(', ');
  if (chosen !== undefined && called !== null && chosen !== called) {
    return { ok: false, message: `The tools/call calls "${called}", not "${chosen}": leave the tool to the tools/call, or paste the tools/list alone.` };
  }
  const named = chosen ?? called;
  if (named !== null && tools.length > 0 && !tools.some((t) => t.name === named)) {
    const what = chosen !== undefined ? `"${named}" is not in the pasted tools/list` : `The tools/call calls "${named}", which the pasted tools/list does not list`;
    return { ok: false, message: `${what} (it lists ${listed()}). Paste the tools/list that lists "${named}", or its JSON Schema.` };
  }
  // The tool is the one the tools/call (or the user) names, or the only one listed; with several and no name, ask.
  const tool = tools.find((t) => t.name === named) ?? (tools.length === 1 ? tools[0] : undefined);
  if (!tool && tools.length > 1) {
    return { ok: false, message: `The tools/list lists ${tools.length} tools (${listed()}) and nothing pasted says which one: pick the tool to check.`, choose: tools.map((t) => t.name) };
  }
  const role: Role = found.result || (tool?.outputSchema !== undefined && found.call?.args === undefined) ? 'output' : found.call || tool ? 'input' : 'output';
  const schema = (role === 'output' ? tool?.outputSchema : tool?.inputSchema) ?? found.schema;
  if (schema === undefined || schema === null) {
    const why = `no ${role === 'output' ? 'outputSchema' : 'inputSchema'} listed${tool ? ` for ${tool.name}` : ''}`;
    return { ok: false, message: `Nothing to check against: ${why}. Paste the tools/list result with the tools/call, or a JSON Schema.` };
  }
  const notes: string[] = [];
  const answer = answerOf(role, found, notes);
  const about = tool ? `${tool.name}\u2019s ${role === 'output' ? 'outputSchema' : 'inputSchema'} from tools/list` : 'JSON Schema';
  return { ok: true, imported: { role, tool: tool?.name ?? named, schema: listingSource(schema, about), answer, notes } };
}

function answerOf(role: Role, found: Found, notes: string[]): string | null {
  if (role === 'input') return found.call?.args === undefined ? null : JSON.stringify(found.call.args, null, 2);
  const r = found.result;
  if (!r) return null;
  if (r.isError) notes.push('The tools/call result is an error (isError): clients do not validate it.');
  if (r.structured !== undefined) return JSON.stringify(r.structured, null, 2);
  notes.push('The result has no structuredContent: its text block is used as the answer.');
  return r.text;
}
