/** Fixes that edit the schema source: each finds its exact spots by token scan, or says in words what to change. */
import type { JsonSchema } from '../report.ts';
import { declaredKeys, parentPath } from './declared.ts';
import { applyEdits } from './edits.ts';
import { literalKeys, methodCalls, spanOf, strictAfter, type Scanned } from './locate.ts';
import type { FixCandidate, FixKind, SourceEdit } from './types.ts';

/** What a schema fix reads: the scanned source, the role, zod's listing, the failing row's undeclared key paths. */
export interface SchemaFixInput {
  scanned: Scanned;
  role: 'output' | 'input';
  zodListed: JsonSchema | null;
  undeclared: readonly string[];
}

/** One kind of schema fix: its candidates for a case (none when it does not apply). */
export interface SchemaFixKind {
  kind: FixKind;
  propose(input: SchemaFixInput): FixCandidate[];
}

const OBJECT_CALLS: ReadonlySet<string> = new Set(['object', 'strictObject']);

/** `z.looseObject` at each object that has an undeclared key (a `.strict()` after it dropped). */
const loosenObject: SchemaFixKind = {
  kind: 'loosen-object',
  propose({ scanned, zodListed, undeclared }) {
    const parents = [...new Set(undeclared.map(parentPath))];
    if (parents.length === 0) return [];
    const where = parents.map((p) => (p === '' ? 'the root object' : `the object at ${p}`)).join(', ');
    const title = `Let ${where} keep undeclared keys: z.looseObject`;
    const edits: SourceEdit[] = [];
    for (const parent of parents) {
      const keys = declaredKeys(zodListed, parent);
      const matches = keys ? methodCalls(scanned, OBJECT_CALLS).filter((c) => sameKeys(literalKeys(scanned, c), keys)) : [];
      const call = matches.length === 1 ? matches[0] : undefined;
      if (!call) return [inWords('loosen-object', title, `Change ${where} from z.object(…) to z.looseObject(…) (or add .passthrough()), and drop any .strict() on it.`)];
      edits.push({ ...spanOf(scanned, call.name, call.name), text: 'looseObject' });
      const strict = strictAfter(scanned, call.close);
      if (strict) edits.push({ ...strict, text: '' });
    }
    return [edited(scanned, 'loosen-object', title, edits)];
  },
};

/** Drops strictness: `z.strictObject` → `z.object`, `.strict()` removed (the server's own parse then accepts extra keys). */
const dropStrict: SchemaFixKind = {
  kind: 'drop-strict',
  propose({ scanned }) {
    const edits: SourceEdit[] = methodCalls(scanned, new Set(['strictObject'])).map((c) => ({ ...spanOf(scanned, c.name, c.name), text: 'object' }));
    for (const c of methodCalls(scanned, new Set(['strict']))) if (c.close === c.open + 1) edits.push({ ...spanOf(scanned, c.name - 1, c.close), text: '' });
    return edits.length === 0 ? [] : [edited(scanned, 'drop-strict', `Drop .strict() / z.strictObject (${places(edits.length)})`, edits)];
  },
};

/** Opens every strict object: `z.strictObject` and `z.object(…).strict()` become `z.looseObject(…)`. */
const strictToLoose: SchemaFixKind = {
  kind: 'loosen-object',
  propose({ scanned }) {
    const edits: SourceEdit[] = [];
    for (const c of methodCalls(scanned, OBJECT_CALLS)) {
      const isStrict = scanned.tokens[c.name]?.text === 'strictObject';
      const strict = isStrict ? null : strictAfter(scanned, c.close);
      if (isStrict || strict) edits.push({ ...spanOf(scanned, c.name, c.name), text: 'looseObject' });
      if (strict) edits.push({ ...strict, text: '' });
    }
    return edits.length === 0 ? [] : [edited(scanned, 'loosen-object', 'Let the strict objects keep undeclared keys: z.looseObject', edits)];
  },
};

/** `.optional()` instead of `.default(…)`: an output's default is listed as required, yet the raw answer may lack it. */
const defaultToOptional: SchemaFixKind = {
  kind: 'default-to-optional',
  propose({ scanned, role }) {
    const calls = role === 'output' ? methodCalls(scanned, new Set(['default'])) : [];
    if (calls.length === 0) return [];
    const edits = calls.map((c) => ({ ...spanOf(scanned, c.name, c.close), text: 'optional()' }));
    return [edited(scanned, 'default-to-optional', `.optional() instead of .default(…) (${places(calls.length)})`, edits)];
  },
};

/** `z.iso.datetime()` instead of `z.date()`: a Date ships as an ISO string, which a listed date cannot describe. */
const dateToIso: SchemaFixKind = {
  kind: 'date-to-iso',
  propose({ scanned }) {
    const calls = methodCalls(scanned, new Set(['date'])).filter((c) => c.close === c.open + 1 && scanned.tokens[c.name - 2]?.kind === 'name');
    if (calls.length === 0) return [];
    const edits = calls.map((c) => ({ ...spanOf(scanned, c.name, c.close), text: 'iso.datetime()' }));
    return [edited(scanned, 'date-to-iso', `z.iso.datetime() instead of z.date() (${places(calls.length)})`, edits)];
  },
};

/** The schema fix kinds, tried in this order. */
export const SCHEMA_FIX_KINDS: readonly SchemaFixKind[] = [loosenObject, dropStrict, strictToLoose, defaultToOptional, dateToIso];

function sameKeys(a: readonly string[] | null, b: readonly string[]): boolean {
  return a !== null && a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}

/** A candidate with its edits applied (in words when two of them overlap). */
export function edited(scanned: Scanned, kind: FixKind, title: string, edits: SourceEdit[]): FixCandidate {
  const schema = applyEdits(scanned.source, edits);
  return schema === null ? inWords(kind, title, title) : { kind, title, schema, answer: null, edits, copy: null, verifiedBy: null };
}

function inWords(kind: FixKind, title: string, copy: string): FixCandidate {
  return { kind, title, schema: null, answer: null, edits: [], copy, verifiedBy: null };
}

/** `n place(s)`. */
export function places(n: number): string {
  return `${n} place${n === 1 ? '' : 's'}`;
}
