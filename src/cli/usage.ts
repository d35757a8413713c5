/** The clients `evaluate --client` runs beside the Report (src/cli/python-sdk.ts). */
export const EVALUATE_CLIENTS = ['python-sdk'] as const;
export type EvaluateClient = (typeof EVALUATE_CLIENTS)[number];

/** `evaluate`'s usage: here, apart from evaluate.ts, so `help evaluate` prints it without loading the engine. */
export const EVALUATE_USAGE = [
  'usage: mcp-schema-playground evaluate <case.json | -> [--zod <version>] [--sdk <version>] [--server <version>] [--answer-form structuredContent|result] [--protocol 2025-11-25|2026-07-28] [--tool <name>] [--expanded] [--client python-sdk]',
  '  reads a case {"v":1,"role","tool","schema","answer","versions"?,"answerForm"?,"protocol"?} (- for standard input)',
  '  and prints its Report as JSON; the flags override the file',
  '  --tool <name>          the tool to check, e.g. one of several a pasted registration registers (overrides the file\'s "tool")',
  '  --expanded             print each row with its value (the v1 report) instead of rows pointing into `values`',
  '  --client python-sdk    also run the real Python `mcp` ClientSession on what each server lists and ships; prints',
  '                         {"report": <the Report>, "clients": {"python-sdk": {versions, converters}}} (needs Python >= 3.10 with `mcp`;',
  '                         without them: "python-sdk: not run: ..." on stderr and the same exit code)',
  'in a clone: `npm run -s evaluate -- <case.json | ->` (-s: npm prints no banner of its own on stdout, so stdout is the JSON alone)',
  'exit: 0 evaluated (a schema or answer the engine cannot use is in the Report), 2 no case to evaluate',
].join('\n');
