/**
 * Wrapping a non-object root (an array, a union) in an object: `z.object({ result: … })` around the exported schema,
 * and the answer as `{ "result": … }` to match. SDK v1 lists only object roots, and a client of either SDK expects an
 * object as structuredContent.
 */
import type { SourceToken as Token } from '../source/parse.ts';
import { isSchemaNode } from '../lib/schema-walk.ts';
import type { Json, JsonSchema } from '../report.ts';
import { applyEdits } from './edits.ts';
import type { Scanned } from './locate.ts';
import type { FixCandidate } from './types.ts';
import type { Role } from '../contract/catalog.ts';

const STATEMENT_STARTS = new Set(['export', 'const', 'let', 'var', 'function', 'import', 'type', 'interface', 'class']);
const TITLE = 'Wrap the root in an object: z.object({ result: … }), the answer as { "result": … }';

/** The wrap fix when zod lists a root that is not a plain object; in words when the exported expression is not found. */
export function wrapRoot(scanned: Scanned, role: Role, zodListed: JsonSchema | null, answer: Json | undefined): FixCandidate[] {
  if (!isSchemaNode(zodListed) || (zodListed['type'] === 'object' && !zodListed['anyOf'] && !zodListed['oneOf']) || answer === undefined) return [];
  const wrappedAnswer = `${JSON.stringify({ result: answer }, null, 2)}\n`;
  const span = exportedExpression(scanned, role);
  const z = /\bimport\s+(?:\{\s*z\s*\}|\*\s+as\s+z)\s+from\b/.test(scanned.source) ? 'z' : null;
  if (!span || !z) return [{ kind: 'wrap-root', title: TITLE, schema: null, answer: null, edits: [], copy: 'Export z.object({ result: <your schema> }) and return { result: <the value> } from the tool.', verifiedBy: null }];
  const edits = [
    { start: span.start, end: span.start, text: `${z}.object({ result: ` },
    { start: span.end, end: span.end, text: ' })' },
  ];
  return [{ kind: 'wrap-root', title: TITLE, schema: applyEdits(scanned.source, edits), answer: wrappedAnswer, edits, copy: null, verifiedBy: null }];
}

/** Where the exported schema expression starts and ends: `export default …` (the last), else `export const <role>Schema = …`. */
function exportedExpression({ tokens }: Scanned, role: Role): { start: number; end: number } | null {
  const at = (i: number, text: string) => tokens[i]?.text === text && tokens[i]?.depth === 0;
  let from = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (at(i, 'export') && at(i + 1, 'default')) from = i + 2;
  }
  if (from === -1) {
    const i = tokens.findIndex((t, k) => t.depth === 0 && t.text === 'export' && at(k + 1, 'const') && at(k + 2, `${role}Schema`) && at(k + 3, '='));
    from = i === -1 ? -1 : i + 4;
  }
  const first = tokens[from];
  if (!first) return null;
  let last: Token = first;
  for (let j = from + 1; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.depth === 0 && (t.text === ';' || (t.firstOnLine && STATEMENT_STARTS.has(t.text)))) break;
    last = t;
  }
  return { start: first.start, end: last.end };
}
