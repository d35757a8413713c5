/** `keep`: FrontMCP puts the undeclared keys back into the parsed answer and lists an opened schema. */
import { findDroppedKeys, putBackUndeclaredKeys } from '../lib/undeclared.ts';
import type { Policy } from '../types.ts';
import { parsedWire, wireOf } from './analysis.ts';
import { frontmcp, invalidOutput, undeclaredKeysMessage } from './frontmcp.ts';
import { refusal, shipped } from './shipment.ts';

/** FrontMCP's pass-through policy. */
export const keep: Policy<'keep'> = {
  id: 'keep',
  opensListing: true,
  shipsRaw: false,
  ship: (loaded, answer, analysis) =>
    frontmcp(loaded, analysis, 'keep', (a, data) => {
      if (a.undeclared.length === 0) return shipped(parsedWire(a, answer), [], null);
      const { merged, complete } = putBackUndeclaredKeys(answer, data, a.below);
      // A key whose object the schema coerced to a primitive has nowhere to go back to.
      const lost = complete ? [] : findDroppedKeys(answer, merged, a.below);
      if (lost.length > 0) return { ...refusal(invalidOutput(undeclaredKeysMessage(lost))), undeclared: a.undeclared };
      return shipped(wireOf(merged, answer), a.undeclared, null);
    }),
};
