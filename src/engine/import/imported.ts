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
import type { Json, JsonSchema } from '../report.ts';
import type { ExpandedConverterRow as ConverterRow, ExpandedPolicyRow as PolicyRow, ExpandedReport } from '../values.ts';
import type { Client } from '../types.ts';


/**
 * Each converter's row for an imported listing; `answer` undefined when it did not parse (no policies then); `isError`
 * of a whole result; `clients`: the era's (engine/era.ts); `verify`: where the verdicts are reached (a memo that defers
 * them to the client realm, phases/verify.ts verifyMemo), by default here.
 */
export function importedConverters(role: Role, tool: string, listed: JsonSchema, answer: Json | undefined, isError = false, clients: readonly Client[] = CLIENTS, verify: Verify = verdictMemo(tool, isError, undefined, role)): ExpandedReport['converters'] {
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
      policies[id] = row;
    }
  }
  const converters: ExpandedReport['converters'] = {};
  for (const id of CONVERTER_IDS) converters[id] = { listed, listError: null, warning: IMPORTED_WARNING, policies };
  return converters;
}
