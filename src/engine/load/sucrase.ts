/**
 * TypeScript (and JavaScript the in-place rewrite leaves alone, plain-module.ts) → JS through sucrase: the types
 * stripped, imports turned into `require` calls, with sucrase's source map. A lazily loaded engine part
 * (transpile.ts `sucraseChunk`): a plain JavaScript schema, as the gallery's are, never loads it.
 */
import { transform } from 'sucrase';
import { positionOf } from '../answer.ts';
import type { ErrorInfo } from '../report.ts';
import { messageOf } from '../lib/message.ts';
import { fail, SOURCE_NAME, type Step } from './step.ts';
import type { Transpiled } from './source-map.ts';

/** Strips the types and turns imports into `require`; a syntax error comes back with its position in the source. */
export function transpileTypeScript(source: string): Step<Transpiled> {
  try {
    const out = transform(source, {
      transforms: ['typescript', 'imports'],
      // Modern engines run ES2020+ natively; leaving it alone keeps columns close to the source.
      disableESTransforms: true,
      filePath: SOURCE_NAME,
      sourceMapOptions: { compiledFilename: 'schema.js' },
    });
    return { ok: true, value: { code: directCalls(out.code), map: out.sourceMap ?? null } };
  } catch (e) {
    return fail(syntaxError(source, e));
  }
}

/**
 * sucrase calls an imported function as `_mod.f.call(void 0, …)`; a module's own code (and tsc's, esbuild's) calls it
 * directly. A function without `Function.prototype` has no `.call` (arktype's `type`), so the call is written back as
 * `(0,_mod.f)(…)`, the same call with `this` undefined, padded so that what follows keeps its column.
 */
function directCalls(code: string): string {
  return code.replace(/\b(_[\w$]+\.[\w$]+)\.call\(void 0(, |\))/g, (whole, callee: string, after: string) => {
    const call = `(0,${callee})(${after === ')' ? ')' : ''}`;
    return call + ' '.repeat(Math.max(0, whole.length - call.length));
  });
}

function syntaxError(source: string, e: unknown): ErrorInfo {
  const raw = messageOf(e)
    .replace(/^Error transforming [^:]*: /, '')
    .replace(/ \(\d+:\d+\)$/, '');
  const pos = (e as { pos?: unknown } | null)?.pos;
  const message = `Syntax error: ${raw}`;
  return typeof pos === 'number' ? { message, ...positionOf(source, Math.min(pos, source.length)) } : { message };
}
