/** Instrument: wraps the transpiled code in a function body that returns its top-level values and final expression. */
import { positionOf } from '../answer.ts';
import { registrationsIn, type Registrations } from './register.ts';
import { finalExpression, tokenize, topLevelBindings } from './scan.ts';
import { SOURCE_NAME } from './step.ts';

/** Text added before the transpiled code on its first line, and before a captured final expression. */
export const HEAD = 'return (function () {';
export const CAPTURE = 'return { last: (';

/** A function body to run, and where (in the transpiled code) a captured final expression starts. */
export interface Program {
  body: string;
  capture: { line: number; column: number } | null;
  /** The code registers tools (register.ts): the free receiver names it takes as parameters, and whether `this` is one. */
  registrations: Registrations | null;
}

/** What a program's function takes: `z` is in scope for schemas that use it without importing it. */
export type Run = (require: (name: unknown) => unknown, exports: object, module: { exports: unknown }, z: unknown, ...free: unknown[]) => unknown;

/** Wraps the transpiled code so that it returns its top-level values; the user's own names may shadow the parameters. */
export function instrument(code: string): Program {
  const tokens = tokenize(code);
  const names = topLevelBindings(tokens);
  const getters = names.map((n) => `[${JSON.stringify(n)}, () => ${n}]`).join(', ');
  const final = finalExpression(code, tokens);
  const registrations = registrationsIn(code, tokens, names);
  const tail = `bindings: [${getters}] };\n})${callOf(registrations)};`;
  if (!final) return { body: `${HEAD}${code}\n;return { ${tail}`, capture: null, registrations };
  const at = positionOf(code, final.start);
  return { body: `${HEAD}${code.slice(0, final.start)}${CAPTURE}${final.text}\n), ${tail}`, capture: at, registrations };
}

/** The code wrapped so that it runs and returns no values: for when the scan misread it. */
export function uninstrumented(code: string, registrations: Registrations | null = null): Program {
  return { body: `${HEAD}${code}\n;return { bindings: [] };\n})${callOf(registrations)};`, capture: null, registrations };
}

/** How the wrapper is called: with the function's own `this` (a capturing server) when the code registers on `this`. */
function callOf(registrations: Registrations | null): string {
  return registrations?.usesThis ? '.call(this)' : '()';
}

/**
 * A function with the program's parameters (and `free`, the receiver names a registration paste uses without declaring
 * them) and this body, named SOURCE_NAME in stack traces. Throws a SyntaxError.
 */
export function compile(body: string, free: readonly string[] = []): Run {
  return new Function('require', 'exports', 'module', 'z', ...free, `${body}\n//# sourceURL=${SOURCE_NAME}`) as Run;
}
