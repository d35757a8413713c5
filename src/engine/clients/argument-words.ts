/**
 * The input role's verdict words. Neither published client validates call arguments: in the input role a verdict is
 * the playground running the client's validator on the listed inputSchema and the arguments, so it names those, not
 * the output-schema check the same validator makes in `callTool` (whose words stay as the client says them). Ajv's or
 * @cfworker/json-schema's own account after the colon is kept as is.
 */
import type { Verdict } from '../report.ts';
import type { Role } from '../contract/catalog.ts';

/** What each client says of a structuredContent, and what the input role says instead. */
const REWORDED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:MCP error -?\d+: )?Structured content does not match the tool's output schema: /, "The arguments do not match the tool's inputSchema: "],
  [/^(?:MCP error -?\d+: )?Failed to validate structured content: /, 'The arguments could not be validated against the inputSchema: '],
  [/^(Tool '.*' has an invalid )outputSchema: /s, '$1inputSchema: '],
];

/** The verdict in the words of `role`: unchanged for the output role and for a verdict without a message. */
export function verdictInRole(verdict: Verdict, role: Role): Verdict {
  if (role === 'output' || verdict.message === null) return verdict;
  const message = verdict.message;
  for (const [said, instead] of REWORDED) if (said.test(message)) return { ...verdict, message: message.replace(said, instead) };
  return verdict;
}
