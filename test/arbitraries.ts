/**
 * fast-check arbitraries for zod schemas written as TypeScript source (what `evaluate()` takes), each kept beside a
 * structured description (`Node`), and for answers derived from that description (never by asking zod): valid ones,
 * ones with undeclared keys injected (their paths in findDroppedKeys' `lines[].margin` format), and wrong ones.
 *
 * This file is a second model of zod 4.6.7 (the bundled zod): what it accepts, what it lists, which keys it drops. It
 * never asks zod, so a zod upgrade does not move it by itself. After upgrading the bundled zod, re-check here:
 * - `mayBeAbsent` and `inherited`: which absent keys a z.object and an enum-keyed record accept (optin/optout rules);
 * - `objectAnswer`'s `plainOptional`: which keys zod's output listing leaves out of `required`;
 * - the union members `disjoint` keeps: zod's union still picks the first member that accepts;
 * - `Node` and the source text: a new wrapper or a renamed method (`.strict()`, `.passthrough()`, `z.looseObject`);
 * - the kinds src/engine/lib/zod-walk.ts reads (`WRAPPER_KINDS`, `DefOf`): a new kind there is a new `Node` here;
 * then run the property tests (engine.property, policies.property, fuzz) against the new zod before trusting them.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { Role } from '../src/engine/contract/catalog.ts';
import type { Json } from '../src/engine/report.ts';

// ---------------------------------------------------------------- the description

/** How an object treats keys it does not declare: `z.object`, `z.strictObject`, `z.looseObject`. */
export type ObjectMode = 'plain' | 'strict' | 'loose';
/** The JSON types a value can have. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** One declared key of an object. */
export interface Field {
  key: string;
  node: Node;
}

/** One member of a discriminated union: an object whose discriminator is `z.literal(tag)`. */
export interface Variant {
  tag: string;
  mode: ObjectMode;
  fields: Field[];
}

/** A zod schema, described. `method` picks the chained spelling (`.strict()`, `.passthrough()`, `x.array()`). */
export type Node =
  | { kind: 'string'; min: number | null; max: number | null }
  | { kind: 'number'; int: boolean }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'any' }
  | { kind: 'unknown' }
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'enum'; values: string[] }
  | { kind: 'object'; mode: ObjectMode; method: boolean; fields: Field[] }
  | { kind: 'array'; element: Node; method: boolean }
  | { kind: 'tuple'; items: Node[]; rest: Node | null }
  /** `keys: null` is `z.record(z.string(), value)`; otherwise an enum-keyed (exhaustive) record. */
  | { kind: 'record'; keys: string[] | null; value: Node }
  | { kind: 'union'; options: Node[] }
  | { kind: 'discriminated'; discriminator: string; variants: Variant[] }
  | { kind: 'optional'; inner: Node }
  | { kind: 'nullable'; inner: Node }
  | { kind: 'default'; inner: Node; value: Json }
  /** `dynamic`: `.catch((ctx) => …)`, whose fallback cannot be computed without a parse. */
  | { kind: 'catch'; inner: Node; value: Json; dynamic: boolean }
  | { kind: 'coerce'; to: 'number' | 'string' | 'boolean' }
  /** `inner.transform((v) => v)`: an output transform that keeps the value. */
  | { kind: 'transform'; inner: Node }
  /** `z.string().regex(/^[0-9]{1,6}$/).pipe(z.coerce.number())`: the listing describes the number, the wire carries the string. */
  | { kind: 'pipe' }
  /** `z.bigint().default(0n)`, only ever a field: JSON cannot carry a BigInt, so a valid answer leaves the key out. */
  | { kind: 'bigint-default' }
  /** A self-referencing object (hoisted to a `const`) through a getter or `z.lazy`; `self` is the key that recurses. */
  | { kind: 'recursive'; style: 'getter' | 'lazy'; fields: Field[]; self: { key: string; wrap: 'array' | 'optional' | 'nullable' } };

/** What a schema uses, for naming the residual gaps a failure may belong to. */
export type Feature = Node['kind'] | 'strict' | 'loose' | 'dynamic-catch' | 'enum-record' | 'getter' | 'lazy';

/** How the source spells the import and picks the schema (the load phase's rules). */
export interface SourceStyle {
  import: 'named' | 'namespace' | 'none' | 'v4';
  export: 'default' | 'role-name' | 'last-const' | 'raw-shape';
}

/** A generated schema: its description, the TypeScript the engine loads, and plain JS an independent oracle runs. */
export interface GeneratedSchema {
  root: Node;
  role: Role;
  tool: string;
  style: SourceStyle;
  /** TypeScript source for `evaluate()`. */
  source: string;
  /** A function body (`z` in scope) returning the same schema, built without the engine's loader. */
  oracle: string;
  features: Feature[];
}

/** A residual gap MCP SDK PR #2556 names: the wire carries a raw value the wire-truthful listing does not describe. */
export type GapId = 'coerce' | 'pipe' | 'object-catch';
/**
 * Something an answer does that some listing does not describe: a wire-truthful gap, or a left-out key that zod parses to
 * undefined (JSON then drops it) while zod's own listing requires it (only wire-truthful drops it from `required`).
 */
export type Hazard = GapId | 'undefined-key';

/** A generated answer and what the generator knows about it. */
export interface GeneratedAnswer {
  kind: 'valid' | 'injected' | 'wrong';
  value: Json;
  /** JSON text, `__proto__` keys included as own keys. */
  text: string;
  /** Whether zod must accept it (a `wrong` answer with nowhere certain to break stays valid). */
  valid: boolean;
  /** Paths findDroppedKeys must report: the keys injected into plain objects (and `__proto__` anywhere, see below). */
  injected: string[];
  /** What the raw value does that a listing may not describe (a coerced field holding a string, …). */
  hazards: Hazard[];
}

/** One fuzz case: the schema, the answer and the case `evaluate()` takes. */
export interface FuzzCase {
  schema: GeneratedSchema;
  answer: GeneratedAnswer;
  case: { v: 1; role: Role; tool: string; schema: string; answer: string };
}

// ---------------------------------------------------------------- keys and values

const DECLARED_KEYS = ['id', 'name', 'lines', 'meta', 'count', 'constructor', 'toString', 'clé', 'e\u0301', '名前', 'a-b', 'with space', '🔑', '', 'a.b'];
/** Keys injected as undeclared: prototype names, NFC vs NFD, path look-alikes, astral characters. */
export const INJECTED_KEYS = ['costCenter', 'margin', 'x', '__proto__', 'constructor', 'hasOwnProperty', '\u00e9', 'e\u0301', 'ключ', '键', '🙂', '', 'a.b', 'lines[]'];
const RECORD_KEYS = ['a', 'b', 'constructor', 'ключ', '🙂', '', 'x.y', 'toString'];
const TAGS = ['a', 'b', 'c', 'invoice', 'ü', '🅰', ''];

/** Single code points outside the surrogate range, so a generated length is the length zod and Ajv count. */
const codePoint = fc.oneof(
  fc.constantFrom('a', 'Z', '0', ' ', '"', '\\', '\n', '\u0000', 'é', '日', '😀'),
  fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff).map((cp) => String.fromCodePoint(cp)),
);
const anyString = fc.oneof(fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.string({ unit: codePoint, maxLength: 3 }));
const declaredKey = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...DECLARED_KEYS) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).filter((k) => k !== '__proto__') });

/** A plain object with own data properties in order (`__proto__` included: assignment would set the prototype). */
export function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const polluting = fc.constant(null).map(() => objectOf([['__proto__', objectOf([['polluted', true]])]]));
/** Arbitrary JSON for z.any()/z.unknown() and injected values, sometimes carrying a `__proto__` key. */
const anyJson: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: polluting },
);
const wrongPrimitive: fc.Arbitrary<Json> = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), anyString);

// ---------------------------------------------------------------- facts about a description

/** The JSON types zod accepts for a node, or 'all' where it accepts more than its type says (catch, coerce, any). */
export function typesOf(node: Node): Set<JsonType> | 'all' {
  switch (node.kind) {
    case 'string':
    case 'enum':
    case 'pipe':
      return new Set(['string']);
    case 'number':
      return new Set(['number']);
    case 'boolean':
      return new Set(['boolean']);
    case 'null':
      return new Set(['null']);
    case 'literal':
      return new Set([jsonType(node.value)]);
    case 'object':
    case 'record':
    case 'discriminated':
    case 'recursive':
      return new Set(['object']);
    case 'array':
    case 'tuple':
      return new Set(['array']);
    case 'bigint-default':
      return new Set();
    case 'union': {
      const all = new Set<JsonType>();
      for (const o of node.options) {
        const t = typesOf(o);
        if (t === 'all') return 'all';
        t.forEach((x) => all.add(x));
      }
      return all;
    }
    case 'nullable': {
      const t = typesOf(node.inner);
      return t === 'all' ? t : new Set([...t, 'null']);
    }
    case 'optional':
    case 'default':
    case 'transform':
      return typesOf(node.inner);
    case 'any':
    case 'unknown':
    case 'catch':
    case 'coerce':
      return 'all';
  }
}

/** The JSON type of a value. */
export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/**
 * Whether a missing key is accepted. In a z.object (`field`) zod 4.6.7 lets only optional-in fields be absent; an
 * exhaustive (enum-keyed) record (`record`) validates `undefined` instead, which z.any() and most coercions also take.
 */
export function mayBeAbsent(node: Node, where: 'field' | 'record' = 'field'): boolean {
  switch (node.kind) {
    case 'optional':
    case 'default':
    case 'catch':
    case 'bigint-default':
      return true;
    case 'any':
    case 'unknown':
      return where === 'record';
    case 'coerce':
      return where === 'record' && node.to !== 'number';
    case 'union':
      return node.options.some((o) => mayBeAbsent(o, where));
    case 'nullable':
    case 'transform':
      return mayBeAbsent(node.inner, where);
    default:
      return false;
  }
}

/** Whether zod parses a missing key to `undefined` (which JSON drops) rather than filling it in. */
function leavesUndefined(node: Node): boolean {
  switch (node.kind) {
    case 'optional':
    case 'any':
    case 'unknown':
      return true;
    case 'catch':
      // The fallback only replaces what the inner schema refuses.
      return mayBeAbsent(node.inner, 'record');
    case 'union':
      return node.options.some(leavesUndefined);
    case 'nullable':
    case 'transform':
      return leavesUndefined(node.inner);
    default:
      return false;
  }
}

/** Whether a missing key is certainly refused (catch and coerce may make something of `undefined`). */
function refusesAbsence(node: Node): boolean {
  switch (node.kind) {
    case 'union':
      return node.options.every(refusesAbsence);
    case 'nullable':
    case 'transform':
      return refusesAbsence(node.inner);
    case 'catch':
    case 'coerce':
      return false;
    default:
      return !mayBeAbsent(node);
  }
}

/** Every feature the description uses. */
export function featuresOf(root: Node): Feature[] {
  const found = new Set<Feature>();
  const visit = (node: Node): void => {
    found.add(node.kind);
    switch (node.kind) {
      case 'object':
        if (node.mode !== 'plain') found.add(node.mode);
        node.fields.forEach((f) => visit(f.node));
        break;
      case 'recursive':
        found.add(node.style);
        node.fields.forEach((f) => visit(f.node));
        break;
      case 'discriminated':
        for (const v of node.variants) {
          if (v.mode !== 'plain') found.add(v.mode);
          v.fields.forEach((f) => visit(f.node));
        }
        break;
      case 'array':
        visit(node.element);
        break;
      case 'tuple':
        node.items.forEach(visit);
        if (node.rest) visit(node.rest);
        break;
      case 'record':
        if (node.keys) found.add('enum-record');
        visit(node.value);
        break;
      case 'union':
        node.options.forEach(visit);
        break;
      case 'catch':
        if (node.dynamic) found.add('dynamic-catch');
        visit(node.inner);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'transform':
        visit(node.inner);
        break;
      default:
        break;
    }
  };
  visit(root);
  return [...found].sort();
}

// ---------------------------------------------------------------- source text

interface Render {
  /** Hoisted declarations, TypeScript and plain JS. */
  ts: string[];
  js: string[];
  next: number;
}

/** A JS expression for a JSON value (`__proto__` as a computed key, so it stays an own property). */
export function jsLiteral(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value).map((k) => `${k === '__proto__' ? `[${JSON.stringify(k)}]` : JSON.stringify(k)}: ${jsLiteral(value[k] as Json)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

function shape(fields: Field[], r: Render): string {
  return fields.map((f) => `${JSON.stringify(f.key)}: ${expr(f.node, r)}`).join(', ');
}

function objectExpr(mode: ObjectMode, method: boolean, body: string): string {
  if (mode === 'plain') return `z.object({ ${body} })`;
  if (method) return `z.object({ ${body} }).${mode === 'strict' ? 'strict' : 'passthrough'}()`;
  return `z.${mode === 'strict' ? 'strictObject' : 'looseObject'}({ ${body} })`;
}

function expr(node: Node, r: Render): string {
  switch (node.kind) {
    case 'string':
      return `z.string()${node.min !== null ? `.min(${node.min})` : ''}${node.max !== null ? `.max(${node.max})` : ''}`;
    case 'number':
      return node.int ? 'z.int()' : 'z.number()';
    case 'boolean':
    case 'null':
    case 'any':
    case 'unknown':
      return `z.${node.kind}()`;
    case 'literal':
      return `z.literal(${JSON.stringify(node.value)})`;
    case 'enum':
      return `z.enum(${JSON.stringify(node.values)})`;
    case 'object':
      return objectExpr(node.mode, node.method, shape(node.fields, r));
    case 'array':
      return node.method ? `${expr(node.element, r)}.array()` : `z.array(${expr(node.element, r)})`;
    case 'tuple':
      return `z.tuple([${node.items.map((i) => expr(i, r)).join(', ')}]${node.rest ? `, ${expr(node.rest, r)}` : ''})`;
    case 'record':
      return `z.record(${node.keys ? `z.enum(${JSON.stringify(node.keys)})` : 'z.string()'}, ${expr(node.value, r)})`;
    case 'union':
      return `z.union([${node.options.map((o) => expr(o, r)).join(', ')}])`;
    case 'discriminated': {
      const d = JSON.stringify(node.discriminator);
      const members = node.variants.map((v) => objectExpr(v.mode, false, [`${d}: z.literal(${JSON.stringify(v.tag)})`, shape(v.fields, r)].filter(Boolean).join(', ')));
      return `z.discriminatedUnion(${d}, [${members.join(', ')}])`;
    }
    case 'optional':
    case 'nullable':
      return `${expr(node.inner, r)}.${node.kind}()`;
    case 'default':
      return `${expr(node.inner, r)}.default(${jsLiteral(node.value)})`;
    case 'catch':
      // A fallback that reads the parse context: zod cannot compute it while listing (the wire-truthful PR's dynamic catch).
      return node.dynamic
        ? `${expr(node.inner, r)}.catch((ctx) => (ctx.error ? ${jsLiteral(node.value)} : ${jsLiteral(node.value)}))`
        : `${expr(node.inner, r)}.catch(${jsLiteral(node.value)})`;
    case 'coerce':
      return `z.coerce.${node.to}()`;
    case 'transform':
      return `${expr(node.inner, r)}.transform((v) => v)`;
    case 'pipe':
      return 'z.string().regex(/^[0-9]{1,6}$/).pipe(z.coerce.number())';
    case 'bigint-default':
      return 'z.bigint().default(0n)';
    case 'recursive':
      return hoist(node, r);
  }
}

/** Declares a recursive schema before the expression that uses it; the self-reference runs lazily. */
function hoist(node: Extract<Node, { kind: 'recursive' }>, r: Render): string {
  const name = `Tree${r.next++}`;
  const fields = shape(node.fields, r);
  const self = node.self.wrap === 'array' ? `z.array(${name})` : `${name}.${node.self.wrap}()`;
  const key = JSON.stringify(node.self.key);
  if (node.style === 'getter') {
    const decl = `const ${name} = z.object({ ${fields ? `${fields}, ` : ''}get ${key}() { return ${self}; } });`;
    r.ts.push(decl);
    r.js.push(decl);
  } else {
    const body = `z.lazy(() => z.object({ ${fields ? `${fields}, ` : ''}${key}: ${self} }))`;
    r.ts.push(`const ${name}: z.ZodType = ${body};`);
    r.js.push(`const ${name} = ${body};`);
  }
  return name;
}

const IMPORTS: Record<SourceStyle['import'], string> = {
  named: 'import { z } from "zod";',
  namespace: 'import * as z from "zod";',
  none: '',
  v4: 'import { z } from "zod/v4";',
};

/** Renders a description as the TypeScript a user would paste, plus the oracle's JS body. */
export function render(root: Node, role: Role, style: SourceStyle): { source: string; oracle: string } {
  const r: Render = { ts: [], js: [], next: 0 };
  const rawShape = style.export === 'raw-shape' && root.kind === 'object' && root.mode === 'plain';
  const value = rawShape && root.kind === 'object' ? `{ ${shape(root.fields, r)} }` : expr(root, r);
  const oracleValue = rawShape ? `z.object(${value})` : value;
  const name = role === 'output' ? 'outputSchema' : 'inputSchema';
  const tail =
    style.export === 'role-name'
      ? [`export const ${name} = ${value};`, `export type Shape = z.infer<typeof ${name}>;`]
      : style.export === 'last-const'
        ? [`const schema = ${value};`, 'type Shape = z.infer<typeof schema>;']
        : [`export default ${value};`];
  const source = [IMPORTS[style.import], ...r.ts, ...tail].filter(Boolean).join('\n');
  return { source, oracle: [...r.js, `return ${oracleValue};`].join('\n') };
}

/** The schema built from the oracle body with this process's zod: independent of the engine's loader. */
export function oracleSchema(schema: Pick<GeneratedSchema, 'oracle'>): z.ZodType {
  return new Function('z', schema.oracle)(z) as z.ZodType;
}

// ---------------------------------------------------------------- schema arbitraries

const primitive: fc.Arbitrary<Node> = fc.oneof(
  fc
    .tuple(fc.option(fc.nat({ max: 3 }), { nil: null }), fc.option(fc.nat({ max: 5 }), { nil: null }))
    .map(([a, b]): Node => ({ kind: 'string', min: a !== null && b !== null ? Math.min(a, b) : a, max: a !== null && b !== null ? Math.max(a, b) : b })),
  fc.boolean().map((int): Node => ({ kind: 'number', int })),
  fc.constantFrom<Node>({ kind: 'boolean' }, { kind: 'null' }, { kind: 'any' }, { kind: 'unknown' }),
  fc.oneof(anyString, fc.integer(), fc.boolean(), fc.constant(null)).map((value): Node => ({ kind: 'literal', value })),
  fc.uniqueArray(fc.constantFrom(...TAGS, 'draft', 'paid'), { minLength: 1, maxLength: 4 }).map((values): Node => ({ kind: 'enum', values })),
  fc.constantFrom('number' as const, 'string' as const, 'boolean' as const).map((to): Node => ({ kind: 'coerce', to })),
  fc.constant<Node>({ kind: 'pipe' }),
);

const objectMode = fc.constantFrom<ObjectMode>('plain', 'plain', 'plain', 'strict', 'loose');

/** Keeps the members whose JSON types are disjoint, so the generated member is the one zod's union picks first. */
function disjoint(candidates: Node[]): Node[] {
  const used = new Set<JsonType>();
  const out: Node[] = [];
  const fillers: Node[] = [{ kind: 'string', min: null, max: null }, { kind: 'number', int: false }, { kind: 'boolean' }, { kind: 'null' }];
  for (const c of [...candidates, ...fillers]) {
    if (out.length >= 2 && candidates.indexOf(c) === -1) break;
    const t = typesOf(c);
    if (t === 'all' || t.size === 0 || [...t].some((x) => used.has(x))) continue;
    t.forEach((x) => used.add(x));
    out.push(c);
  }
  return out;
}

const tree = fc.letrec<{ node: Node; field: Node; object: Node; fields: Field[]; value: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 4, depthIdentifier: 'schema' },
    { weight: 5, arbitrary: primitive },
    { weight: 4, arbitrary: tie('object') },
    { weight: 2, arbitrary: fc.tuple(tie('node'), fc.boolean()).map(([element, method]): Node => ({ kind: 'array', element, method })) },
    { weight: 1, arbitrary: fc.tuple(fc.array(tie('node'), { minLength: 1, maxLength: 3 }), fc.option(tie('node'), { nil: null })).map(([items, rest]): Node => ({ kind: 'tuple', items, rest })) },
    { weight: 1, arbitrary: fc.tuple(fc.option(fc.uniqueArray(fc.constantFrom(...RECORD_KEYS), { minLength: 1, maxLength: 3 }), { nil: null }), tie('node')).map(([keys, value]): Node => ({ kind: 'record', keys, value })) },
    { weight: 2, arbitrary: fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((c): Node => ({ kind: 'union', options: disjoint(c) })) },
    { weight: 1, arbitrary: discriminated(tie('fields')) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('optional', 'nullable', 'transform'), tie('node')).map(([kind, inner]) => ({ kind, inner }) as Node) },
    { weight: 2, arbitrary: tie('value').chain((inner) => validValue(inner).map((value): Node => ({ kind: 'default', inner, value }))) },
    { weight: 2, arbitrary: fc.tuple(tie('value'), fc.boolean()).chain(([inner, dynamic]) => validValue(inner).map((value): Node => ({ kind: 'catch', inner, value, dynamic }))) },
    { weight: 1, arbitrary: recursive(tie('fields')) },
  ),
  // A default's or catch's value is also what the parse yields, so it must be valid output: nothing that changes the value inside.
  value: tie('node').filter((n) => !featuresOf(n).some((f) => f === 'pipe' || f === 'transform' || f === 'catch' || f === 'coerce')),
  field: fc.oneof({ weight: 12, arbitrary: tie('node') }, { weight: 1, arbitrary: fc.constant<Node>({ kind: 'bigint-default' }) }),
  fields: fc
    .uniqueArray(fc.record({ key: declaredKey, node: tie('field') }), { selector: (f) => f.key, maxLength: 4 })
    // A BigInt default is always absent from JSON, and an absent inherited key (`toString`) is never valid.
    .map((fs) => fs.filter((f) => !(f.node.kind === 'bigint-default' && inherited(f.key)))),
  object: fc.record({ kind: fc.constant('object' as const), mode: objectMode, method: fc.boolean(), fields: tie('fields') }),
}));

function discriminated(fields: fc.Arbitrary<Field[]>): fc.Arbitrary<Node> {
  return fc.constantFrom('kind', 'type', 'ключ').chain((discriminator) =>
    fc
      .uniqueArray(fc.record({ tag: fc.constantFrom(...TAGS), mode: objectMode, fields }), { selector: (v) => v.tag, minLength: 2, maxLength: 4 })
      .map((variants): Node => ({ kind: 'discriminated', discriminator, variants: variants.map((v) => ({ ...v, fields: v.fields.filter((f) => f.key !== discriminator) })) })),
  );
}

function recursive(fields: fc.Arbitrary<Field[]>): fc.Arbitrary<Node> {
  return fc.record({
    kind: fc.constant('recursive' as const),
    style: fc.constantFrom('getter' as const, 'lazy' as const),
    self: fc.record({ key: fc.constantFrom('children', 'next', 'parent', 'sub-tree', 'ветка'), wrap: fc.constantFrom('array' as const, 'optional' as const, 'nullable' as const) }),
    fields,
  }).map((n) => ({ ...n, fields: n.fields.filter((f) => f.key !== n.self.key) }));
}

/** Any schema description (fields, members and items nest up to a few levels). */
export const schemaNode: fc.Arbitrary<Node> = tree.node;
/** Object schema descriptions (plain, strict or loose). */
export const objectNode: fc.Arbitrary<Node> = tree.object;

/** A root: mostly objects, sometimes a union, an array or anything else (non-object roots exercise the SDKs' wrapping). */
export const rootNode: fc.Arbitrary<Node> = fc.oneof(
  { weight: 6, arbitrary: tree.object },
  { weight: 1, arbitrary: discriminated(tree.fields) },
  { weight: 1, arbitrary: recursive(tree.fields) },
  { weight: 2, arbitrary: tree.node },
);

const style: fc.Arbitrary<SourceStyle> = fc.record({
  import: fc.constantFrom('named', 'named', 'namespace', 'none', 'v4'),
  export: fc.constantFrom('default', 'default', 'role-name', 'last-const', 'raw-shape'),
});

/** A whole generated schema: description, source, oracle, features. */
export function generatedSchema(root: fc.Arbitrary<Node> = rootNode, role: fc.Arbitrary<Role> = fc.constantFrom<Role>('output', 'output', 'output', 'output', 'input')): fc.Arbitrary<GeneratedSchema> {
  return fc.record({ root, role, style, tool: fc.constantFrom('get_invoice', 'my_tool', 'list.items', 'tool-2') }).map((g) => ({ ...g, ...render(g.root, g.role, g.style), features: featuresOf(g.root) }));
}

// ---------------------------------------------------------------- answers

interface Gen {
  value: Json;
  injected: string[];
  hazards: Hazard[];
  /** A key left out of its object (its hazards still count). */
  absent?: true;
}

interface AnswerOptions {
  inject: boolean;
  /** Every defaulted key present: zod returns a default or catch value unparsed, so it must already be a valid output. */
  complete: boolean;
  /** How many more levels a recursive schema may nest. */
  depth: number;
}

const at = (path: string, key: string): string => (path ? `${path}.${key}` : key);
const leaf = (value: Json, hazards: Hazard[] = []): Gen => ({ value, injected: [], hazards });
const extraValue: fc.Arbitrary<Json> = fc.oneof(fc.integer(), anyString, fc.constant(null), anyJson);

/** A valid output value for a description (no keys injected, shallow recursion): what defaults and catches fall back to. */
export function validValue(node: Node): fc.Arbitrary<Json> {
  return answerOf(node, '', { inject: false, complete: true, depth: 1 }).map((g) => g.value);
}

function answerOf(node: Node, path: string, o: AnswerOptions): fc.Arbitrary<Gen> {
  switch (node.kind) {
    case 'string':
      return fc.string({ unit: codePoint, minLength: node.min ?? 0, maxLength: node.max ?? Math.max(node.min ?? 0, 5) }).map((s) => leaf(s));
    case 'number':
      return (node.int ? fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER)) : fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => leaf(n));
    case 'boolean':
      return fc.boolean().map((b) => leaf(b));
    case 'null':
      return fc.constant(leaf(null));
    case 'any':
    case 'unknown':
      return anyJson.map((v) => leaf(v));
    case 'literal':
      return fc.constant(leaf(node.value));
    case 'enum':
      return fc.constantFrom(...node.values).map((v) => leaf(v));
    case 'object':
      return objectAnswer(node.fields, node.mode, path, o, []);
    case 'recursive':
      return objectAnswer(node.fields, 'plain', path, o, [selfAnswer(node, at(path, node.self.key), o)]);
    case 'discriminated':
      return fc.oneof(...node.variants.map((v) => objectAnswer(v.fields, v.mode, path, o, [[node.discriminator, fc.constant(leaf(v.tag))]])));
    case 'array':
      return fc.array(answerOf(node.element, `${path}[]`, o), { maxLength: 3 }).map(merge);
    case 'tuple':
      return fc
        .tuple(fc.tuple(...node.items.map((i) => answerOf(i, `${path}[]`, o))), node.rest ? fc.array(answerOf(node.rest, `${path}[]`, o), { maxLength: 2 }) : fc.constant([]))
        .map(([items, rest]) => merge([...items, ...rest]));
    case 'record':
      return recordAnswer(node.keys, node.value, path, o);
    case 'union':
      return fc.oneof(...node.options.map((m) => answerOf(m, path, o)));
    case 'nullable':
      return fc.oneof(fc.constant(leaf(null)), answerOf(node.inner, path, o));
    case 'optional':
    case 'default':
      return answerOf(node.inner, path, o);
    case 'transform':
      // Keys below a transform are not compared (its output need not have the answer's shape): none is reported.
      return answerOf(node.inner, path, o).map((g) => ({ ...g, injected: [] }));
    case 'catch': {
      // A wrong primitive is accepted (the fallback replaces it in the parse only); the wire keeps the primitive.
      const objectOnly = isOnly(typesOf(node.inner), 'object');
      return fc.oneof(answerOf(node.inner, path, o), wrongPrimitive.map((v) => leaf(v, objectOnly ? ['object-catch'] : [])));
    }
    case 'coerce':
      return coerced(node.to);
    case 'pipe':
      return fc.stringMatching(/^[0-9]{1,6}$/).map((s) => leaf(s, ['pipe']));
    case 'bigint-default':
      // Only reachable through a field, which leaves the key out.
      return fc.constant(leaf(null));
  }
}

/** zod 4.6.7 reads a declared key with `input[key]`, so an absent `toString` is the inherited function, which it rejects. */
function inherited(key: string): boolean {
  return key in Object.prototype;
}

function isOnly(types: Set<JsonType> | 'all', type: JsonType): boolean {
  return types !== 'all' && types.size === 1 && types.has(type);
}

function coerced(to: 'number' | 'string' | 'boolean'): fc.Arbitrary<Gen> {
  const native: fc.Arbitrary<Json> = to === 'number' ? fc.double({ noNaN: true, noDefaultInfinity: true }) : to === 'string' ? anyString : fc.boolean();
  const raw: fc.Arbitrary<Json> =
    to === 'number' ? fc.oneof(fc.integer().map(String), fc.boolean(), fc.constant(null)) : fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), to === 'boolean' ? anyString : fc.constant(0));
  return fc.oneof(native.map((v) => leaf(v)), raw.map((v) => leaf(v, ['coerce'])));
}

function merge(parts: Gen[]): Gen {
  return { value: parts.map((p) => p.value), injected: parts.flatMap((p) => p.injected), hazards: parts.flatMap((p) => p.hazards) };
}

type Entry = readonly [string, fc.Arbitrary<Gen | null>];

function selfAnswer(node: Extract<Node, { kind: 'recursive' }>, path: string, o: AnswerOptions): Entry {
  const deeper = { ...o, depth: o.depth - 1 };
  const key = node.self.key;
  if (node.self.wrap === 'array') {
    if (o.depth <= 0) return [key, fc.constant(leaf([]))];
    // Wide near the top, a single chain below, so deep answers stay linear in size.
    return [key, fc.array(answerOf(node, `${path}[]`, deeper), { maxLength: o.depth > 6 ? 1 : 2 }).map(merge)];
  }
  const stop = node.self.wrap === 'optional' ? null : leaf(null);
  if (o.depth <= 0) return [key, fc.constant(stop)];
  return [key, fc.oneof({ weight: 1, arbitrary: fc.constant(stop) }, { weight: 4, arbitrary: answerOf(node, path, deeper) })];
}

function objectAnswer(fields: Field[], mode: ObjectMode, path: string, o: AnswerOptions, fixed: Entry[]): fc.Arbitrary<Gen> {
  const declared = new Set([...fields.map((f) => f.key), ...fixed.map(([k]) => k)]);
  const entries: Entry[] = [
    ...fixed,
    ...fields.map(({ key, node }): Entry => {
      if (node.kind === 'bigint-default') return [key, fc.constant(null)];
      const present = answerOf(node, at(path, key), o);
      if (!mayBeAbsent(node) || inherited(key) || o.complete) return [key, present];
      // zod's output listing leaves only `.optional()` keys out of `required`.
      const plainOptional = node.kind === 'optional' || (node.kind === 'nullable' && node.inner.kind === 'optional');
      const absent: Gen = { ...leaf(null, leavesUndefined(node) && !plainOptional ? ['undefined-key'] : []), absent: true };
      return [key, fc.oneof({ weight: 1, arbitrary: fc.constant(absent) }, { weight: 3, arbitrary: present })];
    }),
  ];
  const candidates = INJECTED_KEYS.filter((k) => !declared.has(k));
  const extras =
    o.inject && mode !== 'strict' && candidates.length > 0
      ? fc.uniqueArray(fc.tuple(fc.constantFrom(...candidates), extraValue), { selector: ([k]) => k, minLength: 1, maxLength: 2 })
      : fc.constant([] as Array<[string, Json]>);
  return fc.tuple(fc.tuple(...entries.map(([, arb]) => arb)), extras).map(([values, added]) => {
    const pairs: Array<[string, Json]> = [];
    const parts: Gen[] = [];
    entries.forEach(([key], i) => {
      const g = values[i];
      if (g === null || g === undefined) return;
      parts.push(g);
      if (!g.absent) pairs.push([key, g.value]);
    });
    const injected = parts.flatMap((p) => p.injected);
    for (const [key, value] of added) {
      pairs.push([key, value]);
      // zod copies a loose object's unknown keys by assignment, so `__proto__` becomes a prototype, not a key: dropped too.
      if (mode === 'plain' || key === '__proto__') injected.push(at(path, key));
    }
    return { value: objectOf(pairs), injected, hazards: parts.flatMap((p) => p.hazards) };
  });
}

function recordAnswer(keys: string[] | null, value: Node, path: string, o: AnswerOptions): fc.Arbitrary<Gen> {
  const chosen: fc.Arbitrary<Array<{ key: string; present: boolean }>> = keys
    ? fc.tuple(...keys.map((key) => (mayBeAbsent(value, 'record') && !inherited(key) && !o.complete ? fc.boolean() : fc.constant(true)).map((present) => ({ key, present }))))
    : fc.uniqueArray(fc.constantFrom(...RECORD_KEYS), { maxLength: 3 }).map((ks) => ks.map((key) => ({ key, present: true })));
  return chosen.chain((ks) => {
    const present = ks.filter((k) => k.present);
    return fc.tuple(...present.map(({ key }) => answerOf(value, at(path, key), o))).map((gens) => ({
      value: objectOf(present.map(({ key }, i) => [key, gens[i]?.value ?? null])),
      injected: gens.flatMap((g) => g.injected),
      hazards: [...gens.flatMap((g) => g.hazards), ...(present.length < ks.length && leavesUndefined(value) ? (['undefined-key'] as const) : [])],
    }));
  });
}

// ---------------------------------------------------------------- wrong answers

type Step = string | number;
interface Site {
  at: Step[];
  /** Replace the value with one of another JSON type, delete a required key, or add a key a strict object refuses. */
  change: { replace: Set<JsonType> } | { remove: string } | { add: string };
}

/** Places where a change certainly makes zod reject the answer (never under a catch, coerce or z.any()). */
function sites(node: Node, value: Json, where: Step[], out: Site[], outermost = true): void {
  const types = typesOf(node);
  if (types === 'all') return;
  // Inside a union or a wrapper, only the outermost node knows every type this place accepts.
  if (outermost) out.push({ at: where, change: { replace: types } });
  const obj = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  const walkFields = (fields: Field[], mode: ObjectMode, extra: Field[] = []): void => {
    if (!obj) return;
    const all = [...fields, ...extra];
    if (mode === 'strict') out.push({ at: where, change: { add: INJECTED_KEYS.find((k) => !all.some((f) => f.key === k)) ?? 'zz' } });
    for (const f of all) {
      if (!Object.hasOwn(obj, f.key)) continue;
      // Removing an inherited key leaves zod the prototype's function, which z.any() takes.
      if (refusesAbsence(f.node) && !(inherited(f.key) && typesOf(f.node) === 'all')) out.push({ at: where, change: { remove: f.key } });
      sites(f.node, obj[f.key] as Json, [...where, f.key], out);
    }
  };
  switch (node.kind) {
    case 'object':
      return walkFields(node.fields, node.mode);
    case 'recursive':
      return walkFields(node.fields, 'plain', [{ key: node.self.key, node: node.self.wrap === 'array' ? { kind: 'array', element: node, method: false } : { kind: node.self.wrap, inner: node } }]);
    case 'discriminated': {
      const variant = node.variants.find((v) => obj?.[node.discriminator] === v.tag);
      if (variant) walkFields(variant.fields, variant.mode, [{ key: node.discriminator, node: { kind: 'literal', value: variant.tag } }]);
      return;
    }
    case 'array':
      if (Array.isArray(value)) value.forEach((v, i) => sites(node.element, v, [...where, i], out));
      return;
    case 'tuple':
      if (Array.isArray(value)) value.forEach((v, i) => sites((i < node.items.length ? node.items[i] : node.rest) ?? node, v, [...where, i], out));
      return;
    case 'record':
      if (!obj) return;
      if (node.keys) out.push({ at: where, change: { add: 'not-a-key' } });
      for (const k of Object.keys(obj)) sites(node.value, obj[k] as Json, [...where, k], out);
      return;
    case 'union': {
      const member = node.options.find((m) => {
        const t = typesOf(m);
        return t !== 'all' && t.has(jsonType(value));
      });
      if (member) sites(member, value, where, out, false);
      return;
    }
    case 'nullable':
      if (value !== null) sites(node.inner, value, where, out, false);
      return;
    case 'optional':
    case 'default':
    case 'transform':
      return sites(node.inner, value, where, out, false);
    default:
      return;
  }
}

const REPLACEMENTS: Record<JsonType, Json> = { string: 'wrong', number: 7, boolean: true, null: null, object: {}, array: [] };

function applySite(value: Json, site: Site, pick: number, step = 0): Json {
  if (step < site.at.length) {
    const key = site.at[step] as Step;
    if (Array.isArray(value)) return value.map((v, i) => (i === key ? applySite(v, site, pick, step + 1) : v));
    const obj = value as { [key: string]: Json };
    return objectOf(Object.keys(obj).map((k) => [k, k === key ? applySite(obj[k] as Json, site, pick, step + 1) : obj[k]]));
  }
  const { change } = site;
  if ('replace' in change) {
    const allowed = (Object.keys(REPLACEMENTS) as JsonType[]).filter((t) => !change.replace.has(t));
    return REPLACEMENTS[allowed[pick % allowed.length] as JsonType];
  }
  const obj = value as { [key: string]: Json };
  if ('remove' in change) return objectOf(Object.keys(obj).filter((k) => k !== change.remove).map((k) => [k, obj[k]]));
  return objectOf([...Object.keys(obj).map((k): [string, Json] => [k, obj[k] as Json]), [change.add, 1]]);
}

// ---------------------------------------------------------------- whole answers and cases

/** An answer for a generated schema: `valid`, `injected` (undeclared keys added) or `wrong` (zod must reject it). */
export function answerFor(root: Node, kind: GeneratedAnswer['kind'], depth: fc.Arbitrary<number> = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 10, max: 40 }) })): fc.Arbitrary<GeneratedAnswer> {
  return fc
    .tuple(depth.chain((d) => answerOf(root, '', { inject: kind === 'injected', complete: false, depth: d })), fc.nat(), fc.nat(), fc.boolean())
    .map(([g, siteIndex, pick, pretty]) => {
      let value = g.value;
      let valid = true;
      if (kind === 'wrong') {
        const found: Site[] = [];
        sites(root, value, [], found);
        const site = found[siteIndex % Math.max(found.length, 1)];
        if (site) {
          value = applySite(value, site, pick);
          valid = false;
        }
      }
      return { kind, value, text: JSON.stringify(value, null, pretty ? 2 : undefined), valid, injected: valid ? [...new Set(g.injected)] : [], hazards: valid ? [...new Set(g.hazards)] : [] };
    });
}

/** A whole fuzz case: a generated schema and an answer of any kind for it. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = generatedSchema().chain((schema) =>
  fc.constantFrom<GeneratedAnswer['kind']>('valid', 'injected', 'injected', 'wrong').chain((kind) =>
    answerFor(schema.root, kind).map((answer) => ({ schema, answer, case: { v: 1 as const, role: schema.role, tool: schema.tool, schema: schema.source, answer: answer.text } })),
  ),
);
