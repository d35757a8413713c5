/**
 * The whole-result answer form: the answer text is a CallToolResult `{ content, structuredContent?, isError? }`
 * that the real SDK runs return from the handler as is; the policies and clients act on its structuredContent.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { positionOf } from './answer.ts';
import { isRecord } from './lib/json.ts';
import type { ErrorInfo, Json } from './report.ts';
import type { Policy, Shipment } from './types.ts';

/** A whole result, read: what the policies get (its structuredContent, null when absent) and its isError flag. */
export type WholeResult = { ok: true; structuredContent: Json | null; isError: boolean; absent: boolean } | { ok: false; error: ErrorInfo };

/** Reads a parsed answer as a CallToolResult; a malformed one is an answer error at the offending place. */
export function wholeResult(text: string, value: Json): WholeResult {
  if (!isRecord(value)) return bad(text, [], `A whole result is a JSON object { content, structuredContent?, isError? }; this answer is ${kindOf(value)}.`);
  if (!Array.isArray(value['content'])) {
    const has = Object.hasOwn(value, 'content');
    return bad(text, has ? ['content'] : [], has ? `A whole result's "content" is an array of content blocks; here it is ${kindOf(value['content'] as Json)}.` : 'A whole result needs "content": an array of content blocks (it may be empty: []).');
  }
  if (Object.hasOwn(value, 'isError') && typeof value['isError'] !== 'boolean') return bad(text, ['isError'], `A whole result's "isError" is true or false; here it is ${kindOf(value['isError'] as Json)}.`);
  const sc = Object.hasOwn(value, 'structuredContent') ? (value['structuredContent'] as Json) : null;
  return { ok: true, structuredContent: sc, isError: value['isError'] === true, absent: !Object.hasOwn(value, 'structuredContent') };
}

/** An isError result is not validated by the servers: every policy passes its structuredContent on as it is. */
export function unvalidatedShipments(policies: readonly Policy[], structuredContent: Json | null): Array<[Policy, Shipment]> {
  return policies.map((p) => [p, { ships: structuredContent, undeclared: [], refused: null, log: null }]);
}

function bad(text: string, path: string[], message: string): WholeResult {
  const root = path.length > 0 ? parseTree(text) : undefined;
  const node = root ? findNodeAtLocation(root, path) : undefined;
  const offset = node?.offset ?? Math.max(0, text.search(/\S/));
  return { ok: false, error: { message, ...positionOf(text, offset) } };
}

function kindOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
