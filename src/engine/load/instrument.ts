/** Instrument: wraps the transpiled code in a function body that returns its top-level values and final expression. */
import { positionOf } from '../answer.ts';
import { finalExpression, tokenize, topLevelBindings } from './scan.ts';
import { SOURCE_NAME } from './step.ts';

/** Text added before the transpiled code on its first line, and before a captured final expression. */
export const HEAD = 'return (function () {';
export const CAPTURE = 'return { last: (';

/** A function body to run, and where (in the transpiled code) a captured final expression starts. */
export interface Program {
  body: string;
  capture: { line: number; column: number } | null;
}

/** What a program's function takes: `z` is in scope for schemas that use it without importing it. */
export type Run = (require: (name: unknown) => unknown, exports: object, module: { exports: unknown }, z: unknown) => unknown;

/** Wraps the transpiled code so that it returns its top-level values; the user's own names may shadow the parameters. */
export function instrument(code: string): Program {
  const tokens = tokenize(code);
  const getters = topLevelBindings(tokens)
    .map((n) => `[${JSON.stringify(n)}, () => ${n}]`)
    .join(', ');
  const final = finalExpression(code, tokens);
  const tail = `bindings: [${getters}] };\n})();`;
  if (!final) return { body: `${HEAD}${code}\n;return { ${tail}`, capture: null };
  const at = positionOf(code, final.start);
  return { body: `${HEAD}${code.slice(0, final.start)}${CAPTURE}${final.text}\n), ${tail}`, capture: at };
}

/** The code wrapped so that it runs and returns no values: for when the scan misread it. */
export function uninstrumented(code: string): Program {
  return { body: `${HEAD}${code}\n;return { bindings: [] };\n})();`, capture: null };
}

/** A function with the program's parameters and this body, named SOURCE_NAME in stack traces. Throws a SyntaxError. */
export function compile(body: string): Run {
  return new Function('require', 'exports', 'module', 'z', `${body}\n//# sourceURL=${SOURCE_NAME}`) as Run;
}
