/** The ship phase: one parse analysis of the answer, then each policy's shipment. */
import type { Json } from '../report.ts';
import { guard } from '../lib/guard.ts';
import { messageOf } from '../lib/message.ts';
import { analyse, type Analysis } from '../policies/analysis.ts';
import { POLICIES } from '../policies/index.ts';
import type { LoadedCase, Policy, Shipment } from '../types.ts';
import { policyNeedsZod, policyNeedsZod4, zod3Of } from '../worlds/needs-zod4.ts';
import { describeLibrarySchema, librarySchemaOf } from '../libs/index.ts';

/** The case's one analysis, or what its computation threw (each policy then reports it as its internal error). */
export type Analysed = { ok: true; analysis: Analysis } | { ok: false; error: unknown };

/** Analyses the answer once for every policy (the value the handler returned: Dates where the answer stands for them). Never throws. */
export function analyseAnswer(loaded: LoadedCase, answer: unknown): Analysed {
  return guard((): Analysed => ({ ok: true, analysis: analyse(loaded.schema, answer) }), (error) => ({ ok: false, error }));
}

/** Each policy once (the input role has only the policy that ships raw: the arguments as the client sends them). */
export function shipAll(loaded: LoadedCase, answer: Json, analysed: Analysed = analyseAnswer(loaded, answer)): Array<[Policy, Shipment]> {
  const policies = loaded.role === 'input' ? POLICIES.filter((p) => p.shipsRaw) : POLICIES;
  // Only the SDKs' own policy (a parse and a copy) runs on a zod 3 schema or another library's; the others read zod 4's internals.
  const library = librarySchemaOf(loaded.schema);
  const zod3 = library === null ? zod3Of(loaded) : null;
  const notRun = (p: Policy): string | null => (p.shipsRaw ? null : library !== null ? policyNeedsZod(p.id, describeLibrarySchema(library)) : zod3 !== null ? policyNeedsZod4(p.id, zod3) : null);
  return policies.map((p) => {
    const refused = notRun(p);
    if (refused !== null) return [p, { ships: null, undeclared: [], refused, log: null }];
    return [p, guard(
      () => p.ship(loaded, answer, analysisOf(analysed)),
      (e) => ({ ships: null, undeclared: [], refused: `Internal error in policy ${p.id}: ${messageOf(e)}`, log: null }),
    )];
  });
}

/** The analysis, or its error thrown again where a policy would have met it. */
export function analysisOf(analysed: Analysed): Analysis {
  if (analysed.ok) return analysed.analysis;
  throw analysed.error;
}
