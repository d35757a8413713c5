/**
 * `npx tsx test/record-golden-links.ts`: encodes a set of real cases with this build's link encoder and writes
 * test/golden/links.json (each link string and the case it decodes to). Run once, before a change to the link
 * format; test/golden-links.test.ts then holds every later build to opening these links exactly as they were.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase } from '../src/examples/links.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import type { Case } from '../src/engine/case.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

const lines = Array.from({ length: 800 }, (_, i) => `    { "sku": "S-${i}", "qty": ${i % 7}, "note": "línea ${i} ✓" }`);
const cases: { name: string; case: Case }[] = [
  { name: 'default case', case: DEFAULT_CASE },
  ...EXAMPLES.map((e) => ({ name: `example ${e.id}`, case: exampleCase(e) })),
  {
    name: 'input role',
    case: { ...DEFAULT_CASE, role: 'input', tool: 'search_docs', schema: 'import { z } from "zod";\n\nexport default z.object({ query: z.string(), limit: z.number().int().optional() });\n', answer: '{ "query": "zod", "limit": 5, "extra": true }\n' },
  },
  { name: 'other converter and client', case: { ...DEFAULT_CASE, tool: 'list_sessions', converter: 'wire-truthful', client: 'sdk-v2-browser' } },
  { name: 'frontmcp and sdk-v2 client', case: { ...DEFAULT_CASE, converter: 'frontmcp', client: 'sdk-v2-node' } },
  { name: 'unicode', case: { ...DEFAULT_CASE, tool: 'übersetzen_✓', answer: '{ "id": "日本語 𝄞 ñ \ud800 lone", "total": 1, "lines": [] }\n' } },
  { name: 'large-ish case', case: { ...DEFAULT_CASE, answer: `{\n  "id": "big",\n  "total": 1,\n  "lines": [\n${lines.join(',\n')}\n  ]\n}\n` } },
];

const golden = cases.map(({ name, case: c }) => {
  const link = encodePermalink(c);
  const decoded = decodePermalink(link);
  if (!decoded.ok) throw new Error(`${name}: ${decoded.error}`);
  return { name, link, case: decoded.state };
});
writeFileSync(join(import.meta.dirname, 'golden', 'links.json'), `${JSON.stringify(golden, null, 1)}\n`);
process.stdout.write(`${golden.length} links written\n`);
