/** FrontMCP's undeclared-keys policies (FrontMCP PR #981): their messages and the path they share. */
import type { PolicyId } from '../contract/catalog.ts';
import type { LoadedCase, Shipment } from '../types.ts';
import { INVALID_OUTPUT_MESSAGE, type Analysis } from './analysis.ts';
import { rejected } from './shipment.ts';

/** What FrontMCP's clients see when it refuses an answer (`InvalidOutputError.getPublicMessage()`). */
export const PUBLIC_INVALID_OUTPUT = 'Output validation failed. Please contact support.';

/** The `warn` policy's log line (FrontMCP PR #981, verbatim). */
export function warnLog(tool: string, keys: readonly string[]): string {
  return `Tool "${tool}" answered with keys its outputSchema does not declare, so they were stripped: ${keys.join(', ')}.`;
}

/** A refused answer as the playground shows it: code, internal message, and what clients see. */
export function invalidOutput(internal: string): string {
  return `INVALID_OUTPUT: ${internal} (clients see: ${PUBLIC_INVALID_OUTPUT})`;
}

/** FrontMCP's internal message for undeclared keys it refuses (`fail`) or cannot put back (`keep`). */
export function undeclaredKeysMessage(keys: readonly string[]): string {
  return `${INVALID_OUTPUT_MESSAGE}: undeclared keys: ${keys.join(', ')}`;
}

/** Logged by `warn`, `keep` and `fail` when part of the answer passes through a transform: keys there are always stripped. */
export function transformNote(tool: string, policy: PolicyId): string {
  return `Tool "${tool}": part of its answer passes through a transform in its outputSchema, so undeclared keys there are always stripped and the ${policy} policy does not apply to them.`;
}

/** What a FrontMCP policy does with a parsed answer: the analysis, and the parsed value itself. */
export type Apply = (a: Analysis, data: unknown) => Shipment;

/**
 * FrontMCP's common path: a rejected answer is INVALID_OUTPUT; otherwise the policy acts on the undeclared keys found.
 * Keys below a transform cannot be compared and are always stripped: `warn`, `keep` and `fail` say so when the answer
 * has an object or array there.
 */
export function frontmcp(loaded: LoadedCase, a: Analysis, policy: PolicyId, apply: Apply): Shipment {
  if (!a.parsed.ok) return rejected(invalidOutput(a.parsed.frontmcp), a);
  const shipment = apply(a, a.parsed.data);
  if (a.below.size === 0 || policy === 'strip') return shipment;
  const note = transformNote(loaded.tool, policy);
  return { ...shipment, log: shipment.log === null ? note : `${shipment.log} ${note}` };
}
