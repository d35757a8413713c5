/**
 * Transpile: the user's source → JS that `new Function` runs, imports as `require` calls, with a source map back to
 * the source. Plain JavaScript is rewritten in place (plain-module.ts); TypeScript, and the module forms that rewrite
 * leaves alone, go through sucrase, a lazily loaded engine part that a realm loads before schema code runs when its
 * case's source needs it (chunks.ts).
 */
import { chunk } from '../chunk.ts';
import { plainModule } from './plain-module.ts';
import type { Transpiled } from './source-map.ts';
import type { Step } from './step.ts';


/** sucrase, for sources that are not plain JavaScript modules. */
export const sucraseChunk = chunk('sucrase', () => import('./sucrase.ts'));

/**
 * The last source asked about, its plain rewrite, and once transpiled the result: chunks.ts asks whether it needs
 * sucrase, evaluate() transpiles it before the timed load phase, and the load phase asks again for the same text. An
 * engine session owns one (session.ts); without one, nothing is kept.
 */
export interface TranspileMemo {
  last: { source: string; js: Transpiled | null; result?: Step<Transpiled> } | null;
}

/** An empty memo. */
export function transpileMemo(): TranspileMemo {
  return { last: null };
}

function lastFor(source: string, memo: TranspileMemo = transpileMemo()): NonNullable<TranspileMemo['last']> {
  if (memo.last?.source !== source) memo.last = { source, js: plainModule(source) };
  return memo.last;
}

/** Whether loading `source` needs sucrase (it is not a plain JavaScript module the in-place rewrite takes). */
export function needsSucrase(source: string, memo?: TranspileMemo): boolean {
  return lastFor(source, memo).js === null;
}

/** Plain JavaScript rewritten in place, anything else through sucrase; a syntax error comes back with its position in the source. */
export function transpile(source: string, memo?: TranspileMemo): Step<Transpiled> {
  const entry = lastFor(source, memo);
  entry.result ??= entry.js ? { ok: true, value: entry.js } : sucraseChunk.get().transpileTypeScript(source);
  return entry.result;
}
