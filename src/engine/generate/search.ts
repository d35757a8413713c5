/**
 * The counterexample search: answers near a valid sample, each judged for real (zod's parse, the client's validator),
 * until the time budget runs out. Keeps the smallest answer of each kind of disagreement.
 */
import type { Json } from '../report.ts';
import type { AnswerJudgement, Judge } from './judge.ts';
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

/** Candidates judged per batch: one round trip to the client realm each (judge.ts). */
const BATCH = 16;

/**
 * Searches around `seeds` for `budgetMs` (clock injected for tests), judging a batch of candidates at a time; the
 * smallest find of each kind, and the tries; never `own` (the case's answer) itself.
 */
export async function searchCounterexamples(seeds: readonly Json[], judge: Judge, budgetMs: number, now: () => number = Date.now, own?: Json): Promise<{ found: Found[]; tries: number }> {
  const stop = now() + budgetMs;
  const best = new Map<Disagreement, { found: Found; size: number }>();
  // The user's own answer is what they are looking at: a counterexample is another answer, so it is never tried.
  const seen = new Set<string>(own === undefined ? [] : [JSON.stringify(own)]);
  let tries = 0;
  const candidates = (function* () {
    for (const seed of seeds) yield* plainEdits(seed);
    for (const seed of seeds) yield* randomEdits(seed);
  })();
  let batch: Array<{ answer: Json; text: string }> = [];
  const judgeBatch = async () => {
    const judged = await judge(batch.map((b) => b.answer));
    batch.forEach(({ answer, text }, i) => {
      const j = judged[i] as AnswerJudgement;
      const kind = disagreementOf(j);
      const held = kind ? best.get(kind) : undefined;
      if (kind && (!held || text.length < held.size)) best.set(kind, { found: { kind, answer, ...j }, size: text.length });
    });
    batch = [];
  };
  for (const answer of candidates) {
    if (now() >= stop) break;
    const text = JSON.stringify(answer);
    if (seen.has(text)) continue;
    seen.add(text);
    tries++;
    batch.push({ answer, text });
    if (batch.length >= BATCH) await judgeBatch();
  }
  if (batch.length > 0) await judgeBatch();
  return { found: [...best.values()].map((b) => b.found), tries };
}
