/**
 * A case's optional `generate` field: asks evaluate() for a sample answer or a counterexample search under one
 * converter and client. Zod-free (the sandbox reads the search budget from it to time the run).
 */
import { CLIENT_IDS, CONVERTER_IDS, type ClientId, type ConverterId } from '../contract/catalog.ts';

/** How long the counterexample search runs (ms), as the UI states it. */
export const SEARCH_MS = 2000;
/** The longest search a case may ask for (ms). */
export const MAX_SEARCH_MS = 5000;

/** What to generate, and under which converter's listing and which client. */
export interface GenerateRequest {
  want: 'sample' | 'counterexamples';
  converter: ConverterId;
  client: ClientId;
  budgetMs: number;
}

/** The case's generate request, or null when it has none (or one that is not well formed). */
export function generateRequestOf(c: unknown): GenerateRequest | null {
  const g = typeof c === 'object' && c !== null ? (c as { generate?: unknown }).generate : undefined;
  if (typeof g !== 'object' || g === null) return null;
  const { want, converter, client, budgetMs } = g as Record<string, unknown>;
  if (want !== 'sample' && want !== 'counterexamples') return null;
  if (!CONVERTER_IDS.some((id) => id === converter) || !CLIENT_IDS.some((id) => id === client)) return null;
  const budget = typeof budgetMs === 'number' && Number.isFinite(budgetMs) ? Math.min(Math.max(budgetMs, 0), MAX_SEARCH_MS) : SEARCH_MS;
  return { want, converter: converter as ConverterId, client: client as ClientId, budgetMs: budget };
}

/** The time a case's search may add to its run budget (0 without a counterexample search). */
export function searchBudgetMs(c: unknown): number {
  const request = generateRequestOf(c);
  return request?.want === 'counterexamples' ? request.budgetMs : 0;
}
