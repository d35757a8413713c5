/**
 * Schema fixes for the other Standard Schema libraries (engine/libs): like the zod ones (schema-kinds.ts), each finds
 * its exact spots by token scan and edits them, or proposes nothing; the app then runs the edited case in the sandbox
 * and offers it only when the verdict passes. A source that imports a library gets that library's fixes only.
 */
import type { Token } from '../load/scan.ts';
import { edited, places, type SchemaFixKind } from './schema-kinds.ts';
import { methodCalls, spanOf, type Scanned } from './locate.ts';
import type { SourceEdit } from './types.ts';

/** The namespace a `ns.method(…)` call is made on (`v` in `v.date()`), or null for another form. */
function namespaceOf({ tokens }: Scanned, name: number): string | null {
  const ns = tokens[name - 2];
  return tokens[name - 1]?.text === '.' && ns?.kind === 'name' && tokens[name - 3]?.text !== '.' ? ns.text : null;
}

/** A string token's value (no escapes are read: the values these fixes look for have none), and its quote. */
function stringOf(t: Token | undefined): { value: string; quote: string } | null {
  if (t?.kind !== 'string') return null;
  return { value: t.text.slice(1, -1), quote: t.text.charAt(0) };
}

/** valibot: `v.strictObject` refuses the undeclared key on the server; `v.looseObject` keeps it and lists the object open. */
const valibotLoose: SchemaFixKind = {
  kind: 'loosen-object',
  propose({ scanned }) {
    const calls = methodCalls(scanned, new Set(['strictObject', 'object'])).filter((c) => namespaceOf(scanned, c.name) !== null);
    const strict = calls.filter((c) => scanned.tokens[c.name]?.text === 'strictObject');
    if (strict.length === 0) return [];
    const ns = namespaceOf(scanned, strict[0]?.name ?? 0);
    const edits = strict.map((c) => ({ ...spanOf(scanned, c.name, c.name), text: 'looseObject' }));
    return [edited(scanned, 'loosen-object', `${ns}.looseObject instead of ${ns}.strictObject (${places(edits.length)})`, edits)];
  },
};

/** valibot: `v.date()` cannot be converted to JSON Schema (tools/list fails); an ISO timestamp string can. */
const valibotDate: SchemaFixKind = {
  kind: 'date-to-iso',
  propose({ scanned }) {
    const calls = methodCalls(scanned, new Set(['date'])).filter((c) => c.close === c.open + 1 && namespaceOf(scanned, c.name) !== null);
    if (calls.length === 0) return [];
    const ns = namespaceOf(scanned, calls[0]?.name ?? 0) ?? 'v';
    const edits = calls.map((c) => ({ ...spanOf(scanned, c.name - 2, c.close), text: `${ns}.pipe(${ns}.string(), ${ns}.isoTimestamp())` }));
    return [edited(scanned, 'date-to-iso', `${ns}.pipe(${ns}.string(), ${ns}.isoTimestamp()) instead of ${ns}.date() (${places(edits.length)})`, edits)];
  },
};

/** arktype: `'+': 'delete'` drops the key in validate but the raw answer ships it, under a closed listing; `'ignore'` lists it open. */
const arktypeIgnore: SchemaFixKind = {
  kind: 'loosen-object',
  propose({ scanned }) {
    const { tokens } = scanned;
    const edits: SourceEdit[] = [];
    tokens.forEach((t, i) => {
      const value = stringOf(t);
      if (!value || !['delete', 'reject'].includes(value.value) || tokens[i - 1]?.text !== ':' || stringOf(tokens[i - 2])?.value !== '+') return;
      edits.push({ start: t.start, end: t.end, text: `${value.quote}ignore${value.quote}` });
    });
    return edits.length === 0 ? [] : [edited(scanned, 'loosen-object', `'+': 'ignore' instead of 'delete' / 'reject' (${places(edits.length)})`, edits)];
  },
};

/** arktype: `count: 'number = 1'` is listed as required with no default, yet the raw answer may lack it; `'count?': 'number'` is optional. */
const arktypeOptional: SchemaFixKind = {
  kind: 'default-to-optional',
  propose({ scanned, role }) {
    if (role !== 'output') return [];
    const { tokens } = scanned;
    const edits: SourceEdit[] = [];
    tokens.forEach((t, i) => {
      const value = stringOf(t);
      const key = tokens[i - 2];
      const defaulted = value ? /^\s*([^=]+?)\s*=\s*\S/.exec(value.value) : null;
      if (!value || !defaulted || tokens[i - 1]?.text !== ':' || !key || (key.kind !== 'name' && key.kind !== 'string')) return;
      const name = key.kind === 'name' ? key.text : key.text.slice(1, -1);
      if (name.endsWith('?') || name === '+') return;
      edits.push({ start: key.start, end: key.end, text: `${value.quote}${name}?${value.quote}` }, { start: t.start, end: t.end, text: `${value.quote}${defaulted[1]}${value.quote}` });
    });
    return edits.length === 0 ? [] : [edited(scanned, 'default-to-optional', `An optional key instead of a default (${places(edits.length / 2)})`, edits)];
  },
};

/** effect: `Schema.toStandardSchemaV1` alone has no `~standard.jsonSchema` (tools/list fails); wrapped in `toStandardJSONSchemaV1` it lists. */
const effectBothWrappers: SchemaFixKind = {
  kind: 'standard-json-schema',
  propose({ scanned }) {
    const { tokens } = scanned;
    const edits: SourceEdit[] = [];
    let ns = 'Schema';
    for (const c of methodCalls(scanned, new Set(['toStandardSchemaV1']))) {
      const receiver = namespaceOf(scanned, c.name);
      // Already composed: `….toStandardJSONSchemaV1(Schema.toStandardSchemaV1(…))`.
      if (receiver === null || (tokens[c.name - 3]?.text === '(' && tokens[c.name - 4]?.text === 'toStandardJSONSchemaV1')) continue;
      ns = receiver;
      const start = (tokens[c.name - 2] as Token).start;
      const end = (tokens[c.close] as Token).end;
      edits.push({ start, end: start, text: `${receiver}.toStandardJSONSchemaV1(` }, { start: end, end, text: ')' });
    }
    return edits.length === 0 ? [] : [edited(scanned, 'standard-json-schema', `${ns}.toStandardJSONSchemaV1(${ns}.toStandardSchemaV1(…)): both wrappers (${places(edits.length / 2)})`, edits)];
  },
};

/** Each library's fix kinds, by its `~standard.vendor` (libs/index.ts), tried in this order. */
export const LIBRARY_FIX_KINDS: Readonly<Record<string, readonly SchemaFixKind[]>> = {
  valibot: [valibotLoose, valibotDate],
  arktype: [arktypeIgnore, arktypeOptional],
  effect: [effectBothWrappers],
};
