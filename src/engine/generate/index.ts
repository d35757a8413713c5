/**
 * Generation, asked for by a case's `generate` field (request.ts): a sample answer built from the listed JSON Schema,
 * or a bounded search for answers on which zod and the selected client disagree. Every verdict is a real run.
 */
import type { Generated, Json } from '../report.ts';
import type { Listing, LoadedCase } from '../types.ts';
import { answerJudge, type AnswerJudgement, type Judge } from './judge.ts';
import type { Verifier } from '../phases/verifier.ts';
import type { GenerateRequest } from './request.ts';
import { sampleOf } from './sample.ts';
import { searchCounterexamples, type Found } from './search.ts';
import type { ConverterId } from '../contract/catalog.ts';


/** How long a sample may be looked for when the first one built is refused (ms). */
const SAMPLE_SEARCH_MS = 500;

/**
 * Runs the request against the case's listings; `answer` is the case's own answer when it parses (a second seed);
 * the client's checks go to `verifier` when there is one (the sandbox's client realm).
 */
export async function generate(loaded: LoadedCase, listings: ReadonlyArray<readonly [ConverterId, Listing]>, request: GenerateRequest, answer: Json | undefined, verifier?: Verifier, now: () => number = Date.now): Promise<Generated> {
  const started = now();
  const listing = listings.find(([id]) => id === request.converter)?.[1] ?? null;
  const base = { want: request.want, converter: request.converter, client: request.client, budgetMs: request.budgetMs };
  if (!listing || listing.listed === null) return { ...base, tries: 0, ms: 0, found: [], note: `${request.converter} lists no schema here${listing?.listError ? `: ${listing.listError}` : ''}` };
  const judge = answerJudge(loaded, request.converter, listing, request.client, verifier);
  const sample = sampleOf(listing.listed);
  const seeds = answer === undefined ? [sample] : [sample, answer];
  if (request.want === 'sample') {
    const [first] = (await judge([sample])) as [AnswerJudgement];
    if (first.zodAccepts && first.verdict.valid !== false) return { ...base, tries: 1, ms: now() - started, found: [shown('sample', sample, first)], note: null };
    // The first sample missed (a pattern, a refinement): look near the seeds for one both accept.
    const search = await searchValid(seeds, judge, SAMPLE_SEARCH_MS, now);
    const note = search.found ? null : `no answer both zod and the client accept was found in ${search.tries + 1} tries`;
    return { ...base, tries: search.tries + 1, ms: now() - started, found: search.found ? [search.found] : [], note };
  }
  const { found, tries } = await searchCounterexamples(seeds, judge, request.budgetMs, now, answer);
  return { ...base, tries, ms: now() - started, found: found.map((f) => shown(f.kind, f.answer, f)), note: found.length === 0 ? `no disagreement found in ${tries} tries` : null };
}

async function searchValid(seeds: readonly Json[], judge: Judge, budgetMs: number, now: () => number) {
  let tries = 0;
  const stop = now() + budgetMs;
  for (const seed of seeds) {
    if (now() >= stop) break;
    tries++;
    const [j] = (await judge([seed])) as [AnswerJudgement];
    if (j.zodAccepts && j.verdict.valid !== false) return { found: shown('sample', seed, j), tries };
  }
  return { found: null, tries };
}

function shown(kind: Found['kind'] | 'sample', answer: Json, j: { zodAccepts: boolean; verdict: Found['verdict'] }): Generated['found'][number] {
  return { kind, answer: JSON.stringify(answer, null, 2), zodAccepts: j.zodAccepts, verdict: j.verdict };
}
