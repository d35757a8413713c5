/** Transpile: TypeScript → JS that `new Function` runs, with imports as `require` calls and sucrase's source map. */
import { transform } from 'sucrase';
import { positionOf } from '../answer.ts';
import type { ErrorInfo } from '../report.ts';
import type { SourceMap } from './source-map.ts';
import { messageOf } from '../lib/message.ts';
import { fail, SOURCE_NAME, type Step } from './step.ts';

/** Transpiled JS and the source map back to the user's TypeScript. */
export interface Transpiled {
  code: string;
  map: SourceMap | null;
}

/** Strips the types and turns imports into `require`; a syntax error comes back with its position in the source. */
export function transpile(source: string): Step<Transpiled> {
  try {
    const out = transform(source, {
      transforms: ['typescript', 'imports'],
      // Modern engines run ES2020+ natively; leaving it alone keeps columns close to the source.
      disableESTransforms: true,
      filePath: SOURCE_NAME,
      sourceMapOptions: { compiledFilename: 'schema.js' },
    });
    return { ok: true, value: { code: out.code, map: out.sourceMap ?? null } };
  } catch (e) {
    return fail(syntaxError(source, e));
  }
}

function syntaxError(source: string, e: unknown): ErrorInfo {
  const raw = messageOf(e)
    .replace(/^Error transforming [^:]*: /, '')
    .replace(/ \(\d+:\d+\)$/, '');
  const pos = (e as { pos?: unknown } | null)?.pos;
  const message = `Syntax error: ${raw}`;
  return typeof pos === 'number' ? { message, ...positionOf(source, Math.min(pos, source.length)) } : { message };
}
