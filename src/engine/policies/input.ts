/** The input role: what the server's zod parse makes of call arguments. */
import type { InputParse, Json } from '../report.ts';
import { parsedWire, type Analysis } from './analysis.ts';

/** The parsed arguments, the keys the parse dropped, or its error, read from the case's one analysis. */
export function parseInput(args: Json, a: Analysis): InputParse {
  if (!a.parsed.ok) return { ok: false, parsed: null, dropped: a.undeclared, ...(a.unjudged === null ? {} : { unjudged: a.unjudged }), error: a.parsed.issues };
  const wire = parsedWire(a, args);
  if (wire.ok) return { ok: true, parsed: wire.json, dropped: a.undeclared, error: null };
  return { ok: true, parsed: null, dropped: a.undeclared, error: `The parsed arguments have no JSON form: ${wire.error}` };
}
