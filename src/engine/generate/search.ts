/**
 * The counterexample search: answers near a valid sample, each judged for real (zod's parse, the client's validator),
 * until the time budget runs out. Keeps the smallest answer of each kind of disagreement.
 */
import type { Json } from '../report.ts';
import type { AnswerJudgement } from './judge.ts';
import { plainEdits, randomEdits } from './mutate.ts';

/** Which way zod and the client disagree. */
export type Disagreement = 'zod-accepts-client-rejects' | 'client-accepts-zod-rejects';

/** One answer found, with both verdicts. */
export interface Found extends AnswerJudgement {
  kind: Disagreement;
  answer: Json;
}

/** How a disagreement reads, or null when zod and the client agree (or the client does not validate). */
export function disagreementOf(j: AnswerJudgement): Disagreement | null {
  if (j.zodAccepts && j.verdict.valid === false) return 'zod-accepts-client-rejects';
  if (!j.zodAccepts && j.verdict.valid === true) return 'client-accepts-zod-rejects';
  return null;
}

/** Searches around `seeds` for `budgetMs` (clock injected for tests); the smallest find of each kind, and the tries. */
export function searchCounterexamples(seeds: readonly Json[], judge: (answer: Json) => AnswerJudgement, budgetMs: number, now: () => number = Date.now): { found: Found[]; tries: number } {
  const stop = now() + budgetMs;
  const best = new Map<Disagreement, { found: Found; size: number }>();
  const seen = new Set<string>();
  let tries = 0;
  const candidates = (function* () {
    for (const seed of seeds) yield* plainEdits(seed);
    for (const seed of seeds) yield* randomEdits(seed);
  })();
  for (const answer of candidates) {
    if (now() >= stop) break;
    const text = JSON.stringify(answer);
    if (seen.has(text)) continue;
    seen.add(text);
    tries++;
    const judged = judge(answer);
    const kind = disagreementOf(judged);
    const held = kind ? best.get(kind) : undefined;
    if (kind && (!held || text.length < held.size)) best.set(kind, { found: { kind, answer, ...judged }, size: text.length });
  }
  return { found: [...best.values()].map((b) => b.found), tries };
}
