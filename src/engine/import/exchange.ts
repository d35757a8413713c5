/**
 * Reading a pasted MCP exchange: JSON-RPC envelopes or bare results of tools/list and tools/call (what MCP Inspector
 * and server logs show: one JSON value, an array of them, or one per line), or a bare JSON Schema. Pure and zod-free
 * (the page runs it); the case it fills carries the listing as given (listing-source.ts).
 */
import type { Json, JsonSchema, Role } from '../report.ts';
import { isSchemaNode } from '../lib/schema-walk.ts';
import { importedListing, listingSource } from './listing-source.ts';

/** A tool as tools/list lists it. */
interface ListedTool {
  name: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
}

/** What the paste fills: role, tool, the schema text (the imported listing) and, when it had one, the answer. */
export interface ImportedCase {
  role: Role;
  tool: string | null;
  schema: string;
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

/** The case a pasted exchange fills, or the sentence saying why it cannot. */
export function importExchange(text: string): { ok: true; imported: ImportedCase } | { ok: false; message: string } {
  const messages = messagesOf(text);
  if (!messages) return { ok: false, message: 'Not JSON: paste a tools/list or tools/call message (JSON-RPC or its result), or a JSON Schema.' };
  const found: Found = { tools: null, call: null, result: null, schema: null };
  for (const m of messages) if (isSchemaNode(m)) read(m, found);
  return fill(found);
}

function messagesOf(text: string): Json[] | null {
  try {
    const value = JSON.parse(text) as Json;
    return Array.isArray(value) ? value : [value];
  } catch {
    // A log: one JSON value per line.
    const lines = text.split('\n').filter((l) => l.trim().startsWith('{'));
    try {
      return lines.length > 0 ? lines.map((l) => JSON.parse(l) as Json) : null;
    } catch {
      return null;
    }
  }
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

function fill(found: Found): { ok: true; imported: ImportedCase } | { ok: false; message: string } {
  const tools = found.tools ?? [];
  const named = found.call?.name ?? null;
  const tool = tools.find((t) => t.name === named) ?? (tools.length === 1 ? tools[0] : tools.find((t) => t.outputSchema !== undefined && found.result));
  const role: Role = found.result || (tool?.outputSchema !== undefined && found.call?.args === undefined) ? 'output' : found.call || tool ? 'input' : 'output';
  const listed = (role === 'output' ? tool?.outputSchema : tool?.inputSchema) ?? found.schema;
  if (listed === undefined || listed === null) {
    const why = tools.length > 1 && !tool ? `tools/list has ${tools.length} tools and nothing says which one` : `no ${role === 'output' ? 'outputSchema' : 'inputSchema'} listed`;
    return { ok: false, message: `Nothing to check against: ${why}. Paste the tools/list result with the tools/call, or a JSON Schema.` };
  }
  const notes: string[] = [];
  const answer = answerOf(role, found, notes);
  const about = tool ? `${tool.name}\u2019s ${role === 'output' ? 'outputSchema' : 'inputSchema'} from tools/list` : 'JSON Schema';
  return { ok: true, imported: { role, tool: tool?.name ?? named, schema: listingSource(listed, about), answer, notes } };
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
