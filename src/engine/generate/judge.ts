/**
 * Answers under one converter's listing: zod's parse (here, the server's realm) and the client's real validator on
 * what would ship, reached through the verifier when there is one (the sandbox's client realm), a batch at a time.
 */
import type { Json, Verdict } from '../report.ts';
import { clientsOf } from '../clients/index.ts';
import { guard } from '../lib/guard.ts';
import { POLICY_REGISTRY } from '../policies/index.ts';
import { verifyAll, verifyMemo } from '../phases/verify.ts';
import type { Verifier } from '../phases/verifier.ts';
import type { Listing, LoadedCase } from '../types.ts';
import type { ClientId, ConverterId } from '../contract/catalog.ts';
import { valueTable } from '../values.ts';

/** What zod and the client each say of one answer. */
export interface AnswerJudgement {
  zodAccepts: boolean;
  verdict: Verdict;
}

/** Judges a batch of answers (all the client's checks of a batch go to the verifier at once). */
export type Judge = (answers: readonly Json[]) => Promise<AnswerJudgement[]>;

/**
 * zod's parse of each answer, and the client's verdict on it as the published SDK server would put it on this
 * converter's wire (raw: as returned, wrapped where the server wraps it), whatever zod said: the listing's own view.
 */
export function answerJudge(loaded: LoadedCase, converter: ConverterId, listing: Listing, client: ClientId, verifier?: Verifier): Judge {
  const clients = clientsOf(loaded.world, loaded.protocol).filter((c) => c.id === client);
  return async (answers) => {
    const memo = verifyMemo(loaded, undefined, verifier);
    const judged = answers.map((answer) => {
      const zodAccepts = guard(() => loaded.schema.safeParse(answer).success, () => false);
      const shipment = { ships: answer, undeclared: [], refused: null, log: null };
      // Only the verdict is read: what ships goes in a table of its own.
      const rows = verifyAll(valueTable(), loaded, answer, [[converter, listing]], [[POLICY_REGISTRY.raw, shipment]], clients, undefined, memo);
      const verdict = rows[converter]?.policies.raw?.verdicts[client] ?? { valid: null, message: null };
      return { zodAccepts, verdict };
    });
    await memo.settle();
    return judged;
  };
}
