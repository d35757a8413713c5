/**
 * `z.date()` answers. The answer is JSON, so a date in it is a string; a real handler returns a
 * `Date`, which passes zod and ships as the ISO string `JSON.stringify` writes. So at a `z.date()` position (output
 * role), an ISO date-time string stands for that `Date`: the server's parse sees the `Date`, and what ships is its
 * JSON. Any other string there cannot be what a handler's `Date` became, and is the answer's own error.
 */
import { z } from 'zod';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { positionOf } from '../answer.ts';
import type { ErrorInfo, Json } from '../report.ts';
import { accepts } from './pipes.ts';
import { dispatch, isWrapper, isZodNode, kindOf, rootKind, someZodNode, type ZodVisitor } from './zod-walk.ts';

/** The answer as the handler returned it: Dates at the date positions, with those positions' key paths. */
export type Revived = { ok: true; value: unknown; paths: string[] } | { ok: false; error: ErrorInfo };

/** An ISO 8601 date-time with seconds optional and a `Z` or offset (what `toISOString` and most servers' logs write). */
const ISO_DATE_TIME = z.iso.datetime({ offset: true });

type Slot = { node: unknown; value: unknown; pointer: Array<string | number> };

/**
 * The answer with each ISO date-time string at a `z.date()` position made the `Date` it stands for (a copy; the
 * answer itself is untouched), or the first non-ISO string at one, placed in `text`. The answer as it is when the
 * schema has no `z.date()` or the answer no string there.
 */
export function reviveDates(schema: z.core.$ZodType, answer: Json, text: string): Revived {
  if (!someZodNode(schema, (visit) => visit.kind === 'date')) return { ok: true, value: answer, paths: [] };
  const found: Array<Array<string | number>> = [];
  const stack: Slot[] = [{ node: schema, value: answer, pointer: [] }];
  for (let slot = stack.pop(); slot !== undefined; slot = stack.pop()) {
    const { node, value, pointer } = slot;
    if (!isZodNode(node)) continue;
    const kind = kindOf(node);
    if (kind === 'date' && typeof value === 'string') {
      if (!ISO_DATE_TIME.safeParse(value).success || Number.isNaN(Date.parse(value))) return { ok: false, error: notIso(value, pointer, text) };
      found.push(pointer);
      continue;
    }
    // A primitive goes on only through wrappers and unions; children are pushed last first, so they come in answer order.
    if ((typeof value === 'object' && value !== null) || isWrapper(kind, 'parse') || kind === 'union') stack.push(...dispatch(node, FOLLOW, value, pointer).reverse());
  }
  if (found.length === 0) return { ok: true, value: answer, paths: [] };
  const copy = structuredClone(answer) as unknown;
  for (const pointer of found) set(copy, pointer);
  return { ok: true, value: copy, paths: found.map(keyPathOf) };
}

const at = (pointer: ReadonlyArray<string | number>, child: unknown, value: unknown, seg: string | number): Slot => ({ node: child, value, pointer: [...pointer, seg] });

/** The schema nodes and values below one (schema, value) pair, as a parse would pair them. */
const FOLLOW: ZodVisitor<Slot[], [value: unknown, pointer: Array<string | number>]> = {
  kinds: {
    union: (def, _, value, pointer) => {
      const options = def.options as readonly z.ZodType[];
      // The member that takes the value as it is; else a date member for a string (the Date it stands for).
      const member = options.find((o) => accepts(o, value)) ?? (typeof value === 'string' ? options.find((o) => rootKind(o) === 'date') : undefined);
      return member ? [{ node: member, value, pointer }] : [];
    },
    array: (def, _, value, pointer) => (Array.isArray(value) ? value.map((v, i) => at(pointer, def.element, v, i)) : []),
    tuple: (def, _, value, pointer) => (Array.isArray(value) ? value.map((v, i) => at(pointer, def.items[i] ?? def.rest, v, i)) : []),
    object: (def, _, value, pointer) => {
      if (Array.isArray(value)) return [];
      const record = value as Record<string, unknown>;
      const shape = def.shape;
      return Object.keys(record).map((k) => at(pointer, Object.hasOwn(shape, k) ? shape[k] : def.catchall, record[k], k));
    },
    record: (def, _, value, pointer) => {
      if (Array.isArray(value)) return [];
      const record = value as Record<string, unknown>;
      return Object.keys(record).map((k) => at(pointer, def.valueType, record[k], k));
    },
  },
  wrapper: { walk: 'parse', visit: (inner, _, value, pointer) => [{ node: inner, value, pointer }] },
  other: () => [],
};

function set(root: unknown, pointer: ReadonlyArray<string | number>): void {
  if (pointer.length === 0) return;
  let parent = root as Record<string | number, unknown>;
  for (const seg of pointer.slice(0, -1)) parent = parent[seg] as Record<string | number, unknown>;
  const last = pointer[pointer.length - 1] as string | number;
  parent[last] = new Date(parent[last] as string);
}

/** `createdAt`, `items[].createdAt`: the key path form the panes use. */
function keyPathOf(pointer: ReadonlyArray<string | number>): string {
  return pointer.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[]` : out ? `${out}.${seg}` : seg), '');
}

function notIso(value: string, pointer: ReadonlyArray<string | number>, text: string): ErrorInfo {
  const where = pointer.length === 0 ? 'The answer' : `\`${keyPathOf(pointer)}\``;
  const message = `${where} is a z.date(): a handler's Date ships as an ISO date-time string (like "2024-05-01T10:00:00.000Z"), and ${JSON.stringify(value.slice(0, 80))} is not one.`;
  const node = guardedNode(text, pointer);
  return node === undefined ? { message } : { message, ...positionOf(text, node) };
}

function guardedNode(text: string, pointer: ReadonlyArray<string | number>): number | undefined {
  try {
    const tree = parseTree(text);
    return tree ? findNodeAtLocation(tree, [...pointer])?.offset : undefined;
  } catch {
    return undefined;
  }
}
