/** The cases the engine benchmark measures: the gallery (or representative fixtures until it lands) and two large ones. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Case } from '../src/engine/case.ts';

/** A named case. */
export interface BenchCase {
  id: string;
  kind: 'gallery' | 'large';
  case: Case & { role: 'output' | 'input'; tool: string };
}

const ROOT = join(import.meta.dirname, '..');
/** Where the gallery will live (another engineer's work); when it exists, the benchmark measures it instead of fixtures. */
const GALLERY = join(ROOT, 'src/examples/index.ts');
/** Until then: diverse fixtures, picked by file name. */
const REPRESENTATIVE_FIXTURES = [
  'sdk-extra-key',
  'sdk-default-required',
  'sdk-discriminated-union',
  'sdk-array-root',
  'sdk-coerce',
  'sdk-loose',
  'sdk-input-dropped-keys',
  'convert-zod-recursive-defs',
  'convert-wire-truthful-date-output',
  'convert-frontmcp-registered-union',
  'policy-union-first-member',
  'policy-keep-opens-listing',
];

/** The gallery cases: `src/examples/index.ts` (its exported array of `{ id, case }`, e.g. EXAMPLES), else the fixtures above. */
export async function galleryCases(): Promise<{ source: string; cases: BenchCase[] }> {
  if (existsSync(GALLERY)) {
    const mod = (await import(GALLERY)) as Record<string, unknown>;
    const list = Object.values(mod).find(Array.isArray) as unknown[] | undefined;
    const cases = (list ?? []).flatMap((item, i): BenchCase[] => {
      const entry = item as { id?: string; title?: string; case?: unknown };
      const c = (entry.case ?? item) as BenchCase['case'];
      if (typeof c?.schema !== 'string' || typeof c.answer !== 'string') return [];
      return [{ id: entry.id ?? entry.title ?? `example-${i}`, kind: 'gallery', case: { ...c, v: 1, role: c.role ?? 'output', tool: c.tool ?? 'my_tool' } }];
    });
    if (cases.length > 0) return { source: 'src/examples', cases };
  }
  const cases = REPRESENTATIVE_FIXTURES.map((name): BenchCase => {
    const fx = JSON.parse(readFileSync(join(ROOT, 'test/fixtures', `${name}.json`), 'utf8')) as { case: BenchCase['case'] };
    return { id: name, kind: 'gallery', case: { ...fx.case, role: fx.case.role ?? 'output', tool: fx.case.tool ?? 'my_tool' } };
  });
  return { source: 'test/fixtures (representative, until src/examples lands)', cases };
}

/** Field kinds in rotation: the zod expression and the value record `i` holds. */
const LEAVES: ReadonlyArray<readonly [string, (i: number) => unknown]> = [
  ['z.string()', (i) => `value-${i}`],
  ['z.number()', (i) => i * 1.5],
  ['z.boolean()', (i) => i % 2 === 0],
  ['z.enum(["draft", "sent", "paid"])', (i) => ['draft', 'sent', 'paid'][i % 3]],
  ['z.string().optional()', (i) => `opt${i}`],
  ['z.number().default(0)', (i) => i],
  ['z.array(z.string())', (i) => [`a${i}`, `b${i}`]],
  ['z.string().nullable()', (i) => (i % 4 === 0 ? null : `n${i}`)],
];

/**
 * 300 fields in ten nested groups of 30 (strings, numbers, enums, optionals, defaults, arrays, nullables), and an answer
 * of `records` holding enough of them to weigh about 1 MB, each with one undeclared key for the policies to find.
 */
export function largeObjectCase(targetBytes = 1_000_000): BenchCase {
  const groups: string[] = [];
  const makers: Array<Array<(i: number) => unknown>> = [];
  for (let g = 0; g < 10; g++) {
    const fields: string[] = [];
    const values: Array<(i: number) => unknown> = [];
    for (let f = 0; f < 30; f++) {
      const [type, value] = LEAVES[(g * 30 + f) % LEAVES.length] as (typeof LEAVES)[number];
      fields.push(`f${g}_${f}: ${type}`);
      values.push(value);
    }
    groups.push(`const Group${g} = z.object({ ${fields.join(', ')} });`);
    makers.push(values);
  }
  const schema = [
    'import { z } from "zod";',
    ...groups,
    `const Row = z.object({ ${makers.map((_, g) => `g${g}: Group${g}`).join(', ')} });`,
    'export default z.object({ records: z.array(Row) });',
  ].join('\n');
  const row = (i: number): Record<string, unknown> => {
    const out: Record<string, unknown> = { legacyId: `L${i}` };
    makers.forEach((values, g) => {
      out[`g${g}`] = Object.fromEntries(values.map((v, f) => [`f${g}_${f}`, v(i)]));
    });
    return out;
  };
  const records: unknown[] = [];
  let bytes = 0;
  for (let i = 0; bytes < targetBytes; i++) {
    const r = row(i);
    bytes += JSON.stringify(r).length + 1;
    records.push(r);
  }
  return { id: 'large: 300-field nested object, ~1 MB answer', kind: 'large', case: { v: 1, role: 'output', tool: 'export_records', schema, answer: JSON.stringify({ records }) } };
}

/** A 50-member discriminated union (6 fields each), listed as `events: z.array(union)`, with 2,000 events in the answer. */
export function largeUnionCase(members = 50, events = 2000): BenchCase {
  const variants = Array.from({ length: members }, (_, m) => `z.object({ kind: z.literal("e${m}"), id: z.string(), at: z.number(), v${m}: z.string(), ok: z.boolean(), tags: z.array(z.string()).optional() })`);
  const schema = ['import { z } from "zod";', `const Event = z.discriminatedUnion("kind", [\n  ${variants.join(',\n  ')}\n]);`, 'export default z.object({ events: z.array(Event) });'].join('\n');
  const list = Array.from({ length: events }, (_, i) => {
    const m = (i * 7) % members;
    return { kind: `e${m}`, id: `ev-${i}`, at: 1_700_000_000 + i, [`v${m}`]: `value ${i}`, ok: i % 3 !== 0, ...(i % 2 ? { tags: ['x', 'y'] } : {}) };
  });
  return { id: `large: ${members}-member discriminated union, ${events} events`, kind: 'large', case: { v: 1, role: 'output', tool: 'list_events', schema, answer: JSON.stringify({ events: list }) } };
}
