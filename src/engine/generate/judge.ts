/** One answer under one converter's listing: zod's parse and the client's real validator run on what would ship. */
import type { ClientId, ConverterId, Json, Verdict } from '../report.ts';
import { clientsOf } from '../clients/index.ts';
import { guard } from '../lib/guard.ts';
import { POLICY_REGISTRY } from '../policies/index.ts';
import { verifyAll } from '../phases/verify.ts';
import type { Listing, LoadedCase } from '../types.ts';

/** What zod and the client each say of one answer. */
export interface AnswerJudgement {
  zodAccepts: boolean;
  verdict: Verdict;
}

/**
 * zod's parse of `answer`, and the client's verdict on the answer as the published SDK server would put it on this
 * converter's wire (raw: as returned, wrapped where the server wraps it), whatever zod said: the listing's own view.
 */
export function judgeAnswer(loaded: LoadedCase, converter: ConverterId, listing: Listing, client: ClientId, answer: Json): AnswerJudgement {
  const zodAccepts = guard(() => loaded.schema.safeParse(answer).success, () => false);
  const shipment = { ships: answer, undeclared: [], refused: null, log: null };
  const rows = verifyAll(loaded, answer, [[converter, listing]], [[POLICY_REGISTRY.raw, shipment]], clientsOf(loaded.world, loaded.protocol).filter((c) => c.id === client));
  const verdict = rows[converter]?.policies.raw?.verdicts[client] ?? { valid: null, message: null };
  return { zodAccepts, verdict };
}
