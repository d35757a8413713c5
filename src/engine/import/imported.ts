/**
 * A case whose schema text is an imported listing (listing-source.ts): every client validates the answer against the
 * listing as given; what needs the zod source (converting, the parse behind strip/warn/keep/fail, the real SDK runs)
 * says so instead of failing.
 */
import { CLIENTS } from '../clients/index.ts';
import { CONVERTER_IDS, POLICY_IDS, type Role } from '../contract/catalog.ts';
import { verdictMemo, type Verify } from '../phases/verdict-memo.ts';
import { IMPORTED_WARNING, NEEDS_ZOD } from './listing-source.ts';
import { undeclaredByListing } from './listing-keys.ts';
import type { ConverterRow, Json, JsonSchema } from '../report.ts';
import { policyRow, type ExpandedPolicyRow as PolicyRow, type ReportRows, type ValueTable } from '../values.ts';
import type { Client } from '../types.ts';


/**
 * Each converter's row for an imported listing; `answer` undefined when it did not parse (no policies then); `isError`
 * of a whole result; `clients`: the era's (engine/era.ts); `verify`: where the verdicts are reached (a memo that defers
 * them to the client realm, phases/verify.ts verifyMemo), by default here. What ships goes in `table`.
 */
export function importedConverters(table: ValueTable, role: Role, tool: string, listed: JsonSchema, answer: Json | undefined, isError = false, clients: readonly Client[] = CLIENTS, verify: Verify = verdictMemo(tool, isError, undefined, role)): ReportRows['converters'] {
  const policies: ConverterRow['policies'] = {};
  if (answer !== undefined) {
    // The keys the listing does not declare are undeclared whatever the policy (zod's parse is not needed to see them).
    const keys = undeclaredByListing(listed, answer);
    const undeclared = { undeclared: keys.paths, ...(keys.unjudged === null ? {} : { unjudged: keys.unjudged }) };
    for (const id of role === 'input' ? (['raw'] as const) : POLICY_IDS) {
      // raw ships the answer as the server returned it, which needs no zod; the other policies ship zod's parse.
      const row: PolicyRow =
        id === 'raw'
          ? { ships: answer, ...undeclared, refused: null, log: null, verdicts: {} as PolicyRow['verdicts'] }
          : { ships: null, ...undeclared, refused: NEEDS_ZOD, log: null, verdicts: {} as PolicyRow['verdicts'] };
      for (const client of clients) row.verdicts[client.id] = id === 'raw' ? verify(client, listed, answer) : { valid: null, message: null };
      policies[id] = policyRow(row, table);
    }
  }
  const converters: ReportRows['converters'] = {};
  for (const id of CONVERTER_IDS) converters[id] = { listed, listError: null, warning: IMPORTED_WARNING, policies };
  return converters;
}
