/** `evaluate`'s usage: here, apart from evaluate.ts, so `help evaluate` prints it without loading the engine. */
export const EVALUATE_USAGE = [
  'usage: mcp-schema-playground evaluate <case.json | -> [--zod <version>] [--sdk <version>] [--server <version>] [--answer-form structuredContent|result] [--protocol 2025-11-25|2026-07-28] [--tool <name>] [--expanded]',
  '  reads a case {"v":1,"role","tool","schema","answer","versions"?,"answerForm"?,"protocol"?} (- for standard input)',
  '  and prints its Report as JSON; the flags override the file',
  '  --tool <name>          the tool to check, e.g. one of several a pasted registration registers (overrides the file\'s "tool")',
  '  --expanded             print each row with its value (the v1 report) instead of rows pointing into `values`',
  'in a clone: `npm run -s evaluate -- <case.json | ->` (-s: npm prints no banner of its own on stdout, so stdout is the JSON alone)',
  'exit: 0 evaluated (a schema or answer the engine cannot use is in the Report), 2 no case to evaluate',
].join('\n');
