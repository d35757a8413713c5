/**
 * A real dynamic import (`import(…)`, `import.meta`) in the user's source, found by the load phase's tokenizer
 * (scan.ts: strings, templates, regular expressions and comments are skipped, so text there is never taken for one).
 * The playground runs the schema without network or module access: such an import is refused before any of the
 * code runs, in the same words in the browser and the CLI, at the `import` keyword. Code that builds an import at
 * run time (`new Function` on a string) is stopped by the host instead (docs/security.md).
 */
import { positionOf } from '../answer.ts';
import type { ErrorInfo } from '../report.ts';
import { tokenize, type Token } from './scan.ts';

/** What a dynamic import gets. */
export const DYNAMIC_IMPORT_REFUSED =
  'Dynamic import is not available: the playground runs your schema without network or module access. Import zod at the top of the file.';

/** The refusal with the position of the first dynamic import in `source`, or null when it has none. */
export function dynamicImportIn(source: string): ErrorInfo | null {
  const tokens = tokenize(source);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== 'name' || t.text !== 'import') continue;
    const before = tokens[k - 1]?.text;
    const after = tokens[k + 1]?.text;
    // `x.import(…)` and `x?.import(…)` are a property; `{ import() {} }` a method named import.
    if (before === '.' || (after !== '(' && after !== '.') || isMethod(tokens, k)) continue;
    return { message: DYNAMIC_IMPORT_REFUSED, ...positionOf(source, t.start) };
  }
  return null;
}

/** Whether `import(` at `k` is a method definition: its parameter list is followed by a body. */
function isMethod(tokens: readonly Token[], k: number): boolean {
  const open = tokens[k + 1] as Token;
  for (let j = k + 2; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.text === ')' && t.depth === open.depth) return tokens[j + 1]?.text === '{' && ['{', ',', ';', '}', 'static', 'async', '*', 'get', 'set'].includes(tokens[k - 1]?.text ?? '{');
  }
  return false;
}
