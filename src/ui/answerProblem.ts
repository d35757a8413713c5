/** How the UI names an answer the engine refused: not valid JSON (malformed, empty), or valid JSON nested too deeply. */
import type { Role } from '../engine/contract/catalog.ts';
import type { ErrorInfo } from '../engine/report.ts';

/** The engine's message for valid JSON past MAX_ANSWER_DEPTH (src/engine/answer.ts); every other refusal is a parse error. */
const TOO_DEEP = /nests deeper than \d+ levels/;

/** "the answer is not valid JSON", "the arguments nest too deeply", …: a clause, lower-case. */
export function answerProblem(role: Role, error: ErrorInfo): string {
  const plural = role !== 'output';
  const subject = plural ? 'the arguments' : 'the answer';
  return TOO_DEEP.test(error.message) ? `${subject} ${plural ? 'nest' : 'nests'} too deeply` : `${subject} ${plural ? 'are' : 'is'} not valid JSON`;
}

/** The clause as a sentence's start: "The answer is not valid JSON". */
export function capitalized(clause: string): string {
  return clause.charAt(0).toUpperCase() + clause.slice(1);
}
