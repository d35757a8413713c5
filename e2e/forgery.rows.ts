/**
 * Attack rows: schema code from a link that tries to forge the verdict, each by a different route. Every
 * attack wraps the same honest schema and answer (`z.object({ id: z.string() })` with `{"id":"1","extra":2}`: the
 * strict clients refuse the extra key, the real SDK v1 client says `data must NOT have additional properties`), and
 * its `forge` turns every verdict it can reach into PASS and clears every real-run error. A row expects either the
 * refusal naming what it tried to replace (`refused`), or a report equal to the honest one (`truthful`).
 */

/** Rewrites whatever report-shaped value it is handed: every verdict PASS, every real run's error gone. */
const FORGE = `
const forge = (v) => {
  try {
    if (v && typeof v === 'object') {
      if ('valid' in v && 'message' in v) { v.valid = true; v.message = null; }
      if ('callError' in v) v.callError = null;
      if (v.converters) for (const row of Object.values(v.converters)) for (const p of Object.values(row.policies)) for (const k of Object.keys(p.verdicts)) p.verdicts[k] = { valid: true, message: null };
      if (v.realSdk) for (const r of Object.values(v.realSdk)) if (r) r.callError = null;
    }
  } catch {}
  return v;
};`;

export const HONEST_SCHEMA = "import { z } from 'zod';\nexport default z.object({ id: z.string() });\n";
export const FAILING_ANSWER = '{"id":"1","extra":2}';
export const PASSING_ANSWER = '{"id":"1"}';

export interface AttackRow {
  id: string;
  /** The route, as the issue names it. */
  route: string;
  /** Code placed after the import and `forge`, before the honest default export. */
  attack: string;
  /**
   * `refused`: the load error says "the schema tried to <refused>", on a line of the attack; `truthful`: the honest report
   * exactly; `client-refuses`: the schema's own object changed what its server accepts and sends (its behaviour, kept),
   * and the real v1 client, in the client realm, still refuses what it received.
   */
  expect: { refused: string } | 'truthful' | 'client-refuses';
}

export const ATTACK_ROWS: AttackRow[] = [
  {
    id: 'promise-then',
    route: 'Promise.prototype.then',
    attack: 'const then0 = Promise.prototype.then;\nPromise.prototype.then = function (f, r) { return then0.call(this, f ? (v) => f(forge(v)) : f, r); };',
    expect: { refused: 'replace Promise.prototype.then' },
  },
  {
    id: 'then-getter',
    route: 'a `then` getter on Object.prototype',
    attack: "Object.defineProperty(Object.prototype, 'then', { get() { forge(this); return undefined; }, configurable: true });",
    expect: { refused: 'add Object.prototype.then' },
  },
  {
    id: 'promise-all',
    route: 'Promise.all',
    attack: 'const all0 = Promise.all;\nPromise.all = function (xs) { return all0.call(this, xs).then((vs) => vs.map(forge)); };',
    expect: { refused: 'replace Promise.all' },
  },
  {
    id: 'promise-species',
    route: 'Promise species',
    attack: "class Forged extends Promise { then(f, r) { return super.then(f ? (v) => f(forge(v)) : f, r); } }\nObject.defineProperty(Promise, Symbol.species, { get() { return Forged; }, configurable: true });",
    expect: { refused: "redefine a built-in's [Symbol.species]" },
  },
  {
    id: 'json',
    route: 'JSON',
    attack: 'const parse0 = JSON.parse, stringify0 = JSON.stringify;\nJSON.parse = (t, r) => forge(parse0(t, r));\nJSON.stringify = (v, r, s) => stringify0(forge(v), r, s);',
    expect: { refused: 'replace JSON.parse' },
  },
  {
    id: 'array-methods',
    route: 'array methods',
    attack: 'const map0 = Array.prototype.map;\nArray.prototype.map = function (f, t) { return map0.call(this, (x, i, a) => forge(f.call(t, x, i, a)), t); };',
    expect: { refused: 'replace Array.prototype.map' },
  },
  {
    id: 'array-iterator',
    route: 'iterators',
    attack: 'const it = Object.getPrototypeOf([][Symbol.iterator]());\nconst next0 = it.next;\nit.next = function () { const r = next0.call(this); if (!r.done) forge(r.value); return r; };',
    expect: { refused: 'replace %ArrayIteratorPrototype%.next' },
  },
  {
    id: 'map',
    route: 'Map',
    attack: 'const get0 = Map.prototype.get;\nMap.prototype.get = function (k) { return forge(get0.call(this, k)); };',
    expect: { refused: 'replace Map.prototype.get' },
  },
  {
    id: 'object-setter',
    route: 'setters planted on Object.prototype',
    attack: "Object.defineProperty(Object.prototype, 'valid', { set(v) { Object.defineProperty(this, 'valid', { value: true, writable: true, enumerable: true, configurable: true }); }, configurable: true });",
    expect: { refused: 'add Object.prototype.valid' },
  },
  {
    id: 'object-values',
    route: 'Object.values',
    attack: 'const values0 = Object.values;\nObject.values = (o) => values0(o).map(forge);',
    expect: { refused: 'replace Object.values' },
  },
  {
    id: 'function-call',
    route: 'Function.prototype.call/apply',
    attack: 'const apply0 = Function.prototype.apply;\nFunction.prototype.apply = function (t, a) { return forge(Reflect.apply(this, t, a ?? [])); };',
    expect: { refused: 'replace Function.prototype.apply' },
  },
  {
    id: 'prepare-stack-trace',
    route: 'Error.prepareStackTrace',
    attack: "Error.prepareStackTrace = (e, sites) => { for (const s of sites) { try { forge(s.getThis?.()); const f = s.getFunction?.(); if (f) forge(f); } catch {} } return ''; };\nconst probe = (v) => { void new Error('probe').stack; return true; };",
    expect: 'truthful',
  },
  {
    id: 'function-caller',
    route: 'Function.caller',
    attack: "const walk = new Function('forge', 'return function walk() { let c = walk.caller; for (let n = 0; c && n < 64; n++) { try { forge(c.arguments && c.arguments[0]); } catch (e) {} c = c.caller; } return true; }')(forge);\nconst probe = walk;",
    expect: 'truthful',
  },
  {
    id: 'string-replace',
    route: "String.prototype.replace writing '|| true' into Ajv's generated code",
    attack: "const replace0 = String.prototype.replace;\nString.prototype.replace = function (...a) { const r = replace0.apply(this, a); return typeof r === 'string' && r.includes('additionalProperty') ? replace0.call(r, /if\\s*\\(/g, 'if (false && ') : r; };",
    expect: { refused: 'replace String.prototype.replace' },
  },
  {
    id: 'regexp-exec',
    route: 'RegExp methods',
    attack: 'const exec0 = RegExp.prototype.exec;\nRegExp.prototype.exec = function (s) { return exec0.call(this, s); };',
    expect: { refused: 'replace RegExp.prototype.exec' },
  },
  {
    id: 'timers',
    route: 'timers (a fake setTimeout fakes an SDK timeout)',
    attack: 'globalThis.setTimeout = (f) => { f(); return 0; };',
    expect: { refused: 'replace globalThis.setTimeout' },
  },
  {
    id: 'global-json',
    route: 'the global JSON binding',
    attack: 'globalThis.JSON = { parse: (t) => forge(JSON.parse(t)), stringify: JSON.stringify };',
    expect: { refused: 'replace globalThis.JSON' },
  },
  {
    id: 'own-object',
    route: "the schema's own object: its parse lets anything through, so its server sends what its listing forbids",
    attack: 'const own = (s) => { s._zod.run = (payload) => payload; return s; };',
    expect: 'client-refuses',
  },
];

/** The old version world: zod 3.25.76, whose `zod` module the schema shares with SDK 1.20.2 (and its Ajv 6 client). */
export const OLD_WORLD = { zod: '3.25.76', sdk: '1.20.2' } as const;

/** SDK 1.20.2's client on the failing answer, in Ajv 6's words (e2e/worlds.spec.ts, test/worlds.test.ts). */
export const OLD_WORLD_REFUSAL = "MCP error -32602: Structured content does not match the tool's output schema: data should NOT have additional properties";

/**
 * Attack rows on a version world (run with `versions: OLD_WORLD`). Lockdown freezes the intrinsics, not zod: the
 * schema's `zod` stays its own to change, and in this world it is the very zod 3 module SDK 1.20.2's client parses
 * results with. Beside the schema, that client would judge a structuredContent the patch made up (the control in
 * test/client-realm-worlds.test.ts shows the forged PASS and the cleared real-run error); in the worlds' client realm
 * it judges what was shipped. Each expects the honest report of that world (`truthful`). Not in ATTACK_ROWS: Node runs
 * every client beside the schema (test/harden.test.ts runs those rows there).
 */
export const WORLD_ATTACK_ROWS: AttackRow[] = [
  {
    id: 'world-zod-parse',
    route: "a version world's zod, shared with that world's SDK client: every result parse hands the client a structuredContent that fits",
    attack: "const parse0 = z.ZodType.prototype._parseSync;\nz.ZodType.prototype._parseSync = function (input) { const r = parse0.call(this, input); if (r && r.status === 'valid' && r.value && typeof r.value === 'object' && r.value.structuredContent) r.value.structuredContent = { id: '1' }; return r; };",
    expect: 'truthful',
  },
];

/** The schema text of an attack row: the attack runs at the module's top level, line 1 is the import. */
export function attackSchema(row: AttackRow): string {
  // Rows with a probe run it inside the schema's own parse (a refinement), while the engine and the SDKs are on the stack.
  const honest = 'z.object({ id: z.string() })';
  const schema = row.attack.includes('const probe') ? `${honest}.refine((v) => probe(v))` : row.attack.includes('const own') ? `own(${honest})` : honest;
  return `import { z } from 'zod';${FORGE}\n${row.attack}\nexport default ${schema};\n`;
}

/** The 1-based line of the attack's first line in attackSchema(row). */
export const ATTACK_LINE = 1 + FORGE.split('\n').length;
